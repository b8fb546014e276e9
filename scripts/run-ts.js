'use strict';
// Runs a TypeScript entry point without a build step (operator CLI, benchmarks).
const path = require('node:path');
const { ensureNodeModules } = require('./lib/dependencies');

async function main() {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) throw new Error('usage: node scripts/run-ts.js <file.ts> [args…]');
  if (!require('node:fs').existsSync(path.join(__dirname, '..', 'node_modules', '.package-lock.json'))) await ensureNodeModules();
  const project = path.join(__dirname, '..', 'tsconfig.json');
  require('ts-node').register({ transpileOnly: true, project });
  // Resolves the @astro/<name> library aliases of tsconfig.json's `paths`.
  require('tsconfig-paths').register({ baseUrl: path.join(__dirname, '..'), paths: require(project).compilerOptions.paths });
  process.argv = [process.argv[0], entry, ...args];
  require(path.resolve(entry));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
