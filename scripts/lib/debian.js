'use strict';
const { run, tryRun } = require('./run');
const { step, withHeartbeat, fail } = require('./log');

/**
 * Installs Debian packages whose commands are missing (as root, through apt-get), e.g.
 * { swetest: 'swetest' }: command name → package name.
 */
async function ensureDebianPackages(commandToPackage) {
  const missing = [];
  for (const [command, pkg] of Object.entries(commandToPackage)) {
    if (!(await tryRun('sh', ['-c', `command -v ${command}`])).ok) missing.push(pkg);
  }
  if (missing.length === 0) {
    step(`Debian packages: ${Object.values(commandToPackage).join(', ')} present`);
    return;
  }
  const root = process.getuid?.() === 0;
  if (!root || !(await tryRun('sh', ['-c', 'command -v apt-get'])).ok) {
    fail(`missing: ${missing.join(', ')}. Install them (e.g. sudo apt-get install -y ${missing.join(' ')}) and run again.`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await withHeartbeat(`Debian packages: installing ${missing.join(', ')} (apt-get)`, (async () => {
    await run('apt-get', ['update', '-qq'], { env, quiet: true });
    await run('apt-get', ['install', '-y', '-qq', ...missing], { env, quiet: true });
  })());
}

module.exports = { ensureDebianPackages };
