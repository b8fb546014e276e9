'use strict';
const { spawn } = require('node:child_process');

/** Runs a command to completion, its output shown; rejects with the exit code otherwise. */
function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: options.quiet ? 'pipe' : 'inherit', ...options });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code ?? signal}\n${output.slice(-4000)}`)),
    );
  });
}

/** Like run, but answers with the output and never rejects: { ok, output }. */
async function tryRun(command, args, options = {}) {
  try {
    return { ok: true, output: await run(command, args, { ...options, quiet: true }) };
  } catch (err) {
    return { ok: false, output: String(err.message) };
  }
}

module.exports = { run, tryRun };
