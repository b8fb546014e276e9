// The prices of one area's operations, in credits. ../pricing.ts composes every area's table into PRICES, in
// the order GET /v1/pricing and the README list them; the routes name these operations (`operation`).

/** Face and palm readings, one price per sku (visual-readings/routes.ts). */
export const visualReadingPrices = {
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
} as const;
