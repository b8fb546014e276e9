'use strict';
// Progress output for the setup scripts: one line per step, with elapsed time for slow ones.

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1).padStart(6);

function step(message) {
  console.log(`[${seconds()}s] ${message}`);
}

/** Prints a "still working" line every `everyMs` while `promise` runs. */
async function withHeartbeat(message, promise, everyMs = 15000) {
  step(message);
  const t0 = Date.now();
  const timer = setInterval(() => step(`  … still working (${Math.round((Date.now() - t0) / 1000)} s)`), everyMs);
  try {
    return await promise;
  } finally {
    clearInterval(timer);
  }
}

function fail(message) {
  console.error(`\nsetup failed: ${message}`);
  process.exit(1);
}

module.exports = { step, withHeartbeat, fail };
