'use strict';
// Lets `require` load the project's TypeScript without a build step, fast: swc strips the types
// (no type-checking here; `tsc --noEmit` in `npm test` does that) and each file's output is cached
// under var/cache/typescript/, so a second start reads JavaScript instead of compiling again.
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
// RUN_TS_CACHE_DIR: another place (the cli-start benchmark times a start with an empty cache).
const CACHE_DIR = process.env.RUN_TS_CACHE_DIR || path.join(ROOT, 'var', 'cache', 'typescript');

let swc = null;
function loadSwc() {
  // @swc/core comes with @temporalio/worker (it bundles workflows with it); loaded only on a cache miss.
  if (!swc) swc = require('@swc/core');
  return swc;
}

/** swc's options equivalent to tsconfig.json's compilerOptions (target ES2022, CommonJS, esModuleInterop, legacy decorators with metadata). */
function swcOptions(filename) {
  return {
    filename,
    swcrc: false,
    configFile: false,
    sourceMaps: 'inline',
    module: { type: 'commonjs', noInterop: false, strictMode: true },
    jsc: {
      target: 'es2022',
      keepClassNames: true,
      parser: { syntax: 'typescript', tsx: false, decorators: true, dynamicImport: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
    },
  };
}

/** The compiler's identity: a new swc or new options make every cached file stale. */
const COMPILER = `swc ${require('@swc/core/package.json').version} ${JSON.stringify(swcOptions(''))}`;

function transpile(source, filename) {
  // One cache file per source path (so the cache does not grow with each edit), stamped with the hash of what made it.
  const stamp = `// ${crypto.createHash('sha256').update(COMPILER).update('\0').update(source).digest('hex')}\n`;
  const cached = path.join(CACHE_DIR, `${crypto.createHash('sha256').update(filename).digest('hex').slice(0, 32)}.js`);
  try {
    const text = fs.readFileSync(cached, 'utf8');
    if (text.startsWith(stamp)) return text.slice(stamp.length);
  } catch {
    // not cached yet
  }
  const { code } = loadSwc().transformSync(source, swcOptions(filename));
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside and renamed: a parallel process reads either the old file or the whole new one.
    const partial = `${cached}.${process.pid}.tmp`;
    fs.writeFileSync(partial, stamp + code);
    fs.renameSync(partial, cached);
  } catch {
    // a read-only checkout still runs, only without the cache
  }
  return code;
}

/**
 * Compiles the project's `.ts` files on `require`. Each output carries its source map inline:
 * `NODE_OPTIONS=--enable-source-maps` makes stack traces point into the TypeScript. Not on by
 * default, because Node then reads the maps of every module loaded, node_modules' too, at start.
 */
function registerTypeScript() {
  const loadJavaScript = Module._extensions['.js'];
  Module._extensions['.ts'] = function compileTypeScript(module, filename) {
    // Like ts-node: a package's own .ts files are not ours to compile.
    if (filename.includes(`${path.sep}node_modules${path.sep}`)) return loadJavaScript(module, filename);
    module._compile(transpile(fs.readFileSync(filename, 'utf8'), filename), filename);
  };
}

module.exports = { registerTypeScript };
