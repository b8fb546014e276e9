import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { Database } from '@astro/database';
import { findAccount } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

/**
 * clients/typescript as a customer gets it: `npm pack` makes the tarball, an empty project installs
 * it from the npm registry's dependencies, and the example of its README, exactly as written there,
 * compiles under `--strict` with NodeNext and with Bundler resolution and runs against the API.
 */
const ROOT = path.resolve(__dirname, '..');
const PACKAGE = path.join(ROOT, 'clients', 'typescript');
const run = promisify(execFile);
const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

let db: Database;
let api: TestApi;
useTestPlatform((p) => ({ db, api } = p), { worker: true });

/** The first ```ts block of the package's README: the example a customer copies. */
function readmeExample(): string {
  const readme = fs.readFileSync(path.join(PACKAGE, 'README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('clients/typescript/README.md has no ```ts example');
  return block[1];
}

/** A compiler configuration of the customer's project: strict, the given resolution, Node's types. */
function tsconfig(resolution: 'NodeNext' | 'Bundler', outDir: string) {
  return {
    compilerOptions: {
      strict: true,
      target: 'ES2022',
      module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
      moduleResolution: resolution,
      lib: ['ES2022', 'DOM'],
      // Node's types from the repository: the project installs only the client and what it depends on.
      typeRoots: [path.join(ROOT, 'node_modules', '@types')],
      types: ['node'],
      outDir,
    },
    files: ['example.ts'],
  };
}

let project: string;
beforeAll(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'astro-client-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', project], { cwd: PACKAGE });
  const [packed] = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
  expect(packed.files.map((f) => f.path)).toEqual(
    expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'package.json', 'README.md']),
  );
  expect(packed.files.some((f) => /\.test\./.test(f.path) || f.path.startsWith('src/'))).toBe(false);
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'customer', private: true, type: 'module' }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', path.join(project, packed.filename)], { cwd: project });
  fs.writeFileSync(path.join(project, 'example.ts'), readmeExample());
}, 300_000);

afterAll(() => {
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

async function compile(resolution: 'NodeNext' | 'Bundler'): Promise<string> {
  const outDir = path.join(project, `out-${resolution.toLowerCase()}`);
  const config = path.join(project, `tsconfig.${resolution.toLowerCase()}.json`);
  fs.writeFileSync(config, JSON.stringify(tsconfig(resolution, outDir)));
  try {
    await run(process.execPath, [tsc, '-p', config], { cwd: project });
  } catch (err) {
    throw new Error(`the README example does not compile with ${resolution} resolution:\n${(err as { stdout?: string }).stdout ?? err}`);
  }
  return path.join(outDir, 'example.js');
}

describe('the client package (npm pack of clients/typescript)', () => {
  it.each(['NodeNext', 'Bundler'] as const)(
    'installs into an empty project whose README example compiles and runs (%s)',
    async (resolution) => {
      const example = await compile(resolution);
      const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 200 });
      const { stdout } = await run(process.execPath, [example], {
        cwd: project,
        env: { ...process.env, ASTRO_BASE_URL: api.http.baseUrl, ASTRO_API_KEY: apiKey },
        timeout: 240_000,
      });
      expect(stdout).toContain(`account ${accountId}: 200 credits`);
      expect(Number(/(\d+) planets/.exec(stdout)?.[1])).toBeGreaterThan(9);
      const pdf = /(job_[0-9a-f]{24}): (\d+) bytes of PDF/.exec(stdout);
      expect(pdf).not.toBeNull();
      expect(Number(pdf![2])).toBeGreaterThan(10_000);
      // A live key: the natal chart and the report were charged.
      expect((await findAccount(db, accountId))!.balance).toBeLessThan(200);
    },
    // A compile of the customer's project and a real PDF report, on a shared machine.
    400_000,
  );
});
