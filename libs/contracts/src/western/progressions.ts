import { z } from 'zod';
import { CalendarDate } from '../shared/calendar-date';
import { BirthSubject } from '../shared/birth-subject';
import { ChartImage, ChartImageFields } from './chart';
import { HouseSystemField } from '../shared/chart-options';
import { Angles, AspectRecord, ChartPlanet, HouseCusp, Sign } from './chart-parts';
// The response of a real call with the request example below (test/western-api.test.ts checks it).
import progressionsExample from './examples/western-progressions.json';

// ---- POST /api/v3/western/progressions ----

export const ProgressionsRequest = z
  .object({
    birth_subject: BirthSubject,
    target_date: CalendarDate.describe('the date the progressed chart is for (00:00 at the birth offset)'),
    mc_method: z
      .enum(['solar_arc', 'naibod', 'quotidian'])
      .default('solar_arc')
      .describe(
        'progressed MC: solar_arc (natal MC + solar arc in longitude), naibod (ARMC + 59′08″ a year), quotidian (the ARMC of the progressed day)',
      ),
    years_ahead: z
      .number()
      .int()
      .min(1)
      .max(30)
      .default(10)
      .describe('progressed Moon sign and phase changes in this many years after target_date'),
    house_system: HouseSystemField,
    ...ChartImageFields,
  })
  .strict()
  .meta({
    id: 'ProgressionsRequest',
    example: {
      birth_subject: { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' },
      target_date: '2026-01-01',
      years_ahead: 5,
    },
  });

const DirectedPoint = z.object({ name: z.string(), longitude: z.number(), sign: Sign, sign_degree: z.number() });

export const ProgressionsResponse = z
  .object({
    system: z.literal('western'),
    target_utc: z.string(),
    age_years: z.number(),
    progressed_utc: z.string().describe('the ephemeris instant whose sky is the progressed chart (a day per year of life)'),
    progressed_julian_day_ut: z.number(),
    mc_method: z.enum(['solar_arc', 'naibod', 'quotidian']),
    chart: z.object({
      planets: z.array(ChartPlanet.extend({ speed: z.number().describe('degrees per progressed day = per year of life') })),
      houses: z.array(HouseCusp).length(12),
      angles: Angles,
      house_system_used: z.string(),
      warnings: z.array(z.string()),
    }),
    progressed_to_natal: z.array(AspectRecord).describe('progressed point (a) to natal point (b), Ptolemaic aspects within 1°'),
    solar_arc: z.object({
      arc: z.number().describe('progressed Sun − natal Sun, degrees'),
      directed: z.array(DirectedPoint),
      directed_to_natal: z.array(AspectRecord).describe('directed point (a) to natal point (b), within 1°'),
    }),
    moon: z.object({
      phase: z.enum(['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic']),
      elongation: z.number().describe('progressed Moon − progressed Sun, degrees'),
      sign: Sign,
      events: z.array(
        z.object({
          kind: z.enum(['moon_sign', 'moon_phase']),
          utc: z.string().describe('the real date the event falls on'),
          progressed_utc: z.string(),
          sign: Sign.optional(),
          phase: z.enum(['new', 'crescent', 'first_quarter', 'gibbous', 'full', 'disseminating', 'last_quarter', 'balsamic']).optional(),
        }),
      ),
    }),
    image: ChartImage.nullable().describe('bi-wheel: the natal chart inside, the progressed planets on the outer ring'),
  })
  .meta({ id: 'Progressions', example: progressionsExample });
