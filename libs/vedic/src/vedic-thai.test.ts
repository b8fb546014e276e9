import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { ProseSample } from '@astro/text';
import { proseIssues } from '../../../test/support/prose-check';
import { manglikDosha } from './manglik';
import { natalChart } from './chart/natal-chart';
import { vedicRemedies } from './remedies';
import { sadeSati } from './sade-sati';

const ephemerisPath = loadConfig({}).ephemerisPath;
const THAI = /[\u0E00-\u0E7F]/;
const base = { time: '06:00', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
// Births spread over 1950–2010 (every 97 days), asked on dates spread over 2000–2030: all phases of
// Sade Sati, Manglik present, absent and cancelled, weak and debilitated planets all occur.
const BIRTHS = Array.from({ length: 60 }, (_, i) => ({
  ...base,
  date: new Date(Date.UTC(1950, 0, 3) + i * 367 * 86_400_000).toISOString().slice(0, 10),
}));
const asked = (i: number) => new Date(Date.UTC(2000, 0, 1) + i * 181 * 86_400_000);

describe('Sade Sati and Manglik in Thai (locale th)', () => {
  const samples: ProseSample[] = [];
  const phases = new Set<number>();
  const manglik = new Set<string>();
  for (const [i, birth] of BIRTHS.entries()) {
    const s = sadeSati(birthOf(birth), asked(i), ephemerisPath, 'th');
    phases.add(s.currentPhase);
    samples.push({ key: `sade_sati ${birth.date} phase`, language: 'th', text: s.phaseDescription });
    s.remedies.forEach((r, j) => samples.push({ key: `sade_sati remedy ${j}`, language: 'th', text: r }));
    const m = manglikDosha(natalChart(birthOf(birth), ephemerisPath), 'th');
    manglik.add(m.has_dosha ? 'present' : m.cancellations.length > 0 ? 'cancelled' : 'absent');
    samples.push({ key: `manglik ${birth.date}`, language: 'th', text: m.description });
    m.remedies.forEach((r, j) => samples.push({ key: `manglik remedy ${j}`, language: 'th', text: r }));
  }

  it('covers every phase and every Manglik outcome', () => {
    expect([...phases].sort()).toEqual([0, 1, 2, 3]);
    expect([...manglik].sort()).toEqual(['absent', 'cancelled', 'present']);
  });

  it("writes every description and remedy in Thai, with no English sentence (the prose check's rule)", () => {
    for (const s of samples) expect(s.text).toMatch(THAI);
    expect(proseIssues(samples)).toEqual([]);
  });

  it('stays English by default, as the spec has it', () => {
    const s = sadeSati(birthOf(BIRTHS[0]), asked(0), ephemerisPath);
    expect(s.phaseDescription).not.toMatch(THAI);
    expect(s.remedies[0]).toBe('Recite the Hanuman Chalisa or the Shani stotra on Saturdays.');
    expect(manglikDosha(natalChart(birthOf(BIRTHS[0]), ephemerisPath)).description).toMatch(/^Mars is in /);
  });
});

describe('remedies list each planet once', () => {
  // 2020-04-01 06:00 Bangkok: Jupiter at about 0° sidereal Capricorn (its debilitation, Lahiri) and
  // below its Shadbala requirement: two signals, one recommendation.
  const birth = birthOf({ ...base, date: '2020-04-01' });

  it.each(['en', 'th'] as const)('gives a weak and debilitated Jupiter one recommendation with both reasons (%s)', (locale) => {
    const r = vedicRemedies(birth, locale, new Date('2026-05-01T00:00:00Z'), ephemerisPath);
    expect(r.signals).toEqual(expect.arrayContaining(['weak_jupiter', 'debilitated_jupiter']));
    const jupiter = r.recommendations.filter((x) => x.title.includes('Jupiter'));
    expect(jupiter).toHaveLength(1);
    expect(jupiter[0]).toMatchObject({ id: 'rem_debilitated_jupiter', signal: 'debilitated_jupiter' });
    expect(new Set(r.recommendations.map((x) => x.title)).size).toBe(r.recommendations.length);
    if (locale === 'en')
      expect(jupiter[0].traditional_context).toMatch(
        /^By Shadbala Jupiter reaches \d+% .* Jupiter stands in Capricorn, its sign of debilitation/,
      );
  });

  it('never repeats a recommendation or a remedy over many charts, in either language', () => {
    const issues: string[] = [];
    for (const [i, b] of BIRTHS.entries()) {
      for (const locale of ['en', 'th'] as const) {
        const r = vedicRemedies(birthOf(b), locale, asked(i), ephemerisPath);
        const titles = r.recommendations.map((x) => x.title);
        if (new Set(titles).size !== titles.length) issues.push(`${b.date} ${locale}: ${titles.join(' | ')}`);
        if (new Set(r.recommendations.map((x) => x.traditional_context)).size !== titles.length)
          issues.push(`${b.date} ${locale}: repeated context`);
      }
      const s = sadeSati(birthOf(b), asked(i), ephemerisPath, 'th');
      const m = manglikDosha(natalChart(birthOf(b), ephemerisPath), 'th');
      for (const list of [s.remedies, m.remedies]) if (new Set(list).size !== list.length) issues.push(`${b.date}: repeated remedy`);
    }
    expect(issues).toEqual([]);
  });
});
