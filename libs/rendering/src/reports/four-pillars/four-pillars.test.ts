import { loadConfig } from '@astro/config';
import { baziReport } from '@astro/chinese';
import { birthOf } from '@astro/ephemeris';
import { MEAN_YEAR_MS, sajuReport } from '@astro/saju';
import { pageTexts, ProseSample, WORKPLACE_BANNED } from '@astro/text';
import {
  htmlBlocks,
  proseBlocks,
  repeatedPhrases,
  repeatedSentences,
  textRuleFindings,
  THAI_SEAM_RULES,
  thaiWordingRules,
} from '../../../../../test/support/document-checks';
import { proseIssues } from '../../../../../test/support/prose-check';
import { DEFAULT_BRANDING } from '../../branding';
import { renderContext } from '../common';
import { reportHtml } from '..';
import { computeBaziReport, computeSajuReport, FourPillarsData } from './compute';
import { fourPillarsDocument } from './report';

/**
 * The Saju and BaZi reports against the calculation routes' own functions (sajuReport of
 * POST /api/v3/korean/saju, baziReport of POST /api/v3/chinese/bazi) for many births, and as a
 * reader reads them: every luck period and both years read, no phrase printed three times, no
 * sentence twice, Thai without English, the prose check, and no romance or health in workplace mode.
 */
const ephemerisPath = loadConfig({}).ephemerisPath;
const AS_OF = '2026-03-10';

type Birth = { date: string; time: string; latitude: number; longitude: number; timezoneOffsetMinutes: number; timezone?: string };
const PLACES = [
  { latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420, timezone: 'Asia/Bangkok' },
  { latitude: 37.57, longitude: 126.98, timezoneOffsetMinutes: 540, timezone: 'Asia/Seoul' },
  { latitude: 31.23, longitude: 121.47, timezoneOffsetMinutes: 480, timezone: 'Asia/Shanghai' },
];
/** 30 births spread over 1935–2015 and the hours of the day (a fixed pseudo-random walk, so the test is repeatable). */
const BIRTHS: (Birth & { gender: 'male' | 'female' })[] = Array.from({ length: 30 }, (_, i) => {
  const day = new Date(Date.UTC(1935, 0, 1) + ((i * 977_513) % 29_200) * 86_400_000 + i * 3_600_000);
  const place = PLACES[i % 3];
  const hour = (i * 7) % 24;
  const time = `${String(hour).padStart(2, '0')}:${String((i * 13) % 60).padStart(2, '0')}`;
  return { date: day.toISOString().slice(0, 10), time, ...place, gender: i % 2 === 0 ? 'female' : 'male' };
});
// the summer of the Seoul Olympics (Korea kept summer time in 1987 and 1988), and a birth in the late Zi hour
BIRTHS.push({ date: '1987-07-15', time: '10:30', ...PLACES[1], gender: 'male' });
BIRTHS.push({ date: '1990-05-15', time: '23:30', ...PLACES[2], gender: 'female' });

const sajuData = (b: Birth & { gender: 'male' | 'female' }) =>
  computeSajuReport(
    { birth_subject: b, name: 'Ploy', gender: b.gender, as_of: AS_OF, dst: 'standard_time', ja_hour_convention: 'next_day_at_23' },
    ephemerisPath,
  );
const baziData = (b: Birth & { gender: 'male' | 'female' }) =>
  computeBaziReport(
    { birth_subject: b, name: 'Ploy', gender: b.gender, as_of: AS_OF, dst: 'standard_time', zi_hour: 'next_day', true_solar_time: false },
    ephemerisPath,
  );
const pillarsOf = (d: FourPillarsData) =>
  (['year', 'month', 'day', 'hour'] as const).map((n) => d.chart.pillars[n].stem + d.chart.pillars[n].branch);

describe.each(BIRTHS)('a birth on $date at $time ($timezone)', (b) => {
  const saju = sajuData(b);
  const bazi = baziData(b);

  it('prints the pillars, luck periods and years of the calculation routes', () => {
    const sajuRoute = sajuReport({ birth: birthOf(b), gender: b.gender, reference_date: AS_OF }, ephemerisPath);
    const baziRoute = baziReport({ ...b, gender: b.gender }, ephemerisPath);
    const routePillars = (['year', 'month', 'day', 'hour'] as const).map((n) => sajuRoute.pillars[n].stem + sajuRoute.pillars[n].branch);
    expect(pillarsOf(saju)).toEqual(routePillars);
    expect(pillarsOf(bazi)).toEqual((['year', 'month', 'day', 'hour'] as const).map((n) => baziRoute.pillars[n].gan_zhi));
    expect(saju.chart.luck.periods.map((p) => p.stem + p.branch)).toEqual(sajuRoute.major_luck.periods.map((p) => p.stem + p.branch));
    expect(bazi.chart.luck.periods.map((p) => p.stem + p.branch)).toEqual(baziRoute.luck_pillars.periods.map((p) => p.gan_zhi));
    // Saju: the ages the Saju route's own reading says (its periods' start, rounded); BaZi: the route's start ages
    const birthMs = birthOf(b).instant.getTime();
    expect(saju.chart.luck.periods.map((p) => p.age)).toEqual(
      sajuRoute.major_luck.periods.map((p) => Math.round((Date.parse(p.approximate_start_utc) - birthMs) / MEAN_YEAR_MS)),
    );
    expect(bazi.chart.luck.periods.map((p) => p.age)).toEqual(baziRoute.luck_pillars.periods.map((p) => p.start_age.years));
    expect(bazi.chart.luck.periods.map((p) => p.startDate)).toEqual(baziRoute.luck_pillars.periods.map((p) => p.start_local.slice(0, 10)));
    // the year read: the sexagenary year the Saju route's reading is anchored to on that day
    expect(saju.chart.years[0].civilYear).toBe(sajuRoute.reading_as_of.annual_civil_year);
    expect(saju.chart.years[0].stem + saju.chart.years[0].branch).toBe(sajuRoute.reading_as_of.annual_pillar);
    expect(saju.chart.favourable[0]).toBe(sajuRoute.five_elements.balance.favorable);
  });

  it('gives Saju and BaZi the same pillars and luck start, the ages differing only by the stated rounding', () => {
    expect(pillarsOf(saju)).toEqual(pillarsOf(bazi));
    expect(saju.chart.luck.start).toEqual(bazi.chart.luck.start);
    const exactYears = saju.chart.luck.minutesToTerm / 4320;
    expect(saju.chart.luck.periods[0].age).toBe(Math.round(exactYears));
    expect(bazi.chart.luck.periods[0].age).toBe(Math.floor(exactYears));
    expect(saju.chart.luck.periods.map((p, i) => p.age - 10 * i)).toEqual(Array(10).fill(saju.chart.luck.periods[0].age));
  });
});

describe('the documents as a reader reads them', () => {
  const samples: ProseSample[] = [];
  const findings: string[] = [];
  const modes = ['default', 'workplace'] as const;

  beforeAll(() => {
    for (const b of BIRTHS)
      for (const [kind, data] of [
        ['saju', sajuData(b)],
        ['bazi', baziData(b)],
      ] as const)
        for (const locale of ['en', 'th'] as const)
          for (const safety_mode of modes) {
            const ctx = renderContext(locale, { ...DEFAULT_BRANDING, safety_mode }, null);
            const html = reportHtml({ kind, data }, ctx);
            const where = `${kind} ${locale} ${safety_mode} ${b.date} ${b.time}`;
            const prose = html.replace(/<section class="(cover|contents)">[\s\S]*?<\/section>/g, '');
            const blocks = htmlBlocks(prose);
            const doc = fourPillarsDocument(kind, data, ctx);
            const periods = doc.sections[7].blocks.filter((x) => x.kind === 'subheading');
            const found = [
              ...repeatedPhrases(proseBlocks(html)).map((f) => `phrase ${f}`),
              ...repeatedSentences(blocks).map((f) => `sentence ${f}`),
              ...(periods.length === 10 ? [] : [`${periods.length} luck periods read`]),
              ...(locale === 'th' ? textRuleFindings(blocks, [...THAI_SEAM_RULES, ...thaiWordingRules(['Ploy'])]) : []),
              ...(safety_mode === 'workplace'
                ? // (the disclaimer, which names these limits, is the one text left out)
                  blocks
                    .filter((x) => x !== ctx.chart.disclaimers.workplace && WORKPLACE_BANNED[locale].test(x))
                    .map((x) => `workplace: ${x.slice(0, 80)}`)
                : []),
            ];
            findings.push(...found.map((f) => `${where}: ${f}`));
            if (safety_mode === 'default' && samples.length < 4000)
              pageTexts(html).forEach((text, i) => samples.push({ key: `${where} ${i}`, language: locale, text }));
          }
  }, 600_000);

  it('reads all ten luck periods, repeats no phrase or sentence, keeps Thai Thai and the workplace clear of romance and health', () => {
    expect(findings).toEqual([]);
  });

  it('passes the prose check', () => {
    expect(proseIssues(samples)).toEqual([]);
  });
});
