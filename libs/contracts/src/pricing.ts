import { z } from 'zod';

/**
 * The price of every chargeable operation, in credits. This table is the only place prices live:
 * the API charges from it, GET /v1/pricing serves it and the README reproduces it.
 */
export const PRICES = {
  planets: { credits: 1, endpoint: 'GET /v1/planets', description: 'Geocentric positions of Sun to Pluto, true node and Chiron' },
  pipeline_probe: {
    credits: 1,
    endpoint: 'POST /v1/pipeline-probes',
    description: 'Asynchronous job that exercises queue, worker, storage and refund end to end',
  },
  natal_chart: {
    credits: 2,
    endpoint: 'POST /v1/natal-chart',
    description: 'Natal chart with houses, aspects and balance; the interpretation is included at no extra cost',
  },
  composite_chart: {
    credits: 3,
    endpoint: 'POST /api/v3/western/composite-chart',
    description: 'Midpoint composite chart, cross aspects and 30 days of transits to it',
  },
  western_synastry: {
    credits: 3,
    endpoint: 'POST /api/v3/western/synastry',
    description: 'Synastry: both charts, inter-aspects, overlays, balance, compatibility score and snippets',
  },
  western_transits: {
    credits: 4,
    endpoint: 'POST /api/v3/western/transits',
    description: 'Exact transits, orb entry and exit, stations and ingresses for up to 366 days',
  },
  western_progressions: {
    credits: 3,
    endpoint: 'POST /api/v3/western/progressions',
    description: 'Secondary progressions, solar arc directions and the progressed Moon',
  },
  western_returns: {
    credits: 3,
    endpoint: 'POST /api/v3/western/returns',
    description: 'Solar or lunar return instants and charts, relocatable',
  },
  report_synastry_premium: {
    credits: 50,
    endpoint: 'POST /api/v3/reports/synastry-premium/pdf',
    description: 'Premium synastry PDF report',
  },
  report_transit_window: {
    credits: 40,
    endpoint: 'POST /api/v3/reports/transit-window/pdf',
    description: 'Transit-window PDF report (up to 31 days)',
  },
  report_solar_return: { credits: 30, endpoint: 'POST /api/v3/reports/solar-return/pdf', description: 'Solar-return PDF report' },
  korean_saju: {
    credits: 3,
    endpoint: 'POST /api/v3/korean/saju',
    description: 'Korean Saju chart with major and annual luck and a reading',
  },
  shadbala: {
    credits: 5,
    endpoint: 'POST /api/v3/vedic/shadbala',
    description: 'Complete six-family Shadbala of Sun to Saturn (Pro tier)',
  },
  sade_sati: {
    credits: 2,
    endpoint: 'POST /api/v3/vedic/sade-sati',
    description: "Sade Sati phase and period from Saturn's sidereal ingresses",
  },
  manglik_dosha: {
    credits: 2,
    endpoint: 'POST /api/v3/vedic/manglik-dosha',
    description: 'Manglik (Kuja) dosha with cancellations and severity',
  },
  vedic_remedies: {
    credits: 3,
    endpoint: 'POST /api/v3/vedic/remedies',
    description: 'Traditional remedies for signals read from the chart, English and Thai',
  },
  visual_face_json: {
    credits: 10,
    endpoint: 'POST /api/v3/visual-readings/face/jobs',
    description: 'Face reading, sku json: measured proportions and the reading as JSON',
  },
  visual_face_branded: {
    credits: 20,
    endpoint: 'POST /api/v3/visual-readings/face/jobs',
    description: 'Face reading, sku branded: JSON plus a branded hosted page and PDF',
  },
  visual_face_premium: {
    credits: 30,
    endpoint: 'POST /api/v3/visual-readings/face/jobs',
    description: 'Face reading, sku premium: longer reading, annotated photo with the landmarks',
  },
  visual_palm_json: {
    credits: 15,
    endpoint: 'POST /api/v3/visual-readings/palm/jobs',
    description: 'Palm reading of both hands, sku json',
  },
  visual_palm_branded: {
    credits: 25,
    endpoint: 'POST /api/v3/visual-readings/palm/jobs',
    description: 'Palm reading of both hands, sku branded: JSON plus hosted page and PDF',
  },
  visual_palm_premium: {
    credits: 40,
    endpoint: 'POST /api/v3/visual-readings/palm/jobs',
    description: 'Palm reading of both hands, sku premium: longer reading, annotated photos',
  },
  chinese_bazi: {
    credits: 3,
    endpoint: 'POST /api/v3/chinese/bazi',
    description: 'Chinese BaZi chart with symbolic stars, luck and annual pillars and a reading',
  },
  chinese_qimen: {
    credits: 3,
    endpoint: 'POST /api/v3/chinese/qimen',
    description: 'Qi Men Dun Jia hour chart with marks, patterns and the board as SVG',
  },
  thai_lunar_date: {
    credits: 1,
    endpoint: 'POST /api/v3/thai/lunar-date',
    description: 'Thai lunar date of a civil date, or the civil date of a lunar date (POST /api/v3/thai/civil-date)',
  },
  thai_holy_days: { credits: 1, endpoint: 'POST /api/v3/thai/holy-days', description: 'Wan Phra and Buddhist festivals of a civil year' },
  thai_almanac: {
    credits: 2,
    endpoint: 'POST /api/v3/thai/almanac',
    description: 'Thai almanac page of a civil month: lunar dates, Wan Phra, festivals',
  },
  thai_maha_thaksa: {
    credits: 2,
    endpoint: 'POST /api/v3/thai/maha-thaksa',
    description: 'Maha Thaksa wheel: positions, lucky and unlucky colours and letters, planetary periods, SVG',
  },
  thai_yam_atthakan: {
    credits: 2,
    endpoint: 'POST /api/v3/thai/yam-atthakan',
    description: 'ยามอัฐกาล: eight day and eight night watches from the real sunrise and sunset, up to 31 days',
  },
  thai_auspicious_timing: {
    credits: 2,
    endpoint: 'POST /api/v3/thai/auspicious-timing',
    description:
      "ฤกษ์ยาม: day-level verdicts (กาลโยค, ดิถีมหาสูญ, the person's Maha Thaksa days) weighted for an activity, with the ยามอัฐกาล watches, up to 31 days",
  },
  numerology_profile: {
    credits: 1,
    endpoint: 'POST /api/v3/numerology/profile',
    description: 'Pythagorean numerology profile with reductions, karmic debts and lessons, en and th',
  },
  numerology_compatibility: {
    credits: 1,
    endpoint: 'POST /api/v3/numerology/compatibility',
    description: 'Life-path compatibility of two people with reasons, en and th',
  },
  uranian_chart: {
    credits: 2,
    endpoint: 'POST /api/v3/uranian/chart',
    description: 'Hamburg School chart: 90° dial, midpoint sort and trees, planetary pictures with meanings',
  },
  uranian_dial: {
    credits: 1,
    endpoint: 'POST /api/v3/uranian/dial',
    description: 'The 90° Uranian dial as SVG with the factors and a pointer',
  },
  tarot_reading: {
    credits: 1,
    endpoint: 'POST /api/v3/tarot/readings',
    description: 'Tarot reading of a spread (1 to 10 cards) with meanings in en and th and a synthesis',
  },
  horoscope_published: {
    credits: 1,
    endpoint: 'GET /api/v3/horoscopes/{sign}/{period}',
    description: 'Published horoscope of a sign for a day, week, month or year',
  },
  horoscope_range: {
    credits: 3,
    endpoint: 'GET /api/v3/horoscopes/{sign}',
    description: 'Published daily horoscopes of a sign for a range of up to 31 days',
  },
  horoscope_personal: {
    credits: 2,
    endpoint: 'POST /api/v3/horoscopes/personal',
    description: 'Personal horoscope from the natal chart for a day, week, month or year',
  },
  vedic_kundli: {
    credits: 2,
    endpoint: 'POST /api/v3/vedic/kundli',
    description: 'Kundli: lagna and nine grahas with nakshatra, dignity, whole-sign houses and the sixteen vargas',
  },
  vedic_dasha: {
    credits: 2,
    endpoint: 'POST /api/v3/vedic/dasha',
    description: 'Vimshottari maha, antar and pratyantar dashas with the balance at birth',
  },
  vedic_ashtakavarga: {
    credits: 2,
    endpoint: 'POST /api/v3/vedic/ashtakavarga',
    description: 'Bhinnashtakavarga of the seven grahas and Sarvashtakavarga',
  },
  vedic_panchang: {
    credits: 2,
    endpoint: 'POST /api/v3/vedic/panchang',
    description:
      'Panchang of a day: vara, tithi, nakshatra, yoga and karana with end times, rise and set times, Rahu kaal and muhurtas, lunar month, samvat',
  },
  vedic_matching: {
    credits: 3,
    endpoint: 'POST /api/v3/vedic/matching',
    description: 'Ashtakoot (Guna Milan) matching of two charts out of 36 with cancellations, Manglik of both and a verdict, en and th',
  },
  vedic_doshas: {
    credits: 2,
    endpoint: 'POST /api/v3/vedic/doshas',
    description: 'Manglik, Kaal Sarp, Pitra, Guru Chandal and Kemadruma doshas with their rules and cancellations, en and th',
  },
} as const satisfies Record<string, { credits: number; endpoint: string; description: string }>;

export type PricedOperation = keyof typeof PRICES;

/**
 * Cultural Intelligence is metered in units against each org's monthly quota, not in credits.
 * A family's price is per item of what it produces (one reflection, one copy block).
 */
export const CI_UNIT_PRICES = {
  team_chemistry: {
    units: 5,
    per: 'reflection',
    endpoint: 'POST /v1/cultural-intelligence/orgs/{org_id}/teams/{team_id}/chemistry-reflection',
  },
  campaign_content: { units: 1, per: 'copy block', endpoint: 'POST /v1/cultural-intelligence/orgs/{org_id}/campaign-content' },
} as const satisfies Record<string, { units: number; per: string; endpoint: string }>;
export type CiFamily = keyof typeof CI_UNIT_PRICES;

export function priceOf(operation: PricedOperation): number {
  return PRICES[operation].credits;
}

export const PricingResponse = z
  .object({
    unit: z.literal('credit'),
    operations: z.array(z.object({ operation: z.string(), credits: z.number().int(), endpoint: z.string(), description: z.string() })),
    cultural_intelligence: z
      .object({
        unit: z.literal('unit'),
        families: z.array(z.object({ family: z.string(), units: z.number().int(), per: z.string(), endpoint: z.string() })),
      })
      .describe("Cultural Intelligence is metered in units against each org's monthly quota, not in credits"),
  })
  .meta({ id: 'Pricing' });
export type PricingResponse = z.infer<typeof PricingResponse>;

export function pricingDocument(): PricingResponse {
  return {
    unit: 'credit',
    operations: Object.entries(PRICES).map(([operation, p]) => ({ operation, ...p })),
    cultural_intelligence: { unit: 'unit', families: Object.entries(CI_UNIT_PRICES).map(([family, p]) => ({ family, ...p })) },
  };
}
