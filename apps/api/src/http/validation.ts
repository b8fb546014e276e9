import { z } from 'zod';
import { ApiError } from './api-error';

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

/**
 * What each request body object parsed into, by schema: the answer's `calculation` reads the parsed
 * body (defaults, resolved offsets) after the handler, and a second zod parse of the same body on the
 * hottest routes cost as much as the echo itself. Held weakly: it goes with the request.
 */
const parsedBodies = new WeakMap<object, { schema: z.ZodType; data: unknown }>();

/** `value` as `schema` parsed it earlier in this request (parseInput), or undefined. */
export function parsedEarlier(schema: z.ZodType, value: unknown): { data: unknown } | undefined {
  const earlier = value !== null && typeof value === 'object' ? parsedBodies.get(value) : undefined;
  return earlier?.schema === schema ? earlier : undefined;
}

/** Validates one part of a request; a 400 names every offending field and its rule. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: 'body' | 'query' | 'path' | 'header'): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) {
    if (value !== null && typeof value === 'object') parsedBodies.set(value, { schema, data: result.data });
    return result.data;
  }
  const issues = result.error.issues.slice(0, 10);
  const details = issues.map((i) => describeIssue(i, location));
  throw new ApiError(400, `invalid ${location}: ${details.join('; ')}`, {}, placeCandidates(issues, location));
}
