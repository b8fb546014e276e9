/**
 * The dependency rule of the repository, checked by `npm run lint:deps` (part of `npm test`).
 * Layers, top to bottom (docs/architecture.md draws the same picture):
 *
 *   apps (api, worker, cli)  →  workflows  →  domain libraries  →  calculation libraries  →  core libraries
 *
 * - core: ephemeris (bottom), contracts, config, database, search-attributes, text, metrics,
 *   outbound-http, places (the gazetteer)
 * - calculation: pure TypeScript astrology (western, vedic, saju, thai, chinese, numerology, tarot,
 *   uranian): no Nest, Temporal, TypeORM or pg
 * - domain: accounts, ledger, jobs, delivery, rendering, visual, horoscopes, cultural-intelligence,
 *   finance, codec, console (the customer console's pages): persistence, I/O and presentation around the calculations
 * A library is imported only through its public entry `@astro/<name>` (libs/<name>/src/index.ts).
 * docs/architecture.md's "may import" table is generated from these lists (scripts/write-architecture-table.ts).
 */
const CORE = ['ephemeris', 'contracts', 'config', 'database', 'search-attributes', 'text', 'metrics', 'outbound-http', 'places'];
const CALCULATION = ['ephemeris', 'western', 'vedic', 'saju', 'thai', 'chinese', 'numerology', 'tarot', 'uranian'];
const DOMAIN = [
  'accounts',
  'ledger',
  'jobs',
  'delivery',
  'rendering',
  'visual',
  'horoscopes',
  'cultural-intelligence',
  'finance',
  'codec',
  'console',
];
const lib = (names) => `^libs/(${names.join('|')})/`;
// `(^|node_modules/)`: in a git worktree node_modules is a link, resolved as ../../main/node_modules/….
const SERVER_PACKAGES = '(^|node_modules/)(@nestjs|@temporalio|typeorm|pg|ioredis|fastify|@fastify)(/|$)';
const TESTS = '\\.test\\.ts$';

module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'No import cycles between modules.', from: {}, to: { circular: true } },
    {
      name: 'no-deep-import',
      severity: 'error',
      comment: 'Another library is imported only through its public entry: `@astro/<name>`, never a file inside it.',
      from: { path: '^(libs/([^/]+)|apps|workflows|test|scripts)/' },
      to: { path: '^libs/([^/]+)/src/', pathNot: ['^libs/[^/]+/src/index\\.ts$', '^libs/$2/'] },
    },
    {
      name: 'no-relative-cross-library',
      severity: 'error',
      comment: 'Code outside a library reaches it by its alias `@astro/<name>`, never by a relative path.',
      from: { path: '^(apps|test|scripts|workflows)/' },
      to: { path: '^libs/', dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'no-relative-cross-library-between-libs',
      severity: 'error',
      comment: 'One library reaches another by its alias `@astro/<name>`, never by a relative path.',
      from: { path: '^libs/([^/]+)/' },
      to: { path: '^(libs|workflows)/', pathNot: '^libs/$1/', dependencyTypesNot: ['aliased'] },
    },
    {
      name: 'libs-not-up',
      severity: 'error',
      comment: 'Libraries never import apps or workflows (the layers point down).',
      from: { path: '^libs/' },
      to: { path: '^(apps|workflows)/' },
    },
    {
      name: 'workflows-only-contracts',
      severity: 'error',
      comment:
        'Workflow code is deterministic and bundled for the sandbox: it imports only @temporalio/workflow, @temporalio/common and dependency-free libraries (its unit tests run it with @temporalio/testing). Types (`import type`) may come from any library: they are erased before bundling, and they let workflows and activities share one named type per input and result.',
      from: { path: '^workflows/', pathNot: TESTS },
      to: {
        path: '^libs/|(^|/)node_modules/',
        pathNot: ['^libs/search-attributes/', '(^|/)node_modules/@temporalio/(workflow|common)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'apps-not-sideways',
      severity: 'error',
      comment: 'One app never imports another: shared code lives in a library.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'core-stays-core',
      severity: 'error',
      comment: 'Core libraries import only core libraries.',
      from: { path: lib(CORE), pathNot: TESTS },
      to: { path: '^libs/', pathNot: lib(CORE) },
    },
    {
      name: 'ephemeris-is-the-bottom',
      severity: 'error',
      comment: 'The ephemeris imports no other library (its tests may read the configuration).',
      from: { path: '^libs/ephemeris/', pathNot: TESTS },
      to: { path: '^libs/', pathNot: '^libs/ephemeris/' },
    },
    {
      name: 'calculation-stays-pure',
      severity: 'error',
      comment: 'Calculation libraries import only core and calculation libraries.',
      from: { path: lib(CALCULATION), pathNot: TESTS },
      to: { path: '^libs/', pathNot: [lib(CALCULATION), lib(CORE)] },
    },
    {
      name: 'calculation-without-servers',
      severity: 'error',
      comment: 'Calculation and core libraries (except database) never import Nest, Temporal, TypeORM, pg, Redis or Fastify.',
      from: { path: lib([...CALCULATION, 'contracts', 'config', 'outbound-http', 'places']) },
      to: { path: SERVER_PACKAGES },
    },
    // Four wrong-way dependencies that once crept in, each forbidden by name (some general rules above
    // also catch them; these say what went wrong and where the code belongs instead).
    {
      name: 'config-imports-only-contracts',
      severity: 'error',
      comment:
        'libs/config parses the environment (the webhook retry schedule and the outbound allowlist included); it imports no library but contracts, never delivery.',
      from: { path: '^libs/config/' },
      to: { path: '^libs/', pathNot: '^libs/(config|contracts)/' },
    },
    {
      name: 'worker-not-api',
      severity: 'error',
      comment: 'The worker never imports the API: a view both use (the job view) lives in the library that owns the data (@astro/jobs).',
      from: { path: '^apps/worker/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'ephemeris-not-contracts',
      severity: 'error',
      comment:
        'The zodiac signs belong to the ephemeris (signOf computes them); contracts import them from @astro/ephemeris, never the other way round.',
      from: { path: '^libs/ephemeris/' },
      to: { path: '^libs/contracts/' },
    },
    {
      name: 'allowlist-parsed-once',
      severity: 'error',
      comment:
        'OUTBOUND_ALLOWLIST is parsed once, by loadConfig (libs/config/src/config.ts), into PlatformConfig.outboundAllowlist; everything else takes the parsed list from the configuration.',
      from: { pathNot: '^libs/config/src/config(\\.test)?\\.ts$' },
      to: { path: '^libs/config/src/outbound-allowlist\\.ts$' },
    },
    {
      name: 'route-classes-are-thin',
      severity: 'error',
      comment:
        'A route class parses the request and makes one call to an injectable service (apps/api/src/<area>/*.service.ts); the database, SQL and Temporal stay in the services and libraries.',
      from: { path: '^apps/api/src/.*\\.routes\\.ts$' },
      to: { path: ['^libs/database/', '(^|node_modules/)(pg|typeorm|@temporalio/client)(/|$)'] },
    },
    {
      name: 'http-is-the-ground-floor',
      severity: 'error',
      comment:
        'apps/api/src/http is the route pipeline every area stands on (the Route decorator, the Call and its Caller, serveRoute, errors, idempotency): it imports no area of the API; the steps that belong to an area (admission, the charge) reach it through the ports in http/pipeline-ports.ts, bound by AppModule.',
      from: { path: '^apps/api/src/http/' },
      to: { path: '^apps/api/src/', pathNot: '^apps/api/src/http/' },
    },
    {
      name: 'services-never-see-the-request',
      severity: 'error',
      comment:
        "The API's services (and the cultural-intelligence and developer areas) take the call's Caller and plain values, never Fastify's request or reply: those stay in the route layer.",
      from: { path: '^apps/api/src/(.+\\.service\\.ts$|cultural-intelligence/|developer/)' },
      to: { path: '(^|node_modules/)(fastify|@fastify)(/|$)' },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment:
        'clients/typescript is what a customer copies: it imports only its own files and its packages (openapi-fetch, standardwebhooks), nothing of the platform.',
      from: { path: '^clients/' },
      to: { path: '^(apps|libs|workflows|test|scripts)/' },
    },
    {
      name: 'client-only-for-tests',
      severity: 'error',
      comment: 'The platform never calls itself through its customer client; only tests use it.',
      from: { path: '^(apps|libs|workflows|scripts)/' },
      to: { path: '^clients/' },
    },
    {
      name: 'contracts-areas-import-only-the-floor',
      severity: 'error',
      comment:
        'An area folder of libs/contracts (western/, vedic/, reports/, …) imports only its own files and the shared floor (src/shared/: instants, ids, cursors, branding, birth forms, the price table, …), never another area: what two areas use lives in the floor. The files at the top of src/ (registry.ts, openapi*.ts, index.ts) assemble the areas.',
      from: { path: '^libs/contracts/src/([^/]+)/', pathNot: '^libs/contracts/src/shared/' },
      to: { path: '^libs/contracts/src/', pathNot: ['^libs/contracts/src/shared/', '^libs/contracts/src/$1/'] },
    },
    {
      name: 'contracts-floor-stays-the-floor',
      severity: 'error',
      comment: 'The shared floor of libs/contracts (src/shared/) imports nothing of the areas or of the files that assemble them.',
      from: { path: '^libs/contracts/src/shared/' },
      to: { path: '^libs/contracts/src/', pathNot: '^libs/contracts/src/shared/' },
    },
    {
      name: 'domain-without-nest',
      severity: 'error',
      comment: 'Domain libraries are plain TypeScript services: Nest stays in apps/api.',
      from: { path: lib(DOMAIN) },
      to: { path: '(^|node_modules/)@nestjs/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|var|\\.tools)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
