import { z } from 'zod';
import { CalendarDate } from '../shared/calendar-date';
import { BirthSubject, BirthSubjectFields } from '../shared/birth-subject';
import { ChartBody, ChartImage, ChartImageFields } from './chart';
import { HouseSystemField } from '../shared/chart-options';
// The response of a real call with the request example below (test/western-api.test.ts checks it).
import returnsExample from './examples/western-returns.json';

// ---- POST /api/v3/western/returns ----

const Relocation = z
  .object({
    latitude: BirthSubjectFields.latitude,
    longitude: BirthSubjectFields.longitude,
    timezone: BirthSubjectFields.timezone.describe('IANA zone of the place, for the local time of the return'),
    timezoneOffsetMinutes: BirthSubjectFields.timezoneOffsetMinutes.describe('fixed offset of the place (when no timezone is given)'),
  })
  .strict();

export const ReturnsRequest = z
  .object({
    birth_subject: BirthSubject,
    kind: z.enum(['solar', 'lunar']),
    year: z
      .number()
      .int()
      .min(1801)
      .max(2398)
      .optional()
      .describe('solar: the return of that year; lunar: every return of that calendar year (13 or 14)'),
    date: CalendarDate.optional().describe('instead of year: the return in force on that date (the last one before it ends)'),
    relocation: Relocation.optional().describe('cast the return charts here instead of at the birth place'),
    house_system: HouseSystemField,
    ...ChartImageFields,
  })
  .strict()
  .superRefine((body, ctx) => {
    if ((body.year === undefined) === (body.date === undefined))
      ctx.addIssue({ code: 'custom', path: ['year'], message: 'give exactly one of year and date' });
  })
  .meta({
    id: 'ReturnsRequest',
    example: {
      birth_subject: { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' },
      kind: 'solar',
      year: 2026,
      relocation: { latitude: 51.5074, longitude: -0.1278, timezone: 'Europe/London' },
    },
  });

export const ReturnsResponse = z
  .object({
    system: z.literal('western'),
    kind: z.enum(['solar', 'lunar']),
    natal_longitude: z.number().describe('the natal longitude of the Sun (solar) or the Moon (lunar) the body returns to'),
    place: z.object({ latitude: z.number(), longitude: z.number(), relocated: z.boolean() }),
    returns: z.array(
      z.object({
        instant_utc: z.string(),
        local_time: z.string().describe("the return instant at the place's clock, ISO 8601 with its offset"),
        julian_day_ut: z.number(),
        house_system: z.string(),
        chart: ChartBody,
        angular: z.array(z.string()).describe('planets Sun–Pluto in houses 1, 4, 7 and 10'),
        house_emphasis: z
          .array(z.object({ house: z.number().int(), planets: z.array(z.string()) }))
          .describe('houses holding planets, most occupied first'),
        warnings: z.array(z.string()),
        image: ChartImage.nullable(),
      }),
    ),
  })
  .meta({ id: 'Returns', example: returnsExample });
