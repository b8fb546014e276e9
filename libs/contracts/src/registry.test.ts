import * as fs from 'node:fs';
import * as path from 'node:path';

/** The modules that register a schema under an id (`.meta({ id: … })`), as paths relative to src/. */
function registeringModules(dir = __dirname): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return registeringModules(file);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) return [];
    return /\.meta\(\{\s*id:/.test(fs.readFileSync(file, 'utf8')) ? [path.relative(__dirname, file).replace(/\.ts$/, '')] : [];
  });
}

describe('the registry', () => {
  it("loads every module that registers a schema, so the document's components keep the registry's order", () => {
    const registry = fs.readFileSync(path.join(__dirname, 'registry.ts'), 'utf8');
    const loaded = [...registry.matchAll(/^import '\.\/([^']+)';$/gm)].map((m) => m[1]);
    // errors.ts registers the error envelope; the others are the areas' and the shared schemas.
    expect(registeringModules().filter((module) => !loaded.includes(module))).toEqual([]);
    expect(new Set(loaded).size).toBe(loaded.length);
  });
});
