'use strict';
// Runs a TypeScript entry point without a build step (operator CLI, benchmarks, samples).
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');

async function main() {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry) throw new Error('usage: node scripts/run-ts.js <file.ts> [args…]');
  if (!fs.existsSync(path.join(ROOT, 'node_modules', '.package-lock.json'))) await require('./lib/dependencies').ensureNodeModules();
  require('./lib/typescript-hook').registerTypeScript();
  // Resolves the @astro/<name> library aliases of tsconfig.json's `paths`.
  const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8'));
  require('tsconfig-paths').register({ baseUrl: ROOT, paths: compilerOptions.paths });
  process.argv = [process.argv[0], entry, ...args];
  require(path.resolve(entry));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
