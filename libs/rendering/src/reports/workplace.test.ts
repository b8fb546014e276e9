import { loadConfig } from '@astro/config';
import { forMode, textsOf, WORKPLACE_BANNED as BANNED, workplaceOffences as offending } from '@astro/text';
import { instantFromLocal } from '@astro/ephemeris';
import { contentFor, synastryCharts } from '@astro/western';
import en from '../content/en.json';
import th from '../content/th.json';
import depthEn from '../content/depth.en.json';
import depthTh from '../content/depth.th.json';
import synastryEn from '../content/synastry.en.json';
import synastryTh from '../content/synastry.th.json';
import { resolveBranding } from '../branding';
import { renderContext } from './common';
import { computeReportData, ReportData, reportHtml } from '.';
import { synastryInterpretation } from './synastry-report';

describe('workplace mode: no romance, health or hiring', () => {
  it.each([
    ['en', { en, depth: depthEn, synastry: synastryEn }],
    ['th', { th, depth: depthTh, synastry: synastryTh }],
  ] as const)('in any %s text a report or the synastry response can use in workplace mode', (locale, files) => {
    // every text of the report content in its workplace variant, and the chart vocabulary of
    // @astro/western the reports and the natal reading share (its disclaimer names the limits)
    const { disclaimers, ...chart } = contentFor(locale).content;
    const texts = [...textsOf(forMode(files, 'workplace')), ...textsOf(forMode(chart, 'workplace'), 'western')];
    expect(texts.length).toBeGreaterThan(1000);
    expect(offending(texts, locale)).toEqual([]);
    expect(disclaimers.workplace).toBeTruthy();
  });

  it('finds the themes where the default texts speak of them (the word lists work)', () => {
    expect(offending(textsOf(forMode(synastryEn, 'default')), 'en').length).toBeGreaterThan(40);
    expect(offending(textsOf(forMode(synastryTh, 'default')), 'th').length).toBeGreaterThan(40);
    expect(offending(textsOf(forMode(depthTh, 'default')), 'th').length).toBeGreaterThan(20);
  });

  const ephemerisPath = loadConfig({}).ephemerisPath;
  const person = (name: string, date: string, time: string, latitude: number, longitude: number, offset: number) => ({
    name,
    date,
    time,
    latitude,
    longitude,
    timezoneOffsetMinutes: offset,
  });
  const PEOPLE = [
    person('Ploy', '1985-03-10', '11:20', 13.75, 100.5, 420),
    person('Niran', '1990-05-16', '19:30', 13.75, 100.5, 420),
    person('Ada', '1977-10-23', '06:05', 51.5, -0.12, 60),
    person('Somchai', '1969-07-21', '02:56', 18.79, 98.98, 420),
  ];
  const reports: ReportData[] = [
    ...PEOPLE.slice(1).map((b, i) =>
      computeReportData({ kind: 'synastry_premium', input: { person_a: PEOPLE[i], person_b: b, house_system: 'P' } }, ephemerisPath),
    ),
    computeReportData(
      { kind: 'solar_return', input: { birth_subject: PEOPLE[2], target_year: 2026, house_system: 'P', name: 'Ada' } },
      ephemerisPath,
    ),
    computeReportData(
      {
        kind: 'transit_window',
        input: { birth_subject: PEOPLE[3], start_date: '2026-01-01', end_date: '2026-03-31', house_system: 'P', name: 'Somchai' },
      },
      ephemerisPath,
    ),
  ];
  const workplace = resolveBranding(null, { brand_name: 'Team Compass', safety_mode: 'workplace' });
  /** The words a reader sees: no style sheet, no wheel, no markup, and not the disclaimer (it names the limits). */
  const words = (html: string) =>
    html
      .replace(/<style[\s\S]*?<\/style>|<svg[\s\S]*?<\/svg>|<div class="disclaimer">[\s\S]*?<\/div>/g, ' ')
      .replace(/<[^>]+>/g, '\n')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');

  it.each(['en', 'th'] as const)('in the %s reports rendered in workplace mode (synastry, solar return, transit window)', (locale) => {
    const ctx = renderContext(locale, workplace, null);
    for (const report of reports) {
      const lines = words(reportHtml(report, ctx))
        .split('\n')
        .map((text) => ({ path: report.kind, text }));
      expect(offending(lines, locale)).toEqual([]);
    }
    // the same reports in the default mode do speak of love
    const synastry = words(reportHtml(reports[0], renderContext(locale, resolveBranding(null, {}), null)));
    expect(synastry).toMatch(BANNED[locale]);
  });

  it.each(['en', 'th'] as const)('in the %s synastry response texts in workplace mode', (locale) => {
    const ctx = renderContext(locale, workplace, null);
    for (let i = 0; i + 1 < PEOPLE.length; i++) {
      const [a, b] = [PEOPLE[i], PEOPLE[i + 1]];
      const at = (p: typeof a) => ({
        instant: instantFromLocal(p.date, p.time, p.timezoneOffsetMinutes * 60),
        latitude: p.latitude,
        longitude: p.longitude,
        offsetSeconds: p.timezoneOffsetMinutes * 60,
        timezone: null,
      });
      const pair = synastryCharts(at(a), at(b), 'P', ephemerisPath);
      const texts = textsOf(synastryInterpretation(ctx, { name: a.name, natal: pair.a }, { name: b.name, natal: pair.b }, pair.synastry));
      expect(texts.length).toBeGreaterThan(30);
      expect(offending(texts, locale)).toEqual([]);
    }
  });
});
