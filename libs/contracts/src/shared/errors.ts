import { z } from 'zod';

/** The one error body of the whole API (spec, Errors part). */
export const ErrorBody = z
  .object({
    error: z.string().describe('stable identifier, e.g. unauthorized, payment_required, bad_request'),
    message: z.string().describe('what went wrong and, where it helps, what to do'),
    code: z.string().describe('the HTTP status as a string, or "internal" for internal failures'),
    request_id: z.string().describe('the X-Request-Id of the request, quote it to support'),
    place_candidates: z
      .array(
        z.object({
          field: z.string().describe('the birth place field, e.g. birth_subject.place'),
          candidates: z.array(
            z.object({
              geonames_id: z.number().int().describe('give it as place_id to pick this place'),
              name: z.string(),
              admin1: z.string().nullable(),
              admin1_code: z.string(),
              country: z.string(),
              country_name: z.string(),
              population: z.number().int(),
              latitude: z.number(),
              longitude: z.number(),
            }),
          ),
        }),
      )
      .optional()
      .describe('400 for a place name several places share: the places it could mean, most populous first (at most 10)'),
  })
  .loose() // some errors add detail beside the four fields (e.g. `checks` of /health)
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Identifier and code for each status the API answers with; the spec fixes 401, 402 and internal. */
export const ERROR_IDS: Record<number, { error: string; code: string }> = {
  400: { error: 'bad_request', code: '400' },
  401: { error: 'unauthorized', code: '401' },
  402: { error: 'payment_required', code: '402' },
  403: { error: 'forbidden', code: '403' },
  404: { error: 'not_found', code: '404' },
  405: { error: 'method_not_allowed', code: '405' },
  408: { error: 'request_timeout', code: '408' },
  409: { error: 'conflict', code: '409' },
  413: { error: 'payload_too_large', code: '413' },
  414: { error: 'uri_too_long', code: '414' },
  431: { error: 'headers_too_large', code: '431' },
  415: { error: 'unsupported_media_type', code: '415' },
  429: { error: 'rate_limited', code: '429' },
  500: { error: 'internal_server_error', code: 'internal' },
  503: { error: 'service_unavailable', code: '503' },
};

export function errorIdFor(status: number): { error: string; code: string } {
  return ERROR_IDS[status] ?? (status >= 500 ? ERROR_IDS[500] : { error: 'bad_request', code: String(status) });
}
