import { CruisedModule, folderCycles, folderGraph, folderOf, SCOPES } from './folder-cycles';

const scopes = [SCOPES.libs, SCOPES.apps];
const cruised = (source: string, ...imports: string[]): CruisedModule => ({
  source,
  dependencies: imports.map((resolved) => ({ resolved })),
});

describe('folderOf', () => {
  it('names the first folder below a library’s src/ or apps/api/src/, the root for a file directly in it', () => {
    expect(folderOf('libs/contracts/src/western/chart.ts', scopes)).toBe('libs/contracts/src/western');
    expect(folderOf('libs/rendering/src/reports/four-pillars/grid.ts', scopes)).toBe('libs/rendering/src/reports');
    expect(folderOf('libs/contracts/src/registry.ts', scopes)).toBe('libs/contracts/src');
    expect(folderOf('apps/api/src/http/route.ts', scopes)).toBe('apps/api/src/http');
    expect(folderOf('apps/api/src/main.ts', scopes)).toBe('apps/api/src');
  });

  it('keeps the public entry apart from the root and leaves files outside the scopes out', () => {
    expect(folderOf('libs/contracts/src/index.ts', scopes)).toBe('libs/contracts/src/index.ts');
    expect(folderOf('apps/worker/src/main.ts', scopes)).toBeUndefined();
    expect(folderOf('node_modules/zod/index.js', scopes)).toBeUndefined();
    expect(folderOf('apps/api/src/http/route.ts', [SCOPES.libs])).toBeUndefined();
  });
});

describe('folderCycles', () => {
  it('finds two folders that import each other through different files, with the imports that close the cycle', () => {
    const graph = folderGraph(
      [
        cruised('libs/x/src/a/one.ts', 'libs/x/src/b/two.ts'),
        cruised('libs/x/src/b/three.ts', 'libs/x/src/a/four.ts'),
        cruised('libs/x/src/a/four.ts'),
        cruised('libs/x/src/b/two.ts'),
      ],
      scopes,
    );
    expect(folderCycles(graph)).toEqual([
      {
        folders: ['libs/x/src/a', 'libs/x/src/b'],
        cycle: ['libs/x/src/a', 'libs/x/src/b', 'libs/x/src/a'],
        imports: ['libs/x/src/a/one.ts → libs/x/src/b/two.ts', 'libs/x/src/b/three.ts → libs/x/src/a/four.ts'],
      },
    ]);
  });

  it('finds a cycle through three folders and through the root of a library', () => {
    const graph = folderGraph(
      [
        cruised('libs/x/src/registry.ts', 'libs/x/src/a/routes.ts'),
        cruised('libs/x/src/a/routes.ts', 'libs/x/src/b/schemas.ts'),
        cruised('libs/x/src/b/schemas.ts', 'libs/x/src/ids.ts'),
      ],
      scopes,
    );
    expect(folderCycles(graph).map((c) => c.cycle)).toEqual([['libs/x/src', 'libs/x/src/a', 'libs/x/src/b', 'libs/x/src']]);
  });

  it('accepts folders that import one way only, and ignores tests, the public entry and imports between libraries', () => {
    const graph = folderGraph(
      [
        cruised('libs/x/src/index.ts', 'libs/x/src/a/one.ts', 'libs/x/src/shared/ids.ts'),
        cruised('libs/x/src/a/one.ts', 'libs/x/src/shared/ids.ts', 'libs/y/src/index.ts'),
        cruised('libs/x/src/shared/ids.ts', 'libs/x/src/other.ts'),
        cruised('libs/x/src/shared/ids.test.ts', 'libs/x/src/a/one.ts'),
        cruised('libs/y/src/top.ts', 'libs/x/src/index.ts'),
        cruised('libs/y/src/index.ts', 'libs/y/src/top.ts'),
      ],
      scopes,
    );
    expect(folderCycles(graph)).toEqual([]);
  });
});
