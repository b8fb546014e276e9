import { z } from 'zod';
import { BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
import { SafetyMode } from '../shared/voice';
import { ChartBody, ChartImage, ChartImageFields } from './chart';
import { HouseSystemField } from '../shared/chart-options';
import { AspectRecord, Elements, Modalities } from './chart-parts';
// The response of a real call with the request example below (test/western-api.test.ts checks it).
import synastryExample from './examples/western-synastry.json';

// ---- POST /api/v3/western/synastry ----

const Person = withBirthTimeZone(
  z
    .object({ ...BirthSubjectFields, name: z.string().min(1).max(120).optional().describe('used in the sentences; default A / B') })
    .strict(),
).meta({ id: 'SynastryPerson' });
const Locale = z.enum(['en', 'th']).default('en').describe('language of the interpretation snippets');

export const SynastryRequest = z
  .object({
    person_a: Person,
    person_b: Person,
    house_system: HouseSystemField,
    locale: Locale,
    safety_mode: SafetyMode.default('default').describe(
      "the texts' variant, as in the synastry PDF's brand profile: `workplace` writes of working together and leaves romance, health and hiring out",
    ),
    ...ChartImageFields,
  })
  .strict()
  .meta({
    id: 'SynastryRequest',
    example: {
      person_a: { name: 'Ananya', date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezone: 'Asia/Bangkok' },
      person_b: { name: 'James', date: '1988-11-02', time: '07:15', latitude: 51.5074, longitude: -0.1278, timezone: 'Europe/London' },
      house_system: 'P',
      locale: 'en',
    },
  });

const BalanceSide = z.object({ elements: Elements, modalities: Modalities, leading_element: z.enum(['fire', 'earth', 'air', 'water']) });
const SynastryChart = z.object({
  name: z.string(),
  instant_utc: z.string(),
  house_system: z.string(),
  chart: ChartBody,
  warnings: z.array(z.string()),
});

export const SynastryResponse = z
  .object({
    system: z.literal('western'),
    locale: z.enum(['en', 'th']),
    person_a: SynastryChart,
    person_b: SynastryChart,
    inter_aspects: z.array(AspectRecord).describe('person A body (a) to person B body (b), Sun–Pluto, natal orbs, tightest first'),
    overlays_a_in_b: z
      .array(z.object({ planet: z.string(), house: z.number().int().min(1).max(12) }))
      .describe("A's planets in B's houses"),
    overlays_b_in_a: z
      .array(z.object({ planet: z.string(), house: z.number().int().min(1).max(12) }))
      .describe("B's planets in A's houses"),
    balance: z.object({ a: BalanceSide, b: BalanceSide, verdict: z.enum(['same', 'compatible', 'different']) }),
    compatibility: z.object({
      score: z.number().int().min(0).max(100).describe('50 plus the points of every factor, clamped to 0–100'),
      factors: z.array(
        z.object({
          kind: z.enum(['aspect', 'element']),
          description_key: z.string(),
          a: z.string(),
          b: z.string(),
          aspect: z.string().optional(),
          points: z.number(),
        }),
      ),
    }),
    interpretation: z.object({
      intro: z.string(),
      inter_aspects: z
        .array(z.object({ a: z.string(), b: z.string(), type: z.string(), title: z.string(), meaning: z.string() }))
        .describe('the 30 tightest'),
      overlays_a_in_b: z.array(z.string()),
      overlays_b_in_a: z.array(z.string()),
      balance: z.string(),
      compatibility: z.object({ score: z.string(), explained: z.string(), factors: z.array(z.string()) }),
    }),
    image: ChartImage.nullable().describe("bi-wheel: A inside with A's houses, B on the outer ring"),
  })
  .meta({ id: 'Synastry', example: synastryExample });
