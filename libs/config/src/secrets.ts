import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * A secret from the environment, or, on a development installation, one generated once into the
 * installation's state directory (`var/`, mode 0600) and reused by every later start and by every
 * process of that installation. Production must configure it: no secret lives in the source.
 * Several machines share one secret through the environment (or a file on shared storage).
 */
export function installationSecret(options: {
  name: string;
  configured?: string;
  file: string;
  production: boolean;
  bytes?: number;
}): string {
  if (options.configured) return options.configured;
  if (options.production) {
    throw new Error(
      `${options.name} is not set: with NODE_ENV=production every secret must come from the environment (e.g. \`openssl rand -base64 32\`)`,
    );
  }
  if (!fs.existsSync(options.file)) {
    fs.mkdirSync(path.dirname(options.file), { recursive: true });
    try {
      fs.writeFileSync(options.file, randomBytes(options.bytes ?? 32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process wrote it first
    }
  }
  return fs.readFileSync(options.file, 'utf8').trim();
}
