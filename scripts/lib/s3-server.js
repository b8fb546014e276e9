'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { run, tryRun } = require('./run');
const { step, withHeartbeat, fail } = require('./log');
const { ROOT } = require('./dependencies');

// MinIO, the S3-compatible server the S3 artifact-store tests run against, built once from source
// with `go install` (like the Temporal CLI) and cached under .tools/bin.
const MODULE = 'github.com/minio/minio';
const VERSION = process.env.MINIO_VERSION || 'v0.0.0-20260212201848-7aac2a2c5b7c';
const TOOLS_BIN = path.join(ROOT, '.tools', 'bin');
const LOCAL_BINARY = path.join(TOOLS_BIN, 'minio');
const LOCAL_MARKER = path.join(TOOLS_BIN, 'minio.version');

function localBuild() {
  const ok = fs.existsSync(LOCAL_BINARY) && fs.existsSync(LOCAL_MARKER) && fs.readFileSync(LOCAL_MARKER, 'utf8').trim() === VERSION;
  return ok ? LOCAL_BINARY : null;
}

/** The MinIO server binary: $TEST_S3_SERVER, or .tools/bin/minio, or built once with Go. */
async function ensureS3Server() {
  const found = process.env.TEST_S3_SERVER || localBuild();
  if (found) {
    step(`S3 test server (MinIO): ${found}`);
    return found;
  }
  const go = await tryRun('go', ['version']);
  if (!go.ok) fail('the S3 artifact-store tests need MinIO, built with Go: install Go, or set TEST_S3_SERVER=/path/to/minio');
  fs.mkdirSync(TOOLS_BIN, { recursive: true });
  await withHeartbeat(
    `S3 test server: building MinIO ${VERSION} with ${go.output.trim()} into .tools/bin (once; several minutes)`,
    run('go', ['install', `${MODULE}@${VERSION}`], { env: { ...process.env, GOBIN: TOOLS_BIN, CGO_ENABLED: '0' }, quiet: true }).catch(
      (err) => fail(`building MinIO failed:\n${err.message}`),
    ),
  );
  fs.writeFileSync(LOCAL_MARKER, `${VERSION}\n`);
  step(`S3 test server: built ${LOCAL_BINARY}`);
  return LOCAL_BINARY;
}

module.exports = { ensureS3Server };
