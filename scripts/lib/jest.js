'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./dependencies');
const { run } = require('./run');

const RESULTS_FILE = path.join(ROOT, 'var', 'jest-results.json');

/**
 * Runs jest with `args` and ends with one plain line that CI and people can read: counts of
 * passed, failed and skipped tests. Answers the exit code: 1 when a test failed, a suite could not
 * run, or no test ran at all. `resultsFile` tells apart the results of two runs of one `npm test`.
 */
async function runJest(args, env = process.env, resultsFile = RESULTS_FILE) {
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.rmSync(resultsFile, { force: true });
  let code = 0;
  try {
    await run(path.join(ROOT, 'node_modules', '.bin', 'jest'), ['--json', `--outputFile=${resultsFile}`, ...args], { cwd: ROOT, env });
  } catch (err) {
    console.error(err.message.split('\n')[0]);
    code = 1;
  }
  if (!fs.existsSync(resultsFile)) return 1;
  const r = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  printCounts([r]);
  if (r.numTotalTests === 0) {
    console.error('no test ran');
    return 1;
  }
  return code;
}

/** The plain line of counts, over one jest run's results or several. */
function printCounts(results) {
  const sum = (count) => results.reduce((total, r) => total + count(r), 0);
  const failed = sum((r) => r.numFailedTests + r.numRuntimeErrorTestSuites);
  console.log(
    `\ntests: ${sum((r) => r.numPassedTests)} passed, ${failed} failed, ${sum((r) => r.numPendingTests + r.numTodoTests)} skipped`,
  );
}

/**
 * Every test of both projects: first all but the timing-sensitive files, in parallel; then those
 * files one at a time with nothing else running (scripts/lib/measured-alone.js). Answers 1 when
 * either run failed.
 */
async function runAllJest(env) {
  const { MEASURED_ALONE } = require('./measured-alone');
  const { step } = require('./log');
  const parallel = await runJest([], { ...env, JEST_LEAVE_OUT_MEASURED_ALONE: '1' });
  step(`running jest: ${MEASURED_ALONE.join(', ')} alone (it measures latency; nothing else may run beside it)`);
  const aloneResults = path.join(ROOT, 'var', 'jest-results-measured-alone.json');
  const alone = await runJest(['--runInBand', ...MEASURED_ALONE], env, aloneResults);
  const results = [RESULTS_FILE, aloneResults].filter((file) => fs.existsSync(file));
  if (results.length === 2) printCounts(results.map((file) => JSON.parse(fs.readFileSync(file, 'utf8'))));
  return parallel || alone;
}

module.exports = { runJest, runAllJest };
