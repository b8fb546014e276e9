import 'reflect-metadata';
import { loadConfig } from '@astro/config';
import { Database } from '@astro/database';
import { commandNamed, usage } from './commands';
import { parseFlags } from './flags';

/** The operator CLI: `npm run cli -- <command> [--flag value]`; each command is a module in ./commands. */
async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  if (!name || name === 'help' || name === '--help') {
    console.log(usage());
    return;
  }
  // Commands about one job take its id first: `jobs:show job_…`.
  const positional = rest.length > 0 && !rest[0].startsWith('--') ? [rest[0]] : [];
  const flags = parseFlags(rest.slice(positional.length));
  // Operator commands (migrations, projection rebuilds) use the administrative connection.
  const db = await Database.connect(loadConfig().databaseAdminUrl, { poolSize: 2, applicationName: 'astro-cli' });
  try {
    const command = commandNamed(name);
    if (!command) throw new Error(`unknown command "${name}"\n\n${usage()}`);
    await command.run({ db, flags, positional });
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(`error: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
