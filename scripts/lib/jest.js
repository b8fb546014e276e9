'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./dependencies');
const { run } = require('./run');

const RESULTS_FILE = path.join(ROOT, 'var', 'jest-results.json');

/**
 * Runs jest with `args` and ends with one plain line that CI and people can read: counts of
 * passed, failed and skipped tests. Answers the exit code: 1 when a test failed, a suite could not
 * run, or no test ran at all.
 */
async function runJest(args, env = process.env) {
  fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  fs.rmSync(RESULTS_FILE, { force: true });
  let code = 0;
  try {
    await run(path.join(ROOT, 'node_modules', '.bin', 'jest'), ['--json', `--outputFile=${RESULTS_FILE}`, ...args], { cwd: ROOT, env });
  } catch (err) {
    console.error(err.message.split('\n')[0]);
    code = 1;
  }
  if (!fs.existsSync(RESULTS_FILE)) return 1;
  const r = JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8'));
  const failed = r.numFailedTests + r.numRuntimeErrorTestSuites;
  console.log(`\ntests: ${r.numPassedTests} passed, ${failed} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  if (r.numTotalTests === 0) {
    console.error('no test ran');
    return 1;
  }
  return code;
}

module.exports = { runJest };
