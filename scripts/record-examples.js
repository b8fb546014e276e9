'use strict';
// `npm run examples:record [-- <test files>]`: runs the integration tests with example recording on,
// then folds the recorded calls into libs/contracts/src/examples/operations.json, the request and
// response examples of the OpenAPI document. Every example is a real call of a real test (the
// fuzzer's generated requests excepted: they are valid but not what a reader should copy).
// Without test files it records from the whole suite; with them, it adds to (and replaces the
// operations of) the existing file, so one new endpoint's test is enough to record its examples.
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { lintOpenApi } = require('./lint-openapi');

const ROOT = path.resolve(__dirname, '..');
const OUTPUT = path.join(ROOT, 'libs/contracts/src/examples/operations.json');
const RECORDINGS = path.join(ROOT, 'var/openapi-examples');
/** Arrays longer than this are cut in examples: a reader needs the shape, not 78 tarot cards. */
const MAX_ITEMS = 16;
const SECRET_PREFIX = /^(ak_live_|ak_test_|ok_live_|whsec_|ses_)/;

/** Secrets and machine-local details of a test run, replaced by stable placeholders. */
function redact(value, key = '') {
  if (typeof value === 'string') {
    if (SECRET_PREFIX.test(value) || /^(token|secret|api_key)$/.test(key)) {
      return `${SECRET_PREFIX.exec(value)?.[1] ?? ''}EXAMPLE0example0EXAMPLE0example0`;
    }
    return value
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'https://api.example.com')
      .replace(/([?&](?:sig|signature|X-Amz-Signature|X-Amz-Credential)=)[^&"]+/g, '$1EXAMPLE');
  }
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => redact(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redact(v, k)]));
  return value;
}

async function main() {
  // `--fold`: only fold the recordings of the last run into the file again (e.g. after changing the redaction), adding to it.
  const foldOnly = process.argv[2] === '--fold';
  const testFiles = foldOnly ? [] : process.argv.slice(2);
  let status = 0;
  if (!foldOnly) {
    fs.rmSync(RECORDINGS, { recursive: true, force: true });
    console.log(
      `recording real calls of ${testFiles.length > 0 ? testFiles.join(', ') : 'every integration test'} into ${path.relative(ROOT, RECORDINGS)}`,
    );
    const run = spawnSync(
      process.execPath,
      [path.join(__dirname, 'test.js'), ...(testFiles.length > 0 ? testFiles : ['test/']), '--testPathIgnorePatterns', 'fuzz'],
      {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, RECORD_OPENAPI_EXAMPLES: RECORDINGS },
      },
    );
    if (run.status !== 0) console.warn('some tests failed; the calls that succeeded are recorded anyway');
    status = run.status ?? 1;
  }
  const recorded = fs.existsSync(RECORDINGS) ? fs.readdirSync(RECORDINGS).filter((f) => f.endsWith('.json')) : [];
  if (recorded.length === 0) {
    console.error(`no call was recorded (did the tests run?): ${path.relative(ROOT, OUTPUT)} is left as it was`);
    process.exit(1);
  }
  // A run of some test files (or folding the recordings of one) adds to the file; a run of the whole suite replaces it.
  const existing = (testFiles.length > 0 || foldOnly) && fs.existsSync(OUTPUT) ? JSON.parse(fs.readFileSync(OUTPUT, 'utf8')) : {};
  for (const file of recorded) {
    const example = JSON.parse(fs.readFileSync(path.join(RECORDINGS, file), 'utf8'));
    // Header names are kept whole: the list is what the header test compares, not a sample of it.
    const { status, headers, ...response } = example.response;
    existing[example.operationId] = {
      request: redact(example.request),
      response: { status, ...(headers ? { headers } : {}), ...redact(response) },
    };
  }
  const sorted = Object.fromEntries(
    Object.keys(existing)
      .sort()
      .map((id) => [id, existing[id]]),
  );
  fs.writeFileSync(OUTPUT, JSON.stringify(sorted, null, 2) + '\n');
  console.log(`${recorded.length} operations recorded; ${Object.keys(sorted).length} in ${path.relative(ROOT, OUTPUT)}`);
  try {
    await lintOpenApi();
  } catch (err) {
    console.error(err.message);
    status = 1;
  }
  process.exit(status === 0 ? 0 : 1);
}

main();
