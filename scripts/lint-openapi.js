'use strict';
// `npm run lint:openapi`: writes the OpenAPI document the API serves to var/openapi.json and lints it
// with Redocly CLI (redocly.yaml: the recommended rules). Any problem, warning or error, fails: a
// generated SDK is only as good as the document.
const path = require('node:path');
const { run, tryRun } = require('./lib/run');

const ROOT = path.resolve(__dirname, '..');
const DOCUMENT = path.join(ROOT, 'var', 'openapi.json');

async function lintOpenApi() {
  await run(process.execPath, [path.join(__dirname, 'run-ts.js'), 'scripts/write-openapi.ts', DOCUMENT], { cwd: ROOT, quiet: true });
  const redocly = path.join(ROOT, 'node_modules', '.bin', 'redocly');
  const result = await tryRun(redocly, ['lint', DOCUMENT, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'stylish'], {
    cwd: ROOT,
  });
  const problems = result.output.split('\n').filter((line) => /\b(error|warning)\b/.test(line) && !/Deprecation warning/.test(line));
  if (!result.ok || problems.length > 0) {
    console.error(problems.join('\n') || result.output);
    throw new Error(`the OpenAPI document has lint problems (Redocly; ${DOCUMENT} is the linted file)`);
  }
  console.log('OpenAPI document: Redocly lint clean (no errors, no warnings)');
}

module.exports = { lintOpenApi };

if (require.main === module) {
  lintOpenApi().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
