import * as path from 'node:path';
import { register } from 'tsconfig-paths';

/**
 * Jest maps `@astro/<name>` for test files (moduleNameMapper), but its global set-up and the
 * child processes some tests start resolve modules with plain Node: this registers the same
 * aliases from tsconfig.json's `paths`. Import it first.
 */
const root = path.resolve(__dirname, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
register({ baseUrl: root, paths: require(path.join(root, 'tsconfig.json')).compilerOptions.paths });
