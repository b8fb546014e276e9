import { Database } from '@astro/database';
import { Flags } from './flags';

/** What a command gets: the administrative database connection, its --flags and its positional argument. */
export interface CommandContext {
  db: Database;
  flags: Flags;
  /** the first argument when it is not a flag (the job id of `jobs:show job_…`) */
  positional: string[];
}

/** One operator command: its name, its arguments and summary as the help shows them, and what it does. */
export interface Command {
  name: string;
  /** the arguments after the name in the help, e.g. `--account ID [--limit N]` */
  usage?: string;
  /** the help text; a line break continues it under the first line */
  summary: string;
  run(context: CommandContext): Promise<void>;
}
