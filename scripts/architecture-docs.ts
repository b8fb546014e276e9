// Keeps docs/architecture.md true to the code: the "may import" column of its library table is what
// each library's non-test code imports, as dependency-cruiser resolves it, and the program count is
// the number of apps/. `node scripts/run-ts.js scripts/write-architecture-table.ts` rewrites the
// page; test/architecture-docs.test.ts fails when the page on disk differs from what it would write.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
export const ARCHITECTURE_PAGE = path.join(ROOT, 'docs', 'architecture.md');
const TABLE_HEADER = '| library | owns | may import |';
const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** The libraries (libs/<name>) and programs (apps/<name>) of the repository. */
export const directoriesIn = (folder: string): string[] =>
  fs
    .readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();

interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

/** For each library, the other libraries its non-test source files import (dependency-cruiser's resolution). */
export function libraryImports(): Map<string, Set<string>> {
  const output = execFileSync(
    path.join(ROOT, 'node_modules', '.bin', 'depcruise'),
    ['libs', '--config', '.dependency-cruiser.js', '--output-type', 'json'],
    { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 },
  );
  const { modules } = JSON.parse(output.toString('utf8')) as { modules: CruisedModule[] };
  const libraryOf = (file: string) => /^libs\/([^/]+)\//.exec(file)?.[1];
  const imports = new Map<string, Set<string>>(directoriesIn('libs').map((name) => [name, new Set<string>()]));
  for (const module of modules) {
    const from = libraryOf(module.source);
    if (!from || /\.test\.ts$/.test(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = libraryOf(dependency.resolved);
      if (to && to !== from) imports.get(from)?.add(to);
    }
  }
  return imports;
}

/**
 * The page with its table's "may import" cells and its program count rewritten. The "owns" cells
 * are prose and stay as written; a library without a row, or a row without a library, is an error
 * (a person writes what the new library owns).
 */
export function updatedArchitecturePage(page: string, imports: Map<string, Set<string>>, programs: string[]): string {
  const lines = page.split('\n');
  const start = lines.indexOf(TABLE_HEADER);
  if (start < 0) throw new Error(`docs/architecture.md has no table headed "${TABLE_HEADER}"`);
  let end = start + 2;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  const rows = lines.slice(start + 2, end).map((line) => {
    const match = /^\| `([^`]+)` \| (.*) \| [^|]* \|$/.exec(line);
    if (!match) throw new Error(`docs/architecture.md: a library row that is not "| \`name\` | owns | may import |": ${line}`);
    return { name: match[1], owns: match[2] };
  });
  const named = new Set(rows.map((r) => r.name));
  const missing = [...imports.keys()].filter((name) => !named.has(name));
  const stale = rows.filter((r) => !imports.has(r.name)).map((r) => r.name);
  if (missing.length > 0) throw new Error(`docs/architecture.md: write a row for ${missing.join(', ')} (what it owns)`);
  if (stale.length > 0) throw new Error(`docs/architecture.md: no library ${stale.join(', ')} in libs/`);
  // Imports are listed in the table's own order: roughly bottom layer first.
  const order = rows.map((r) => r.name);
  const table = rows.map(({ name, owns }) => {
    const used = order.filter((other) => imports.get(name)!.has(other));
    return `| \`${name}\` | ${owns} | ${used.length > 0 ? used.join(', ') : '—'} |`;
  });
  const count = NUMBER_WORDS[programs.length] ?? String(programs.length);
  return [...lines.slice(0, start + 2), ...table, ...lines.slice(end)]
    .join('\n')
    .replace(/one repository with \w+ programs \(`apps\/`\)/, `one repository with ${count} programs (\`apps/\`)`);
}
