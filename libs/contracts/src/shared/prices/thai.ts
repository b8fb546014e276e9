// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** The Thai calendar and timing routes (thai/routes.ts); thai_lunar_date prices the civil-date route too. */
export const thaiPrices = {
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
} as const;
