'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { run, tryRun } = require('./run');
const { step, withHeartbeat, fail } = require('./log');
const { ROOT } = require('./dependencies');

const VERSION = 'v1.5.1';
const TOOLS_BIN = path.join(ROOT, '.tools', 'bin');
const LOCAL_CLI = path.join(TOOLS_BIN, 'temporal');
// `go install` builds carry no version string, so the build writes down which version it built.
const LOCAL_MARKER = path.join(TOOLS_BIN, 'temporal.version');

async function onPath() {
  const result = await tryRun('temporal', ['--version']);
  return result.ok && result.output.includes(VERSION.slice(1)) ? 'temporal' : null;
}

function localBuild() {
  const ok = fs.existsSync(LOCAL_CLI) && fs.existsSync(LOCAL_MARKER) && fs.readFileSync(LOCAL_MARKER, 'utf8').trim() === VERSION;
  return ok ? LOCAL_CLI : null;
}

/** The Temporal CLI of the pinned version: $TEMPORAL_CLI, on PATH, in .tools/bin, or built once with Go. */
async function ensureTemporalCli() {
  const found = process.env.TEMPORAL_CLI || (await onPath()) || localBuild();
  if (found) {
    step(`Temporal CLI: ${found}`);
    return found;
  }
  const go = await tryRun('go', ['version']);
  if (!go.ok) {
    fail(
      `the Temporal CLI ${VERSION} is missing and Go is not installed to build it.\n` +
        `Install Go (https://go.dev/dl or 'apt-get install golang-go'), or put temporal ${VERSION} on PATH, or set TEMPORAL_CLI=/path/to/temporal.`,
    );
  }
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  await withHeartbeat(
    `Temporal CLI: building ${VERSION} with ${go.output.trim()} into .tools/bin (once; takes a few minutes)`,
    run('go', ['install', `github.com/temporalio/cli/cmd/temporal@${VERSION}`], {
      env: { ...process.env, GOBIN: TOOLS_BIN, CGO_ENABLED: '0' },
      quiet: true,
    }).catch((err) => fail(`building the Temporal CLI failed:\n${err.message}`)),
  );
  fs.writeFileSync(LOCAL_MARKER, `${VERSION}\n`);
  step(`Temporal CLI: built ${LOCAL_CLI}`);
  return LOCAL_CLI;
}

module.exports = { ensureTemporalCli, TEMPORAL_CLI_VERSION: VERSION };
