/** The command line's `--name value` flags; parsing them loads no library (the help starts at once). */
export type Flags = Record<string, string>;

/** `--name value` pairs; anything else is refused. */
export function parseFlags(args: string[]): Flags {
  const result: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument "${arg}"`);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
    result[arg.slice(2)] = value;
    i++;
  }
  return result;
}

export function jobIdArgument(positional: string[]): string {
  const jobId = positional[0];
  if (!jobId || !/^(job|vrj)_[a-f0-9]{24}$/.test(jobId)) throw new Error('give the job id: job_… or vrj_… (24 hex characters)');
  return jobId;
}

export function required(f: Flags, name: string): string {
  if (!f[name]) throw new Error(`--${name} is required`);
  return f[name];
}

export function positiveInt(value: string, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive whole number`);
  return n;
}
