// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** The pipeline probe (reports/routes.ts, jobRoutes). */
export const jobPrices = {
  pipeline_probe: {
    credits: 1,
    endpoint: 'POST /v1/pipeline-probes',
    description: 'Asynchronous job that exercises queue, worker, storage and refund end to end',
  },
} as const;

/** The PDF reports (reports/routes.ts, reportRoutes). */
export const reportPrices = {
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
  report_saju: { credits: 30, endpoint: 'POST /api/v3/reports/saju/pdf', description: 'Korean Saju PDF report' },
  report_bazi: { credits: 30, endpoint: 'POST /api/v3/reports/bazi/pdf', description: 'Chinese BaZi PDF report' },
} as const;

/** The Vedic PDF reports (reports/vedic-routes.ts). */
export const vedicReportPrices = {
  report_vedic_kundli: { credits: 40, endpoint: 'POST /api/v3/reports/vedic-kundli/pdf', description: 'Vedic kundli PDF report' },
  report_vedic_matching: {
    credits: 40,
    endpoint: 'POST /api/v3/reports/vedic-matching/pdf',
    description: 'Vedic match (Ashtakoot) PDF report',
  },
} as const;

/** The Thai life and Qi Men PDF reports (reports/thai-qimen-routes.ts). */
export const thaiQimenReportPrices = {
  report_thai_life: { credits: 30, endpoint: 'POST /api/v3/reports/thai-life/pdf', description: 'Thai life (Maha Thaksa) PDF report' },
  report_qimen: { credits: 30, endpoint: 'POST /api/v3/reports/qimen/pdf', description: 'Qi Men Dun Jia PDF report' },
} as const;
