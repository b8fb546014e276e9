import { BaziReport, BaziRequest, QimenChart, QimenRequest } from './chinese';
import { SajuReport, SajuRequest } from './saju';
import { CalculationSpec } from '../shared/calculation';
import { ok, routesWith } from '../shared/route-spec';

/** The pillars change at the solar terms: the instants the Sun reaches multiples of 15° of tropical longitude. */
const SOLAR_TERMS: CalculationSpec = {
  zodiac: 'tropical',
  ephemeris: true,
  method:
    "solar terms are the instants the Sun's apparent tropical longitude reaches a multiple of 15° (Swiss Ephemeris); the instant is the birth (or the chart's moment)",
};

/** Routes of the `Chinese & Korean` tag. */
export const chineseKoreanRoutes = routesWith({ tag: 'Chinese & Korean', method: 'POST', auth: 'api_key' })({
  koreanSaju: {
    calculation: SOLAR_TERMS,
    path: '/api/v3/korean/saju',
    summary: 'Korean Saju chart: four pillars, hidden stems, ten gods, elements, interactions, major and annual luck, reading',
    description:
      'Year from Ipchun and months from the jeol terms (Swiss Ephemeris instants, compared in UTC), day from the sexagenary day count, hour from the local clock time. Conventions: docs/saju.md.',
    operation: 'korean_saju',
    body: SajuRequest,
    success: ok('the Saju chart', SajuReport),
  },
  chineseBazi: {
    calculation: SOLAR_TERMS,
    path: '/api/v3/chinese/bazi',
    summary:
      'BaZi chart: pillars with Na Yin, hidden stems, ten gods, life stages, void branches, symbolic stars, strength, favourable elements, luck and annual pillars, reading in zh/en/th',
    description:
      'The four-pillar engine of the Saju endpoint (jeol terms from the Swiss Ephemeris), presented the Chinese way; optional true solar time and the Zi-hour convention. Conventions and sources: docs/chinese.md.',
    operation: 'chinese_bazi',
    body: BaziRequest,
    success: ok('the BaZi chart', BaziReport),
  },
  chineseQimen: {
    calculation: SOLAR_TERMS,
    path: '/api/v3/chinese/qimen',
    summary:
      'Qi Men Dun Jia hour chart (时家奇门): rotating plate, split-method ju, centre lodged in Kun 2; nine palaces, marks, patterns, SVG board',
    description:
      "Dun and ju from the solar term in force (exact instant) and the day's yuan (拆补法), 转盘, 中五寄坤二, 23:00 starts the next day. Every rule and its source: docs/chinese.md.",
    operation: 'chinese_qimen',
    body: QimenRequest,
    success: ok('the Qi Men chart', QimenChart),
  },
});
