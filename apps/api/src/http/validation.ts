import { z } from 'zod';
import { isEphemerisRangeIssue, RouteSpec } from '@astro/contracts';
import { ApiError } from './api-error';
import { ParsedInput } from './route';

function describeIssue(issue: z.core.$ZodIssue, location: string): string {
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : location;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => (issue.path.length > 0 ? `${field}.${k}` : k));
    return `${keys.join(', ')}: unknown field${keys.length > 1 ? 's' : ''} (not allowed here)`;
  }
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${field}: is required`;
  return `${field}: ${issue.message}`;
}

/** The places an ambiguous birth place could mean, for the error body's `place_candidates`. */
function placeCandidates(issues: z.core.$ZodIssue[], location: string): Record<string, unknown> {
  const found = issues.flatMap((issue) => {
    const candidates = issue.code === 'custom' ? (issue.params as { place_candidates?: unknown } | undefined)?.place_candidates : undefined;
    return candidates ? [{ field: issue.path.length > 0 ? issue.path.map(String).join('.') : location, candidates }] : [];
  });
  return found.length > 0 ? { place_candidates: found } : {};
}

/** Validates one part of a request; a 400 names every offending field and its rule. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: 'body' | 'query' | 'path' | 'header'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // A birth outside the ephemeris is told alone, and only when the input is otherwise valid.
  const schemaIssues = result.error.issues.filter((issue) => !isEphemerisRangeIssue(issue));
  if (schemaIssues.length === 0) {
    const [range] = result.error.issues;
    const field = range.path.length > 1 ? range.path.map(String).join('.') : `${location}.${range.path.map(String).join('.')}`;
    throw new ApiError(400, `${field}: ${range.message}`);
  }
  const issues = schemaIssues.slice(0, 10);
  const details = issues.map((i) => describeIssue(i, location));
  throw new ApiError(400, `invalid ${location}: ${details.join('; ')}`, {}, placeCandidates(issues, location));
}

/** A request's raw parts: Fastify's request, or the parts a preflight item names. */
export interface RequestParts {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** A request's path, query and body parsed by its route's schemas, in that order; a 400 for the first part that fails. */
export function parseRequest<R extends RouteSpec>(spec: R, parts: RequestParts): ParsedInput<R> {
  return {
    params: spec.params ? parseInput(spec.params, parts.params ?? {}, 'path') : undefined,
    query: spec.query ? parseInput(spec.query, parts.query ?? {}, 'query') : undefined,
    body: spec.body ? parseInput(spec.body, parts.body, 'body') : undefined,
  } as ParsedInput<R>;
}
