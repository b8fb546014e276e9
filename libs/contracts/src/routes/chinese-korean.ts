import { BaziReport, BaziRequest, QimenChart, QimenRequest } from '../chinese';
import { SajuReport, SajuRequest } from '../saju';
import { CHARGED_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Chinese & Korean` tag. */
export const chineseKoreanRoutes = {
  koreanSaju: {
    operationId: 'koreanSaju',
    method: 'POST',
    path: '/api/v3/korean/saju',
    tag: 'Chinese & Korean',
    summary: 'Korean Saju chart: four pillars, hidden stems, ten gods, elements, interactions, major and annual luck, reading',
    description:
      'Year from Ipchun and months from the jeol terms (Swiss Ephemeris instants, compared in UTC), day from the sexagenary day count, hour from the local clock time. Conventions: docs/saju.md.',
    auth: 'api_key',
    operation: 'korean_saju',
    body: SajuRequest,
    success: { status: 200, description: 'the Saju chart', schema: SajuReport },
    errors: CHARGED_ERRORS,
  },
  chineseBazi: {
    operationId: 'chineseBazi',
    method: 'POST',
    path: '/api/v3/chinese/bazi',
    tag: 'Chinese & Korean',
    summary:
      'BaZi chart: pillars with Na Yin, hidden stems, ten gods, life stages, void branches, symbolic stars, strength, favourable elements, luck and annual pillars, reading in zh/en/th',
    description:
      'The four-pillar engine of the Saju endpoint (jeol terms from the Swiss Ephemeris), presented the Chinese way; optional true solar time and the Zi-hour convention. Conventions and sources: docs/chinese.md.',
    auth: 'api_key',
    operation: 'chinese_bazi',
    body: BaziRequest,
    success: { status: 200, description: 'the BaZi chart', schema: BaziReport },
    errors: CHARGED_ERRORS,
  },
  chineseQimen: {
    operationId: 'chineseQimen',
    method: 'POST',
    path: '/api/v3/chinese/qimen',
    tag: 'Chinese & Korean',
    summary:
      'Qi Men Dun Jia hour chart (时家奇门): rotating plate, split-method ju, centre lodged in Kun 2; nine palaces, marks, patterns, SVG board',
    description:
      "Dun and ju from the solar term in force (exact instant) and the day's yuan (拆补法), 转盘, 中五寄坤二, 23:00 starts the next day. Every rule and its source: docs/chinese.md.",
    auth: 'api_key',
    operation: 'chinese_qimen',
    body: QimenRequest,
    success: { status: 200, description: 'the Qi Men chart', schema: QimenChart },
    errors: CHARGED_ERRORS,
  },
} as const satisfies Record<string, RouteSpec>;
