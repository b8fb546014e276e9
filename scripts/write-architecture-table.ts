// Rewrites docs/architecture.md's "may import" column and program count from the code:
// `node scripts/run-ts.js scripts/write-architecture-table.ts` (after adding a library or an import between libraries).
import * as fs from 'node:fs';
import { ARCHITECTURE_PAGE, directoriesIn, libraryImports, updatedArchitecturePage } from './architecture-docs';

const page = fs.readFileSync(ARCHITECTURE_PAGE, 'utf8');
const updated = updatedArchitecturePage(page, libraryImports(), directoriesIn('apps'));
fs.writeFileSync(ARCHITECTURE_PAGE, updated);
console.log(updated === page ? 'docs/architecture.md is up to date' : 'docs/architecture.md rewritten from the code');
