// Writes the OpenAPI document the API serves at /docs-json (its server: PUBLIC_BASE_URL) to a file, for the
// linter and for SDK generators:
// `node scripts/run-ts.js scripts/write-openapi.ts var/openapi.json`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadConfig } from '@astro/config';
import { buildOpenApiDocument } from '@astro/contracts';
import { API_VERSION } from '../apps/api/src/create-app';

const target = path.resolve(process.argv[2] ?? 'var/openapi.json');
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, JSON.stringify(buildOpenApiDocument(API_VERSION, loadConfig().publicBaseUrl), null, 2) + '\n');
console.log(`OpenAPI document written to ${path.relative(process.cwd(), target)}`);
