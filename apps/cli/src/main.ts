import 'reflect-metadata';
import { commandNamed, usage } from './commands';
import { parseFlags } from './flags';

/**
 * The operator CLI: `npm run cli -- <command> [--flag value]`; each command is a module in ./commands.
 * The help needs no library; a command loads the database library and its own module only.
 */
async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === 'help' || name === '--help') {
    console.log(usage());
    return;
  }
  // Commands about one job take its id first: `jobs:show job_…`.
  const positional = rest.length > 0 && !rest[0].startsWith('--') ? [rest[0]] : [];
  const flags = parseFlags(rest.slice(positional.length));
  const command = commandNamed(name);
  if (!command) throw new Error(`unknown command "${name}"\n\n${usage()}`);
  const [{ loadConfig }, { Database }, { run }] = await Promise.all([import('@astro/config'), import('@astro/database'), command.load()]);
  // Operator commands (migrations, projection rebuilds) use the administrative connection.
  const db = await Database.connect(loadConfig().databaseAdminUrl, { poolSize: 2, applicationName: 'astro-cli' });
  try {
    await run({ db, flags, positional });
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
