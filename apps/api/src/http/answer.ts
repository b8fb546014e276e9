import { birthPlaces, birthSubjectPaths, birthUtcOffsets, RouteSpec } from '@astro/contracts';
import { calculationBasis } from '@astro/western';
import { ParsedInput } from './route';

/** The echoes a route's JSON answers carry, worked out once per route. */
interface Echoes {
  calculation: boolean;
  birth: boolean;
}
const echoesCache = new WeakMap<RouteSpec, Echoes>();

function echoesOf(spec: RouteSpec): Echoes {
  let echoes = echoesCache.get(spec);
  if (!echoes) {
    const json = spec.success.schema !== undefined && spec.success.contentType === undefined;
    echoes = {
      calculation: json && spec.calculation !== undefined,
      birth: spec.body !== undefined && spec.success.schema !== undefined && birthSubjectPaths(spec.body).length > 0,
    };
    echoesCache.set(spec, echoes);
  }
  return echoes;
}

/**
 * The answer as it leaves: a JSON object answer of a calculation route says how it was computed
 * (`calculation`, from the route's descriptor); one of a route whose body has birth subjects says
 * which UTC offset (`birth_utc_offsets`) and which place (`birth_places`) each was computed with.
 * The OpenAPI document adds the same fields to the same routes (libs/contracts/src/openapi.ts).
 * Anything else (a string, bytes, no body) leaves as it is. Built before the charge: an answer
 * that cannot be built is an error that costs nothing.
 */
export function buildAnswer(spec: RouteSpec, input: ParsedInput, sentBody: unknown, answer: unknown, ephemerisPath: string): unknown {
  const echoes = echoesOf(spec);
  if (!echoes.calculation && !echoes.birth) return answer;
  if (answer === null || typeof answer !== 'object' || Array.isArray(answer) || Buffer.isBuffer(answer)) return answer;
  // One copy, never a change in place (a compute may return a shared object), with the echoes set on
  // it: on Node 20 a spread followed by a new key takes V8's slow path, about 1 µs per answer.
  const built = Object.assign({}, answer as Record<string, unknown>);
  if (echoes.calculation) {
    const parts = { body: input.body, query: input.query, params: input.params, answer };
    built.calculation = calculationBasis(spec.calculation!, spec.body, parts, ephemerisPath);
  }
  if (echoes.birth) {
    // Read from the body as sent: the parse resolves a named `place` into coordinates, and the echo
    // says which of the two the client sent (`source`).
    built.birth_utc_offsets = birthUtcOffsets(spec.body!, sentBody);
    built.birth_places = birthPlaces(spec.body!, sentBody);
  }
  return built;
}
