// ESLint (flat config): typescript-eslint's recommended rules for all TypeScript, plus Temporal's
// workflow sandbox rule: workflow code must be deterministic, so it may not import Node built-ins or
// I/O libraries (the Temporal TypeScript samples enforce the same with `no-restricted-imports`).
// Formatting is Prettier's job (.prettierrc.json), not ESLint's.
const tseslint = require('typescript-eslint');
const { builtinModules } = require('node:module');

const NODE_BUILTINS = builtinModules.filter((name) => !name.startsWith('_')).flatMap((name) => [name, `node:${name}`]);
const IO_LIBRARIES = [
  'pg',
  'typeorm',
  'ioredis',
  'fastify',
  '@nestjs/*',
  '@aws-sdk/*',
  'playwright-core',
  'sharp',
  'argon2',
  '@temporalio/activity',
  '@temporalio/client',
  '@temporalio/worker',
];

module.exports = tseslint.config(
  // clients/typescript/src/schema.ts is openapi-typescript's output (`npm run client:generate`), checked by tsc only.
  {
    ignores: [
      '**/dist/**',
      'node_modules/**',
      'var/**',
      '.tools/**',
      'coverage/**',
      'docker/**',
      '**/*.js',
      '**/*.cjs',
      'clients/typescript/src/schema.ts',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring a field away, an ignored argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // Nest decorators and Temporal proxies need `any` in a few documented places; each one is marked.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['workflows/src/**/*.ts'],
    ignores: ['workflows/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({
            name,
            message: 'workflow code runs in the deterministic Temporal sandbox: no Node built-ins (do I/O in an activity)',
          })),
          patterns: [
            {
              group: IO_LIBRARIES,
              message: 'workflow code runs in the deterministic Temporal sandbox: no I/O libraries (do I/O in an activity)',
            },
          ],
        },
      ],
    },
  },
);
