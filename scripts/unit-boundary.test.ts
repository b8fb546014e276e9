import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

/**
 * The line between jest.config.js's two projects, checked on every run of the unit project: a unit
 * test imports no database, Temporal, Chromium, Redis or S3 client and no integration helper of
 * test/support, and reads no server address the integration setup writes. A test that needs one of
 * them is named `*.integration.test.ts` (beside the code) or lives in test/.
 */
const ROOT = path.resolve(__dirname, '..');

/** Packages that only talk to a server or drive a browser. */
const SERVER_PACKAGES = [
  'pg',
  'typeorm',
  'ioredis',
  '@astro/database',
  '@temporalio/client',
  '@temporalio/testing',
  '@temporalio/worker',
  'playwright-core',
  '@aws-sdk/client-s3',
];

interface JestProject {
  displayName: string;
  roots: string[];
  testPathIgnorePatterns?: string[];
  globalSetup?: string;
}

// jest.config.js is CommonJS, read as Jest reads it.
const config = createRequire(__filename)(path.join(ROOT, 'jest.config.js')) as { projects: JestProject[] };
const project = (name: string) => config.projects.find((p) => p.displayName === name)!;

/** The module names a TypeScript file imports, requires or mocks. */
function importsOf(source: string): string[] {
  const pattern = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|\bjest\.mock\s*\(\s*|^\s*import\s+)'([^']+)'/gm;
  return [...source.matchAll(pattern)].map((m) => m[1]);
}

/** Why a file may not be part of the unit project, given which test/support helpers need a server. */
function boundaryProblems(file: string, source: string, serverHelpers: Set<string>): string[] {
  const problems: string[] = [];
  for (const name of importsOf(source)) {
    if (SERVER_PACKAGES.some((p) => name === p || name.startsWith(`${p}/`))) problems.push(`imports ${name}`);
    if (name.startsWith('.') && serverHelpers.has(resolveTs(path.dirname(file), name)))
      problems.push(`imports the integration helper ${name}`);
  }
  for (const m of source.matchAll(/process\.env\.(TEST_[A-Z0-9_]+)/g))
    problems.push(`reads ${m[1]}, which only the integration setup provides`);
  return problems;
}

function resolveTs(fromDir: string, specifier: string): string {
  const base = path.resolve(fromDir, specifier);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find((f) => fs.existsSync(f)) ?? base;
}

/** The helpers of test/support that reach a server, directly or through another helper. */
function serverBoundHelpers(): Set<string> {
  const folder = path.join(ROOT, 'test', 'support');
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(folder, f));
  const bound = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const file of files) {
      if (bound.has(file)) continue;
      if (boundaryProblems(file, fs.readFileSync(file, 'utf8'), bound).length > 0) {
        bound.add(file);
        grew = true;
      }
    }
  }
  return bound;
}

function testFilesUnder(folder: string, ignored: RegExp[]): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !ignored.some((pattern) => pattern.test(file)));
}

describe('the unit project', () => {
  it('starts no server: the global setup belongs to the integration project alone', () => {
    expect(project('unit').globalSetup).toBeUndefined();
    expect(project('integration').globalSetup).toBe('<rootDir>/test/support/global-setup.ts');
  });

  it('holds no test that needs PostgreSQL, Temporal, Chromium or another server', () => {
    const unit = project('unit');
    const ignored = (unit.testPathIgnorePatterns ?? []).map((p) => new RegExp(p));
    // This file spells out the forbidden imports in its own examples.
    const files = unit.roots.flatMap((root) => testFilesUnder(root.replace('<rootDir>', ROOT), ignored)).filter((f) => f !== __filename);
    expect(files.length).toBeGreaterThan(50);
    const helpers = serverBoundHelpers();
    const problems = files.flatMap((file) =>
      boundaryProblems(file, fs.readFileSync(file, 'utf8'), helpers).map((problem) => `${path.relative(ROOT, file)} ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('knows a server-bound test when it sees one', () => {
    const helpers = serverBoundHelpers();
    expect([...helpers].map((f) => path.basename(f))).toEqual(
      expect.arrayContaining(['harness.ts', 'fixture.ts', 'workflow-environment.ts']),
    );
    const file = path.join(ROOT, 'libs', 'ledger', 'src', 'example.test.ts');
    const source = [
      "import { Client } from 'pg';",
      "import { TestWorkflowEnvironment } from '@temporalio/testing';",
      "import { useTestPlatform } from '../../../test/support/fixture';",
      "const { chromium } = require('playwright-core');",
      'const url = process.env.TEST_DATABASE_URL;',
    ].join('\n');
    expect(boundaryProblems(file, source, helpers)).toEqual([
      'imports pg',
      'imports @temporalio/testing',
      'imports the integration helper ../../../test/support/fixture',
      'imports playwright-core',
      'reads TEST_DATABASE_URL, which only the integration setup provides',
    ]);
    expect(boundaryProblems(file, "import { proseIssues } from '../../../test/support/prose-check';", helpers)).toEqual([]);
  });
});
