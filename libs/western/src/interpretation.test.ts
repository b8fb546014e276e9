import { loadConfig } from '@astro/config';
import { birthAt } from '@astro/ephemeris';
import { SAFETY_MODES, TONES } from '@astro/contracts';
import { interpretNatalChart, Voice } from './interpretation';
import { natalChart } from './natal';
import { FINANCE_FORBIDDEN, WORKPLACE_FORBIDDEN } from './fixtures/safety-words';

const { chart } = natalChart(
  { birth: birthAt(new Date('1988-11-02T04:15:00Z'), 13.7563, 100.5018), houseSystem: 'P' },
  loadConfig({}).ephemerisPath,
);
const voice = (overrides: Partial<Voice> = {}): Voice => ({
  tone: 'professional',
  audience: 'consumer',
  safety_mode: 'default',
  ...overrides,
});
const fullText = (i: ReturnType<typeof interpretNatalChart>['interpretation']) =>
  [i.summary, ...i.sections.map((s) => `${s.title} ${s.text}`)].join('\n');

describe.each(['en', 'th'] as const)('interpretation in %s', (language) => {
  it('covers Sun, Moon, Ascendant, each planet in sign and house, aspects and balance', () => {
    const { interpretation, warnings } = interpretNatalChart(chart, { language, voice: voice() });
    expect(warnings).toEqual([]);
    expect(interpretation.language).toBe(language);
    expect(interpretation.sections.map((s) => s.topic)).toEqual([
      'sun_sign',
      'moon_sign',
      'ascendant',
      'planet_sun',
      'planet_moon',
      'planet_mercury',
      'planet_venus',
      'planet_mars',
      'planet_jupiter',
      'planet_saturn',
      'planet_uranus',
      'planet_neptune',
      'planet_pluto',
      'aspects',
      'elements',
      'modalities',
    ]);
    const texts = interpretation.sections.map((s) => s.text);
    expect(new Set(texts).size).toBe(texts.length); // no paragraph reused
    for (const s of interpretation.sections) expect(s.text).not.toMatch(/\{\w+\}|undefined|null/);
    expect(interpretation.summary.length).toBeGreaterThan(80);
  });

  it('changes the register with the tone', () => {
    const texts = TONES.map((tone) => interpretNatalChart(chart, { language, voice: voice({ tone }) }).interpretation.summary);
    expect(new Set(texts).size).toBe(TONES.length);
  });

  it('speaks to a consumer directly and reflectively to other audiences', () => {
    const you = language === 'en' ? /\b(You|Your)\b/ : /ของคุณ|คุณมี|คุณมัก/; // not คุณค่า (value)
    const consumer = fullText(interpretNatalChart(chart, { language, voice: voice({ audience: 'consumer' }) }).interpretation);
    expect(consumer).toMatch(you);
    for (const audience of ['employee', 'manager', 'customer', 'community'] as const) {
      const text = fullText(interpretNatalChart(chart, { language, voice: voice({ audience }) }).interpretation);
      expect(text).not.toMatch(you);
    }
  });

  it.each(SAFETY_MODES)('respects the %s safety mode', (safety_mode) => {
    for (const audience of ['consumer', 'employee'] as const) {
      const { interpretation } = interpretNatalChart(chart, { language, voice: voice({ safety_mode, audience }) });
      const text = fullText(interpretation);
      if (safety_mode === 'workplace') expect(text).not.toMatch(WORKPLACE_FORBIDDEN[language]);
      if (safety_mode === 'financial_wellness') {
        expect(text).not.toMatch(FINANCE_FORBIDDEN[language]);
        expect(interpretation.disclaimer).toMatch(language === 'en' ? /not financial.*investment advice/ : /ไม่ใช่คำแนะนำด้านการเงิน/);
      }
      if (safety_mode === 'entertainment') expect(interpretation.disclaimer).toMatch(language === 'en' ? /entertainment/ : /บันเทิง/);
      if (safety_mode === 'default') expect(text).toMatch(WORKPLACE_FORBIDDEN[language]); // the full reading does talk about them
    }
  });

  it('signs the text with the brand name', () => {
    const { interpretation } = interpretNatalChart(chart, { language, voice: voice(), brandName: 'Star Studio' });
    expect(interpretation.brand_name).toBe('Star Studio');
    expect(interpretation.summary).toContain('Star Studio');
  });
});

it('falls back to English for another language and says so', () => {
  const { interpretation, warnings } = interpretNatalChart(chart, { language: 'fr', voice: voice() });
  expect(interpretation.language).toBe('en');
  expect(warnings).toEqual([expect.stringContaining('language "fr" is not available')]);
});
