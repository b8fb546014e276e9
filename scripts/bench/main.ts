import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * `npm run bench -- <name>` runs scripts/bench/<name>.bench.ts, whose default export is an async
 * function that prints its figures (a table to paste into docs/benchmarks.md).
 */
function available(): string[] {
  return fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .map((f) => f.replace(/\.bench\.ts$/, ''))
    .sort();
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !available().includes(name)) {
    console.error(`usage: npm run bench -- <name>   (benchmarks: ${available().join(', ')})`);
    process.exit(2);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const benchmark: { default: () => Promise<void> } = require(path.join(__dirname, `${name}.bench.ts`));
  await benchmark.default();
}

main().catch((err) => {
  console.error(`benchmark failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
