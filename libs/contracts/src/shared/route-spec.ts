import { z } from 'zod';
import { CalculationSpec } from './calculation';
import { PricedOperation } from './pricing';
import { Tier } from './tiers';

/** `operator`: an operator key (ok_live_…) from the CLI; the admin routes under /v1/admin only. */
export type AuthMode = 'none' | 'api_key' | 'session' | 'api_key_or_session' | 'signed_url' | 'operator';

/**
 * One route: the route classes take method, path, validation and policy from here, and the OpenAPI
 * document is generated from the same objects, so the two cannot drift apart.
 */
export interface RouteSpec {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI form, e.g. /api/v3/jobs/{job_id} */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  auth: AuthMode;
  minTier?: Tier;
  operation?: PricedOperation;
  idempotencyKey?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** a raw (non-JSON) request body and its accepted content types, e.g. the photo of an upload */
  rawBody?: { contentTypes: readonly string[]; description: string };
  success: {
    status: number;
    description: string;
    schema?: z.ZodType;
    contentType?: string;
    /**
     * A download answers with the media type of what it holds: each type it can send, with the
     * schema of its bytes (`binary` for a PDF or a page, a JSON schema for a JSON document).
     */
    media?: Readonly<Record<string, { binary: true } | { schema: z.ZodType }>>;
  };
  /** Headers the success answer sends besides the ones its auth and price imply (see openapi-headers.ts). */
  successHeaders?: readonly string[];
  /** A redirect the route may answer instead of its bytes, with `Location`. */
  redirect?: { status: number; description: string };
  /**
   * The error statuses the rest of the route does not imply (the document derives those, see
   * `errorStatuses` in openapi.ts): 404 where the path names something the account may not have,
   * 409 for a conflicting state, 403 for a check the service makes itself, …
   */
  errors?: readonly number[];
  /**
   * A calculation route: how it computes (zodiac, houses, nodes, ephemeris, reference instant). Its
   * answers carry the `calculation` object built from this (`calculationBasis` of @astro/western).
   */
  calculation?: CalculationSpec;
}

/** The success answer of a route, with its JSON schema: `ok('the chart', NatalChartResponse)`. */
const answer =
  (status: number) =>
  <const S extends z.ZodType>(description: string, schema: S) => ({ status, description, schema });
export const ok = answer(200);
export const created = answer(201);
export const accepted = answer(202);
/** A 204 answer: no body. */
export const noContent = (description: string) => ({ status: 204, description });

/**
 * A route as its table states it: what the shared fields already give it may be left out, and a
 * field RouteSpec does not know (a misspelt `descripton`) is refused.
 */
type RouteEntry<Shared, Entry> = Omit<RouteSpec, keyof Shared | 'operationId'> & Partial<RouteSpec> & Unknown<Entry>;
/** No field RouteSpec does not know. */
type Unknown<Fields> = Record<Exclude<keyof Fields, keyof RouteSpec>, never>;
type Merged<Shared, Route> = Omit<Shared, keyof Route> & Route;

/**
 * Builds the route table of a group of routes that share fields (tag, auth, method, …): a route
 * takes them unless it states its own, and its route name as its operation id unless it names
 * one. The literal types of each route (its body, query and params schemas) stay as written, so
 * the route classes parse with the schema's own type.
 */
export function routesWith<const Shared extends Partial<RouteSpec> & Unknown<Shared>>(shared: Shared) {
  return <const Table extends { [Name in keyof Table]: RouteEntry<Shared, Table[Name]> }>(table: Table) => {
    const routes = Object.entries<Partial<RouteSpec>>(table).map(
      ([name, route]) => [name, { operationId: name, ...shared, ...route }] as const,
    );
    return Object.fromEntries<unknown>(routes) as { [Name in keyof Table]: Merged<Shared & { operationId: string }, Table[Name]> };
  };
}
