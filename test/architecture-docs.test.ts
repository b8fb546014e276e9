import * as fs from 'node:fs';
import * as path from 'node:path';
import { ARCHITECTURE_PAGE, directoriesIn, libraryImports, updatedArchitecturePage } from '../scripts/architecture-docs';

const ROOT = path.resolve(__dirname, '..');
const LIBRARIES = directoriesIn('libs');

describe('the architecture as the docs tell it', () => {
  it("docs/architecture.md's program count and 'may import' table are what the code does", () => {
    const page = fs.readFileSync(ARCHITECTURE_PAGE, 'utf8');
    // On a difference: `node scripts/run-ts.js scripts/write-architecture-table.ts`, then read the diff.
    expect(updatedArchitecturePage(page, libraryImports(), directoriesIn('apps'))).toBe(page);
  });

  it('.dependency-cruiser.js puts every library in a layer and names no library that does not exist', () => {
    const config = fs.readFileSync(path.join(ROOT, '.dependency-cruiser.js'), 'utf8');
    const layers = [...config.matchAll(/^const (CORE|CALCULATION|DOMAIN) = \[([^\]]*)\]/gm)];
    expect(layers.map((m) => m[1])).toEqual(['CORE', 'CALCULATION', 'DOMAIN']);
    const named = new Set(layers.flatMap((m) => [...m[2].matchAll(/'([^']+)'/g)].map((n) => n[1])));
    expect([...named].filter((name) => !LIBRARIES.includes(name))).toEqual([]);
    expect(LIBRARIES.filter((name) => !named.has(name))).toEqual([]);
  });

  it("README's layout section names every library and no other", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const layout = /^## Layout\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1] ?? '';
    const block = /^libs\/[^\n]*\n((?: {2}\S[^\n]*\n)+)/m.exec(layout)?.[1] ?? '';
    const named = block
      .split('\n')
      .flatMap((line) => line.trim().split(/\s+/).slice(1))
      .filter(Boolean);
    expect([...named].sort()).toEqual(LIBRARIES);
  });
});
