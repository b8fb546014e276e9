'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { run } = require('./run');
const { withHeartbeat, step } = require('./log');

const ROOT = path.resolve(__dirname, '..', '..');

/** npm install when node_modules is missing or older than package.json / package-lock.json. */
async function ensureNodeModules() {
  const marker = path.join(ROOT, 'node_modules', '.package-lock.json');
  const newest = ['package.json', 'package-lock.json']
    .map((f) => path.join(ROOT, f))
    .filter((f) => fs.existsSync(f))
    .reduce((t, f) => Math.max(t, fs.statSync(f).mtimeMs), 0);
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= newest) {
    step('npm dependencies: installed');
    return;
  }
  await withHeartbeat(
    'npm dependencies: installing (npm install; the first time builds the Swiss Ephemeris binding (sweph) and argon2, about a minute)',
    run('npm', ['install', '--no-audit', '--no-fund'], { cwd: ROOT }),
  );
}

module.exports = { ROOT, ensureNodeModules };
