import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import type { ProseSample } from '@astro/text';

const SCRIPT = path.resolve(__dirname, '../../scripts/prose-check.mjs');

/**
 * The issues scripts/prose-check.mjs finds in generated texts (docs/content.md, "The prose
 * check"): the same rules CI runs on the content files, for tests of the code that assembles text.
 * Each issue is `key: message`; none means the texts pass. It runs the script in a child process,
 * which is why it lives with the tests and not in a library.
 */
export function proseIssues(samples: ProseSample[]): string[] {
  const out = execFileSync(process.execPath, [SCRIPT, '--stdin'], { input: JSON.stringify({ samples }), maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.toString('utf8')) as string[];
}
