// Fails on an import cycle between folders: `node scripts/run-ts.js scripts/check-folder-cycles.ts
// [scope…]` (part of `npm run lint:deps` and of `npm test`'s static checks). A scope is a key of
// SCOPES in scripts/folder-cycles.ts: `libs` (libs/<lib>/src/<folder>), `apps` (apps/api/src/<area>);
// without one, every scope is checked. Cycles between files are dependency-cruiser's `no-circular`.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { CruisedModule, folderCycles, folderGraph, SCOPES } from './folder-cycles';

const ROOT = path.resolve(__dirname, '..');

const names = process.argv.slice(2);
const unknown = names.filter((name) => !Object.hasOwn(SCOPES, name));
if (unknown.length > 0) throw new Error(`unknown scope ${unknown.join(', ')}: use ${Object.keys(SCOPES).join(', ')}`);
const scopes = (names.length > 0 ? names : Object.keys(SCOPES)).map((name) => SCOPES[name]);

const output = execFileSync(
  path.join(ROOT, 'node_modules', '.bin', 'depcruise'),
  [...scopes.map((scope) => scope.directory), '--config', '.dependency-cruiser.js', '--output-type', 'json'],
  { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 },
);
const { modules } = JSON.parse(output.toString('utf8')) as { modules: CruisedModule[] };
const graph = folderGraph(modules, scopes);
const cycles = folderCycles(graph);

for (const { folders, cycle, imports } of cycles) {
  console.error(`✘ folders that import each other: ${folders.join(', ')}`);
  console.error(`  one cycle: ${cycle.join(' → ')}`);
  for (const line of imports) console.error(`    ${line}`);
  // Every import between the knot's folders, to show where it can be cut.
  const members = new Set(folders);
  for (const from of folders)
    for (const [to, example] of graph.get(from) ?? []) if (members.has(to)) console.error(`  ${from} → ${to}  (e.g. ${example})`);
}
if (cycles.length > 0) {
  console.error(`${cycles.length} folder cycle(s): a folder's files may import another folder only where that folder never imports back.`);
  process.exit(1);
}
console.log(`✔ no folder cycles (${graph.size} folders in ${scopes.map((scope) => scope.directory).join(', ')})`);
