/**
 * Two projects, told apart by where a test file is and what it is named:
 *
 * - `unit`: every `*.test.ts` beside the code (libs/, apps/, workflows/, clients/, scripts/), pure
 *   tests with no PostgreSQL, Temporal or Chromium. `npm run test:unit` runs them alone, with no
 *   server started.
 * - `integration`: test/ and the `*.integration.test.ts` files beside the code (a library's
 *   guarantees that live in the database, workflows run on the Temporal dev server). Only this
 *   project has the global setup that creates the database and starts Temporal, and Jest runs it
 *   only when a test of this project is selected.
 *
 * scripts/unit-boundary.test.ts keeps the line from drifting: a unit test that imports a database,
 * Temporal, Chromium or the integration harness fails it.
 */
const { MEASURED_ALONE } = require('./scripts/lib/measured-alone');

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': 'ts-jest' },
  // The same @astro/<name> aliases as tsconfig.json's `paths`: one public entry per library.
  moduleNameMapper: {
    // clients/typescript is ESM: its relative imports name the `.js` files tsc emits; here they are the `.ts` sources.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@astro/workflows$': '<rootDir>/workflows/src',
    '^@astro/client$': '<rootDir>/clients/typescript/src',
    '^@astro/(.*)$': '<rootDir>/libs/$1/src',
  },
};

const BESIDE_THE_CODE = ['libs', 'apps', 'workflows', 'clients', 'scripts'];

module.exports = {
  maxWorkers: 2,
  // The integration files load the whole platform into each worker and the heap grows from file to
  // file; a worker past this size after a file is replaced, so a long run never reaches V8's limit.
  workerIdleMemoryLimit: '1.5GB',
  // A Jest-wide setting (Jest reads it from the global configuration, not per project).
  testTimeout: 90_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: BESIDE_THE_CODE.map((folder) => `<rootDir>/${folder}`),
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '\\.integration\\.test\\.ts$'],
      // Whether run alone or beside the integration project (whose global setup puts the servers'
      // addresses in the environment), a unit test sees no server address.
      setupFiles: ['<rootDir>/test/support/unit-environment.ts'],
    },
    {
      ...shared,
      displayName: 'integration',
      roots: ['<rootDir>/test', ...BESIDE_THE_CODE.map((folder) => `<rootDir>/${folder}`)],
      testMatch: ['<rootDir>/test/**/*.test.ts', '**/*.integration.test.ts'],
      // `npm test` runs the timing-sensitive files alone, after this run (scripts/lib/measured-alone.js).
      testPathIgnorePatterns: [
        '/node_modules/',
        ...(process.env.JEST_LEAVE_OUT_MEASURED_ALONE ? MEASURED_ALONE.map((file) => `<rootDir>/${file}`) : []),
      ],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
  ],
};
