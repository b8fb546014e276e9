// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** The Korean Saju route (chinese-korean/routes.ts). */
export const sajuPrices = {
  korean_saju: {
    credits: 3,
    endpoint: 'POST /api/v3/korean/saju',
    description: 'Korean Saju chart with major and annual luck and a reading',
  },
} as const;

/** The Chinese BaZi and Qi Men routes (chinese-korean/routes.ts). */
export const chinesePrices = {
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
} as const;
