/**
 * A response without the fields the API adds to the answers of a route: `birth_utc_offsets` and
 * `birth_places` (routes with birth subjects) and `calculation` (calculation routes), all three added by
 * the answer step, apps/api/src/http/answer.ts (`calculation` checked by
 * test/calculation-basis-api.test.ts): what the route's own zod response schema and its example describe.
 */
export function withoutBirthOffsets<T>(body: T): T {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const { birth_utc_offsets: _offsets, birth_places: _places, calculation: _calculation, ...rest } = body as Record<string, unknown>;
  return rest as T;
}
