// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** Shadbala, Sade Sati, Manglik dosha and remedies (vedic/routes.ts). */
export const vedicPrices = {
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
} as const;

/** Kundli, dasha, ashtakavarga, panchang, matching and doshas (vedic/routes.ts). */
export const vedicEverydayPrices = {
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
} as const;
