import { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ROUTES, RouteSpec } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { CallerOf } from './caller';
import { TenantSlots } from './tenant-slots';

/** A part's parsed type; `unknown` where the route names no schema for it (undefined then). */
type Output<R, K extends 'params' | 'query' | 'body'> = R extends { [P in K]: infer S extends z.ZodType } ? z.output<S> : unknown;

/** A request's parts as its route's schemas parse them (path, query, body). */
export interface ParsedInput<R extends RouteSpec = RouteSpec> {
  params: Output<R, 'params'>;
  query: Output<R, 'query'>;
  body: Output<R, 'body'>;
}

/** The parsed input of the route named K. */
export type InputOf<K extends keyof typeof ROUTES> = ParsedInput<(typeof ROUTES)[K]>;

/** What a route's check may read besides the input: the caller's account (its brand profiles, its uploads). */
export interface CheckContext {
  db: Queryable;
  accountId: string;
  /** a dry run (the developer preflight): every check that costs nothing to speak of, nothing drawn */
  dryRun: boolean;
  /** where a check's expensive free work (drawing a logo) runs: the account's share of this process's image work */
  freeWork: TenantSlots;
}

/**
 * A route's own check, after its schemas and before anything is computed or charged, declared with
 * its route (@Route(spec, check)) and kept in its area's checks.ts; the developer preflight runs it
 * too, so a dry run answers exactly what the route would. It throws what the route answers (an
 * ApiError, or an error the error envelope maps to 400). What it returns (a resolved date, a brand profile) is
 * handed to the compute as `checked`, so nothing is looked up twice.
 */
export type RouteCheck<R extends RouteSpec, C> = (input: ParsedInput<R>, ctx: CheckContext) => C;

/**
 * One call of a route, as its compute function sees it: its parsed input, who calls (`caller`, typed
 * by the route's auth: undefined on an open, signed-URL or operator route) and what its check
 * returned. `request` and `reply` stay in the route layer (raw bytes, a media type); services take
 * the caller and plain values.
 */
export interface Call<R extends RouteSpec, C = unknown> extends ParsedInput<R> {
  caller: CallerOf<R>;
  request: FastifyRequest;
  reply: FastifyReply;
  checked: Awaited<C>;
}

/** A route served by serveRoute: its spec, its check and the function that computes its answer. */
export interface RouteBinding {
  spec: RouteSpec;
  check?: RouteCheck<RouteSpec, unknown>;
  compute: (call: Call<RouteSpec, unknown>) => unknown;
}

const ROUTE_METHODS = Symbol('route-methods');
type MarkedMethod = { spec: RouteSpec; check?: RouteCheck<RouteSpec, unknown>; method: string | symbol };

/**
 * Declares a method as the compute function of a route, with the route's own check: the method
 * takes the parsed Call (typed by the spec) and returns the answer. serveRoute does the rest
 * (admission, parsing, the check, the charge, the answer's echoes, errors).
 */
export function Route<const R extends RouteSpec, C = undefined>(spec: R, check?: RouteCheck<R, C>) {
  // Generic in the method's own type: a descriptor's setter would make a fixed type invariant in its result.
  return <M extends (call: Call<R, C>) => unknown>(
    target: object,
    method: string | symbol,
    _descriptor: TypedPropertyDescriptor<M>,
  ): void => {
    const marked: MarkedMethod[] = Reflect.getOwnMetadata(ROUTE_METHODS, target) ?? [];
    marked.push({ spec, check: check as RouteCheck<RouteSpec, unknown> | undefined, method });
    Reflect.defineMetadata(ROUTE_METHODS, marked, target);
  };
}

/** The routes an instance of a route class computes (its own and its base classes'), bound to it. */
export function bindingsOf(instance: object): RouteBinding[] {
  const marked: MarkedMethod[] = [];
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    marked.push(...((Reflect.getOwnMetadata(ROUTE_METHODS, proto) as MarkedMethod[] | undefined) ?? []));
  }
  return marked.map(({ spec, check, method }) => {
    const compute = (instance as Record<string | symbol, (call: Call<RouteSpec, unknown>) => unknown>)[method].bind(instance);
    return { spec, check, compute };
  });
}
