// The package's own tests (`npm test` here): the sources as they are, their `.js` imports mapped to the `.ts` files.
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/src'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { module: 'commonjs', types: ['jest'], isolatedModules: true } }] },
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
