/**
 * Generated texts for the prose check (docs/content.md): texts our code assembles from content
 * templates, for a spread of charts, voices and languages, written to var/prose/<kind>.json as
 * `{ samples: [{ key, language, text }] }`. `npm test` runs this, then scripts/prose-check.mjs over
 * the content files and these samples, so templated output is checked as well as the templates.
 *
 *   node scripts/run-ts.js scripts/prose-samples.ts
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { baziReport } from '@astro/chinese';
import { loadConfig } from '@astro/config';
import { birthOf, ZODIAC_SIGNS } from '@astro/ephemeris';
import {
  DEFAULT_BRANDING,
  computeReportData,
  computeSynastry,
  renderContext,
  ReportInput,
  reportHtml,
  ReportLocale,
  synastryContactsHtml,
  synastryReading,
} from '@astro/rendering';
import { FOCUSES, sajuReport } from '@astro/saju';
import { numerologyProfile } from '@astro/numerology';
import { SPREADS, tarotReading } from '@astro/tarot';
import { pageTexts, ProseSample } from '@astro/text';
import { exampleAnalyses, readingDocument, readingHtml } from '@astro/visual';
import { SAFETY_MODES } from '@astro/contracts';
import { doshas, manglikDosha, matching, natalChart as vedicChart, sadeSati, vedicRemedies } from '@astro/vedic';
import { horoscopeFor, interpretNatalChart, natalChart, synastryCharts } from '@astro/western';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'var', 'prose');
const ephemerisPath = loadConfig({}).ephemerisPath;

const LANGUAGES = ['en', 'th'] as const;
type Language = (typeof LANGUAGES)[number];

/** Births spread over a century and the globe, so every sign, house and aspect template is used. */
const BIRTHS = Array.from({ length: 12 }, (_, i) => {
  const d = new Date(Date.UTC(1931, 2, 7) + i * 2_987 * 86_400_000 + i * 5_300_000);
  const iso = d.toISOString();
  return {
    date: iso.slice(0, 10),
    time: iso.slice(11, 16),
    latitude: [13.75, 51.5, -33.9, 40.7, 35.7, 18.8][i % 6],
    longitude: [100.5, -0.1, 151.2, -74, 139.7, 99][i % 6],
    timezoneOffsetMinutes: 0,
  };
});
const ASKED = new Date('2026-05-20T03:00:00Z');

/** Every string leaf under `value` that reads as prose: several words, or Thai. */
function texts(value: unknown, key: string, language: Language, out: ProseSample[], skip: RegExp = /^$/): void {
  // A bilingual object ({ en, th }) says which language each side is in.
  const side = /\.(en|th)(\[\d+\])?$/.exec(key);
  if (side && side[1] !== language) return;
  if (typeof value === 'string') {
    const thai = /[\u0E00-\u0E7F]/.test(value);
    const words = value.trim().split(/\s+/).length;
    if (language === 'th' ? thai : words >= 4 && (!thai || side)) out.push({ key, language, text: value });
  } else if (Array.isArray(value)) value.forEach((v, i) => texts(v, `${key}[${i}]`, language, out, skip));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) if (!skip.test(k)) texts(v, `${key}.${k}`, language, out, skip);
  }
}

function western(): ProseSample[] {
  const out: ProseSample[] = [];
  const tones = ['professional', 'casual', 'mystical', 'playful', 'formal'] as const;
  const audiences = ['consumer', 'employee'] as const;
  const modes = ['default', 'workplace', 'financial_wellness', 'entertainment'] as const;
  for (const [i, b] of BIRTHS.entries()) {
    const chart = natalChart({ birth: birthOf(b), houseSystem: 'P' }, ephemerisPath).chart;
    for (const language of LANGUAGES) {
      const voice = { tone: tones[i % tones.length], audience: audiences[i % 2], safety_mode: modes[i % modes.length] };
      const { interpretation } = interpretNatalChart(chart, { language, voice, brandName: 'Siam Stars' });
      texts(
        { summary: interpretation.summary, sections: interpretation.sections.map((s) => s.text) },
        `natal ${b.date} ${voice.tone}/${voice.audience}`,
        language,
        out,
      );
      const horoscope = horoscopeFor(
        { kind: 'natal', birth: birthOf(b) },
        { cadence: 'weekly', startDate: '2026-05-18', timezoneOffsetMinutes: 0 },
        language,
        ephemerisPath,
        { safety_mode: voice.safety_mode },
      );
      texts(horoscope, `horoscope ${b.date} ${voice.safety_mode}`, language, out, /^(date|start_date|end_date|sign|locale)$/);
    }
  }
  return out;
}

/**
 * Sun-sign horoscopes as they are published: every sign on the day of an eclipse and on a day the
 * Moon changes sign, for the week and the month around it and for the year, in every tone.
 */
function horoscopes(): ProseSample[] {
  const out: ProseSample[] = [];
  const tones = ['professional', 'casual', 'mystical', 'playful', 'formal'] as const;
  const periods = [
    ['daily', '2026-03-03'],
    ['daily', '2026-03-02'],
    ['weekly', '2026-03-02'],
    ['monthly', '2026-03-01'],
    ['yearly', '2026-01-01'],
  ] as const;
  for (const [i, sign] of ZODIAC_SIGNS.entries()) {
    for (const [cadence, startDate] of periods) {
      for (const language of LANGUAGES) {
        const h = horoscopeFor({ kind: 'sun_sign', sign }, { cadence, startDate, timezoneOffsetMinutes: 0 }, language, ephemerisPath, {
          tone: tones[i % tones.length],
        });
        texts({ title: h.title, text: h.text }, `horoscope ${sign} ${cadence} ${startDate}`, language, out);
      }
    }
  }
  return out;
}

function reports(): ProseSample[] {
  const out: ProseSample[] = [];
  const [a, b] = [BIRTHS[3], BIRTHS[8]];
  const inputs: ReportInput[] = [
    {
      kind: 'synastry_premium',
      input: { person_a: { ...a, name: 'Somchai Jaidee' }, person_b: { ...b, name: 'Malee Srisuk' }, house_system: 'P' },
    },
    {
      kind: 'transit_window',
      input: {
        birth_subject: a,
        start_date: '2026-03-01',
        end_date: '2026-03-31',
        house_system: 'P',
        name: 'Somchai Jaidee',
        timezone: 'America/New_York',
      },
    },
    { kind: 'solar_return', input: { birth_subject: b, target_year: 2026, house_system: 'P', name: 'Malee Srisuk' } },
    // the four-pillar reports of four births, read as of the sample day
    ...[BIRTHS[1], BIRTHS[4], BIRTHS[7], BIRTHS[10]].flatMap((birth, i): ReportInput[] => {
      const common = {
        birth_subject: birth,
        name: 'Malee Srisuk',
        gender: i % 2 === 0 ? 'female' : 'male',
        as_of: '2026-05-20',
        dst: 'standard_time',
      } as const;
      return [
        { kind: 'saju', input: { ...common, ja_hour_convention: 'next_day_at_23' } },
        { kind: 'bazi', input: { ...common, zi_hour: 'next_day', true_solar_time: false } },
      ];
    }),
    // the Thai life report of three births, and the Qi Men report of three questions at three moments
    ...[BIRTHS[2], BIRTHS[6], BIRTHS[9]].map((birth): ReportInput => ({
      kind: 'thai_life',
      input: { birth_subject: birth, name: 'Malee Srisuk', year: 2026 },
    })),
    ...(['wealth', 'relationships', 'health'] as const).map((purpose, i): ReportInput => ({
      kind: 'qimen',
      input: {
        moment: { ...BIRTHS[0], date: ['2026-05-20', '2026-08-03', '2026-12-24'][i], time: ['09:10', '15:40', '21:05'][i] },
        purpose,
        question: null,
        name: null,
        true_solar_time: false,
        dst: 'standard_time',
      },
    })),
  ];
  for (const input of inputs) {
    const data = computeReportData(input, ephemerisPath);
    for (const language of LANGUAGES) {
      // the default texts and, for a team, the workplace variants
      for (const safety_mode of ['default', 'workplace'] as const) {
        const html = reportHtml(data, renderContext(language as ReportLocale, { ...DEFAULT_BRANDING, safety_mode }, null));
        pageTexts(html).forEach((text, i) => texts(text, `${input.kind} ${safety_mode} block ${i}`, language, out));
      }
    }
  }
  // POST /api/v3/western/synastry: the same paragraphs as the report, for three more couples
  for (const [i, j] of [
    [0, 5],
    [2, 7],
    [6, 11],
  ]) {
    const person = (n: number, name: string) => ({ name, ...birthOf(BIRTHS[n]) });
    for (const language of LANGUAGES) {
      const people = { a: person(i, 'Somchai Jaidee'), b: person(j, 'Malee Srisuk') };
      const interpretation = synastryReading(people, synastryCharts(people.a, people.b, 'P', ephemerisPath), language as ReportLocale);
      texts(interpretation, `synastry ${BIRTHS[i].date} ${BIRTHS[j].date}`, language, out);
    }
  }
  return out;
}

/**
 * The synastry report's contacts behind the score, each read in a paragraph composed for its pair,
 * aspect and orb (synastry-depth.ts), for 24 couples of the births (each with the next and with
 * the fifth after it), in both languages and in the default and workplace texts.
 */
function synastryContacts(): ProseSample[] {
  const out: ProseSample[] = [];
  for (const [i, birth] of BIRTHS.entries()) {
    for (const step of [1, 5]) {
      const other = BIRTHS[(i + step) % BIRTHS.length];
      const data = computeSynastry(
        { person_a: { ...birth, name: 'Somchai Jaidee' }, person_b: { ...other, name: 'Malee Srisuk' }, house_system: 'P' },
        ephemerisPath,
      );
      for (const language of LANGUAGES)
        for (const safety_mode of ['default', 'workplace'] as const) {
          const html = synastryContactsHtml(renderContext(language as ReportLocale, { ...DEFAULT_BRANDING, safety_mode }, null), data);
          pageTexts(html).forEach((text, n) =>
            texts(text, `synastry contacts ${birth.date} ${other.date} ${safety_mode} ${n}`, language, out),
          );
        }
    }
  }
  return out;
}

function saju(): ProseSample[] {
  const out: ProseSample[] = [];
  for (const [i, b] of BIRTHS.entries()) {
    for (const language of LANGUAGES) {
      const focus = FOCUSES[i % FOCUSES.length];
      const gender = (['male', 'female', 'unknown'] as const)[i % 3];
      const report = sajuReport({ birth: birthOf(b), locale: language, focus, gender }, ephemerisPath, ASKED);
      texts(report.reading_summary, `saju ${b.date} ${focus}`, language, out);
      const bazi = baziReport({ ...b, gender: gender === 'female' ? 'female' : 'male', language }, ephemerisPath);
      texts(bazi.reading, `bazi ${b.date}`, language, out);
    }
  }
  return out;
}

function vedic(): ProseSample[] {
  const out: ProseSample[] = [];
  for (const [i, b] of BIRTHS.entries()) {
    const birth = birthOf(b);
    const chart = vedicChart(birth, ephemerisPath);
    const partner = vedicChart(birthOf(BIRTHS[(i + 5) % BIRTHS.length]), ephemerisPath);
    for (const language of LANGUAGES) {
      const key = `${b.date} ${language}`;
      texts(
        vedicRemedies(birth, language, ASKED, ephemerisPath),
        `remedies ${key}`,
        language,
        out,
        language === 'th' ? /^title$/ : /^title_th$/,
      );
      texts(sadeSati(birth, ASKED, ephemerisPath, language), `sade_sati ${key}`, language, out);
      const m = manglikDosha(chart, language);
      texts({ description: m.description, remedies: m.remedies }, `manglik ${key}`, language, out);
      texts(doshas(chart, 'mean', language, ephemerisPath), `doshas ${key}`, language, out);
      texts(matching(chart, partner, language), `matching ${key}`, language, out);
    }
  }
  return out;
}

/** The Vedic kundli and match PDFs (their text blocks) for births spread over the century, in English and Thai. */
function vedicReports(): ProseSample[] {
  const out: ProseSample[] = [];
  const inputs = (language: ReportLocale): ReportInput[] => [
    ...[0, 3, 6, 9].map((i): ReportInput => ({
      kind: 'vedic_kundli',
      input: {
        birth_subject: BIRTHS[i],
        name: 'Somchai Jaidee',
        chart_style: 'north',
        node: 'mean',
        as_of: '2026-05-20',
        locale: language,
      },
    })),
    ...[
      [1, 7],
      [4, 10],
    ].map(([a, b]): ReportInput => ({
      kind: 'vedic_matching',
      input: {
        person_a: { ...BIRTHS[a], name: 'Somchai Jaidee' },
        person_b: { ...BIRTHS[b], name: 'Malee Srisuk' },
        chart_style: 'south',
        as_of: '2026-05-20',
        locale: language,
      },
    })),
  ];
  for (const language of LANGUAGES)
    for (const [i, input] of inputs(language).entries()) {
      const html = reportHtml(computeReportData(input, ephemerisPath), renderContext(language, DEFAULT_BRANDING, null));
      pageTexts(html).forEach((text, j) => texts(text, `${input.kind} ${i} block ${j}`, language, out));
    }
  return out;
}

function tarotAndNumerology(): ProseSample[] {
  const out: ProseSample[] = [];
  for (const language of LANGUAGES) {
    for (const spread of SPREADS) {
      const reading = tarotReading({
        spread,
        locale: language,
        allowReversed: true,
        seed: `prose-${spread}`,
        question: language === 'th' ? 'งานของฉันจะเป็นอย่างไร' : 'How will my work go?',
      });
      texts(reading, `tarot ${spread}`, language, out);
    }
  }
  for (const [i, b] of BIRTHS.entries()) {
    const profile = numerologyProfile({
      full_name: ['Somchai Jaidee', 'Malee Srisuk', 'Anna Lee', 'Oliver Umber'][i % 4],
      birth_date: b.date,
      date: '2026-05-20',
    });
    for (const language of LANGUAGES) texts(profile, `numerology ${b.date}`, language, out);
  }
  return out;
}

/**
 * Palm and face readings of made-up analyses that reach every band, in every safety mode: the
 * reading document (the `json` artifact, measurement definitions included) and the text blocks of
 * its page (hosted HTML and PDF).
 */
function visual(): ProseSample[] {
  const out: ProseSample[] = [];
  for (const [i, analysis] of exampleAnalyses().entries()) {
    for (const language of LANGUAGES) {
      for (const safetyMode of SAFETY_MODES) {
        const key = `${analysis.family} ${i} ${safetyMode}`;
        const document = readingDocument(`example-${i}`, analysis, { sku: 'premium', locale: language, subjectLabel: 'Ploy', safetyMode });
        texts(document, `${key} json`, language, out);
        const html = readingHtml(document, { ...DEFAULT_BRANDING, safety_mode: safetyMode }, null, []);
        pageTexts(html).forEach((text, j) => texts(text, `${key} block ${j}`, language, out));
      }
    }
  }
  // The safety modes share most paragraphs: each text is checked once.
  const seen = new Set<string>();
  return out.filter((s) => !seen.has(`${s.language} ${s.text}`) && !!seen.add(`${s.language} ${s.text}`));
}

function main() {
  fs.rmSync(OUT, { recursive: true, force: true });
  fs.mkdirSync(OUT, { recursive: true });
  const kinds: Record<string, () => ProseSample[]> = {
    western,
    horoscopes,
    reports,
    'synastry-contacts': synastryContacts,
    saju,
    vedic,
    'vedic-reports': vedicReports,
    'tarot-numerology': tarotAndNumerology,
    visual,
  };
  let total = 0;
  for (const [kind, generate] of Object.entries(kinds)) {
    const samples = generate();
    total += samples.length;
    fs.writeFileSync(path.join(OUT, `${kind}.json`), JSON.stringify({ samples }, null, 1));
  }
  console.log(`prose samples: ${total} generated texts in ${path.relative(ROOT, OUT)}/`);
}

main();
