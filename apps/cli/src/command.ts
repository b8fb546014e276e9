import type { Database } from '@astro/database';
import type { Flags } from './flags';

/** What a command gets: the administrative database connection, its --flags and its positional argument. */
export interface CommandContext {
  db: Database;
  flags: Flags;
  /** the first argument when it is not a flag (the job id of `jobs:show job_…`) */
  positional: string[];
}

/** A command's module: what the command does. */
export interface CommandModule {
  run(context: CommandContext): Promise<void>;
}

/**
 * One operator command: its name, its arguments and summary as the help shows them, and its module,
 * loaded only when the command runs (the help and the other commands never load its libraries).
 */
export interface Command {
  name: string;
  /** the arguments after the name in the help, e.g. `--account ID [--limit N]` */
  usage?: string;
  /** the help text; a line break continues it under the first line */
  summary: string;
  load(): Promise<CommandModule>;
}
