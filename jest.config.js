/** Unit tests sit beside the code (libs/**); integration tests in test/ use the real PostgreSQL and Temporal. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/workflows', '<rootDir>/test', '<rootDir>/clients'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': 'ts-jest' },
  // The same @astro/<name> aliases as tsconfig.json's `paths`: one public entry per library.
  moduleNameMapper: {
    '^@astro/workflows$': '<rootDir>/workflows/src',
    '^@astro/client$': '<rootDir>/clients/typescript/src',
    '^@astro/(.*)$': '<rootDir>/libs/$1/src',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 90_000,
  maxWorkers: 2,
};
