/**
 * A response without `birth_utc_offsets` and `birth_places`, the fields the API adds to every
 * answer of a route with birth subjects (apps/api/src/http/birth-offsets.interceptor.ts): what the
 * route's own zod response schema and its example describe.
 */
export function withoutBirthOffsets<T>(body: T): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { birth_utc_offsets: _offsets, birth_places: _places, ...rest } = body as Record<string, unknown>;
  return rest as T;
}
