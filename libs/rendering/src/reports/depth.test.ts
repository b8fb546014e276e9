import { loadConfig } from '@astro/config';
import { bodyAt, julianDayUt, signedArc } from '@astro/ephemeris';
import en from '../content/depth.en.json';
import th from '../content/depth.th.json';
import synastryEn from '../content/synastry.en.json';
import synastryTh from '../content/synastry.th.json';
import { DEFAULT_BRANDING, resolveBranding } from '../branding';
import { localDateTime, renderContext, ReportLocale } from './common';
import { computeReportData, ReportData, reportHtml } from '.';
import { outlineMonths, OUTLINE_BODIES } from './solar-return-depth';
import { isPlanet } from './depth-text';
import { transitNarrative } from './transit-narrative';

const ephemerisPath = loadConfig({}).ephemerisPath;
const PLOY = { name: 'Ploy', date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
const NIRAN = { name: 'Niran', date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
const birth = {
  date: PLOY.date,
  time: PLOY.time,
  latitude: PLOY.latitude,
  longitude: PLOY.longitude,
  timezoneOffsetMinutes: PLOY.timezoneOffsetMinutes,
};

const solar = computeReportData(
  { kind: 'solar_return', input: { birth_subject: birth, target_year: 2026, house_system: 'P', name: 'Ploy' } },
  ephemerisPath,
);
const synastry = computeReportData(
  { kind: 'synastry_premium', input: { person_a: PLOY, person_b: NIRAN, house_system: 'P' } },
  ephemerisPath,
);
const window = computeReportData(
  {
    kind: 'transit_window',
    input: { birth_subject: birth, start_date: '2026-03-01', end_date: '2026-03-31', house_system: 'P', name: 'Ploy' },
  },
  ephemerisPath,
);
const BRAND = 'Siam Stars';
const branding = resolveBranding(null, { brand_name: BRAND });
/** The report's HTML with the two entities escapeHtml writes into prose turned back into characters. */
const html = (data: ReportData, locale: ReportLocale) =>
  reportHtml(data, renderContext(locale, branding, null))
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const paragraphs = (doc: string) => [...doc.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);
const headings3 = (doc: string) => [...doc.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]);
const ANGLE: Record<string, number> = { conjunction: 0, sextile: 60, square: 90, trine: 120, opposition: 180 };

if (solar.kind !== 'solar_return' || synastry.kind !== 'synastry_premium' || window.kind !== 'transit_window')
  throw new Error('unexpected report kinds');

describe('solar return: the year ahead', () => {
  const year = solar.data.year_ahead!;
  const chart = solar.data.chart.chart;
  const pointLongitude = (point: string) =>
    point === 'Ascendant'
      ? chart.angles.ascendant
      : point === 'Midheaven'
        ? chart.angles.midheaven
        : chart.planets.find((p) => p.name === point)!.longitude;

  it('finds the transits of the Sun, Mars, Jupiter and Saturn to the return angles and lights at real instants', () => {
    expect(year.transits.length).toBeGreaterThan(30);
    expect(new Set(year.transits.map((t) => t.transiting))).toEqual(new Set(OUTLINE_BODIES));
    // the Sun's passing sextiles, squares and trines are left out; its conjunctions and oppositions stay
    for (const t of year.transits.filter((x) => x.transiting === 'Sun')) expect(['conjunction', 'opposition']).toContain(t.aspect);
    for (const t of year.transits) {
      const longitude = bodyAt(julianDayUt(new Date(t.utc)), t.transiting, ephemerisPath).longitude;
      expect(Math.abs(Math.abs(signedArc(longitude, pointLongitude(t.point))) - ANGLE[t.aspect])).toBeLessThan(1e-4);
      expect(t.utc > solar.data.return_utc && t.utc < year.next_return_utc).toBe(true);
    }
  });

  it('agrees with swetest (Swiss Ephemeris 2.10 command line) on two instants of the outline', () => {
    // swetest -b10.3.1985 -ut04:20:00 -p0: natal (and return) Sun at 349.5434411°.
    // swetest -b5.5.2026 -ut09:04:00 -p5 -fPls: Jupiter 109.5434312°, 0.1479157°/day, so Jupiter reaches
    // 349.5434411° + 120° 5.8 s later: 2026-05-05T09:04:05.8Z.
    // swetest -b27.3.2026 -ut10:27:00 -p4 -fPls: Mars 349.5433442°, 0.7839440°/day: the conjunction at 10:27:10.7Z.
    const at = (body: string, aspect: string) =>
      year.transits.find((t) => t.transiting === body && t.aspect === aspect && t.point === 'Sun')!;
    // Within 10 s: 0.002″ of Jupiter's motion and 0.33″ of Mars', inside the 1″ the Western searches are held to.
    expect(Math.abs(Date.parse(at('Jupiter', 'trine').utc) - Date.parse('2026-05-05T09:04:05.8Z'))).toBeLessThan(10_000);
    expect(Math.abs(Date.parse(at('Mars', 'conjunction').utc) - Date.parse('2026-03-27T10:27:10.7Z'))).toBeLessThan(10_000);
  });

  it('follows the Sun through all twelve return houses, each entered at its cusp', () => {
    expect(year.sun_ingresses.map((s) => s.house).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const s of year.sun_ingresses) {
      const sun = bodyAt(julianDayUt(new Date(s.utc)), 'Sun', ephemerisPath).longitude;
      expect(Math.abs(signedArc(sun, chart.houses[s.house - 1].cusp))).toBeLessThan(1e-4);
    }
  });

  it('outlines twelve consecutive months from the return to the next, each read with its exact local times', () => {
    const months = outlineMonths(year, solar.data.return_utc, 420 * 60);
    expect(months).toHaveLength(12);
    expect(months[0].from).toBe('2026-03-10');
    expect(months[11].to).toBe('2027-03-10');
    for (let i = 1; i < 12; i++) expect(months[i].from > months[i - 1].to).toBe(true);
    expect(months.flatMap((m) => m.transits)).toHaveLength(year.transits.length);
    const doc = html(solar, 'en');
    const monthHeadings = headings3(doc).filter((h) => /^Month \d+: /.test(h));
    expect(monthHeadings).toHaveLength(12);
    const monthParagraphs = [...doc.matchAll(/<h3>Month \d+:[^<]*<\/h3>\s*<p class="month">([^<]*)<\/p>/g)].map((m) => m[1]);
    expect(monthParagraphs).toHaveLength(12);
    months.forEach((m, i) => {
      for (const t of m.transits) {
        const local = new Date(Date.parse(t.utc) + 420 * 60_000).toISOString();
        const date = `${Number(local.slice(8, 10))} ${en.dates.months[Number(local.slice(5, 7)) - 1]}`;
        // every transit of the month is narrated with its date and local time, or listed with its date
        const narrated = monthParagraphs[i].includes(`On ${date} at ${local.slice(11, 16)}, `);
        const listed = monthParagraphs[i].includes(`${date}, ${t.transiting} ${t.aspect} return ${t.point}`);
        expect(narrated || listed).toBe(true);
      }
      expect(monthParagraphs[i].length).toBeGreaterThan(150);
    });
    expect(doc).toContain('On 5 May at 16:04, Jupiter trines the return Sun.');
  });

  it('reads the house emphasis, the Ascendant and its ruler, the Moon, the angular planets and the natal comparison', () => {
    const doc = html(solar, 'en');
    // Every occupied house but one holding the Moon alone (the Moon is read in its own section, by sign and house).
    for (const h of solar.data.house_emphasis.filter((x) => x.planets.some((p) => p !== 'Moon' && isPlanet(p))))
      expect(headings3(doc).some((x) => x.startsWith(`${ordinal(h.house)} house · `))).toBe(true);
    expect(headings3(doc).some((x) => x.includes('Moon'))).toBe(false);
    expect(doc).toContain('The return Ascendant is in Taurus.');
    expect(doc).toContain('Taurus is ruled by Venus, the ruler of the year, which stands in Aries in the return 11th house.');
    expect(doc).toContain(en.solar_return.ruler_house['11']);
    expect(doc).toContain('The return Moon is in Sagittarius, in the 7th house.');
    for (const name of ['Moon', 'Mars', 'Uranus']) expect(solar.data.angular).toContain(name);
    expect(doc).toContain('Mars angular in the 10th house');
    // each angular planet read once, in its house, and named in the angular section
    expect(doc.split('Mars angular in the 10th house')).toHaveLength(2);
    expect(doc).toContain('This year the angles hold the Moon in the 7th house, Mars in the 10th house and Uranus in the 1st house');
    expect(doc).toContain('The return Ascendant in Taurus rises in your natal 12th house.');
  });

  it('renders a job computed before the outline existed without its month-by-month section', () => {
    const old = html({ kind: 'solar_return', data: { ...solar.data, year_ahead: undefined } }, 'en');
    expect(old).toContain('The return Ascendant and its ruler');
    expect(old).not.toContain('Month by month');
  });
});

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

describe('the Thai solar return names an angular planet’s house as a Thai astrologer writes it', () => {
  it('says the planet is in the house, which is an angular house, never "in the angular house that is house 4"', () => {
    const doc = html(solar, 'th');
    expect(doc).not.toMatch(/ใน(?:เรือน|ราศี)[\u0E01-\u0E4F]+คือ(?:เรือน|ราศี)/);
    if (solar.kind !== 'solar_return') throw new Error('unexpected');
    const angular = solar.data.angular.filter(isPlanet);
    expect(angular.length).toBeGreaterThan(0);
    expect(doc).toMatch(/(?:อยู่|สถิต)ในเรือนที่ (?:1|4|7|10) (?:ซึ่งเป็น|อันเป็น|หนึ่งในสี่)เรือนเกณฑ์/);
  });
});

describe('synastry: overlays, composite and the contacts behind the score', () => {
  it('reads the house overlays both ways, every planet of each person in a house of the other', () => {
    const doc = html(synastry, 'en');
    const a = doc.indexOf("Ploy's planets in Niran's houses");
    const b = doc.indexOf("Niran's planets in Ploy's houses");
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a);
    const [ab, ba] = [doc.slice(a, b), doc.slice(b, doc.indexOf('<h2', b))];
    for (const o of synastry.data.synastry.overlays_a_in_b) expect(ab).toContain(`Ploy's ${o.planet} `);
    for (const o of synastry.data.synastry.overlays_b_in_a) expect(ba).toContain(`Niran's ${o.planet} `);
    for (const o of synastry.data.synastry.overlays_a_in_b) expect(ab).toContain(`Niran's ${ordinal(o.house)} house holds`);
  });

  it('reads every contact the score counts, each under a heading with the orb the score table prints', () => {
    const doc = html(synastry, 'en');
    const start = doc.search(/<h2 class="major"[^>]*>The contacts behind the score/);
    expect(start).toBeGreaterThan(0);
    const section = doc.slice(start, doc.indexOf('<h2', start + 40));
    // the weightiest contacts first: Ploy's Ascendant trine Niran's Moon at 0°40′ (+8.0), then Ploy's Sun conjunct Niran's Mars at 0°27′ (+7.9)
    expect(headings3(section).slice(0, 2)).toEqual([
      "Ploy's Ascendant trine Niran's Moon (orb 0°40′)",
      "Ploy's Sun conjunct Niran's Mars (orb 0°27′)",
    ]);
    expect(paragraphs(section)[1]).toContain("Niran's Moon sits at a gentle angle to Ploy's Ascendant");
    expect(paragraphs(section)[2]).toContain("Ploy's Sun meets Niran's Mars");
  });

  it('summarises the composite chart', () => {
    const doc = html(synastry, 'en');
    expect(doc).toContain('The composite Sun is in Aries.');
    expect(doc).toContain(en.synastry.composite_sun.Aries);
    expect(doc).toContain('The composite Moon is in Sagittarius.');
    expect(doc).toContain('The composite Ascendant is in Aquarius.');
  });
});

describe('transit window: day by day', () => {
  it('narrates every exact transit of the Sun to Pluto on its local day at its local time, and lists the Moon', () => {
    const ctx = renderContext('en', DEFAULT_BRANDING, null);
    const days = transitNarrative(ctx, window.data, (iso) => localDateTime(iso, 420 * 60));
    expect(days.map((d) => d.date)).toEqual([...days.map((d) => d.date)].sort());
    for (const t of window.data.transits) {
      const local = new Date(Date.parse(t.exact_utc) + 420 * 60_000).toISOString();
      const day = days.find((d) => d.date === local.slice(0, 10))!;
      if (t.transiting === 'Moon') expect(day.moon).toContain(`${local.slice(11, 16)} `);
      else
        expect(day.items.some((i) => i.factor === `${t.transiting}|${t.aspect}|${t.natal_point}` && i.time === local.slice(11, 16))).toBe(
          true,
        );
    }
    const doc = html(window, 'en');
    expect(doc).toContain('At 10:29, Jupiter stations direct at 15°05′ Cancer.');
    expect(doc).toContain('At 09:59, the Sun meets your natal Sun.');
    expect(headings3(doc)).toContain('Tuesday 10 March 2026');
  });

  it('gives two different factors two different sentences', () => {
    const ctx = renderContext('en', DEFAULT_BRANDING, null);
    const bySentence = new Map<string, Set<string>>();
    for (const day of transitNarrative(ctx, window.data, (iso) => localDateTime(iso, 420 * 60))) {
      for (const item of day.items) {
        // the sentence after the lead (which carries the time)
        const reading = item.text.slice(item.text.indexOf('. ') + 2);
        bySentence.set(reading, new Set([...(bySentence.get(reading) ?? []), item.factor]));
      }
    }
    for (const factors of bySentence.values()) expect(factors.size).toBe(1);
  });
});

describe('the texts', () => {
  const shape = (x: unknown): unknown =>
    typeof x === 'number'
      ? 'number'
      : typeof x === 'string'
        ? [...new Set([...x.matchAll(/\{\w+\}/g)].map((m) => m[0]))].sort()
        : Array.isArray(x)
          ? x.map(shape)
          : typeof x === 'object' && x
            ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, shape(v)]))
            : x;

  it('have the same keys, variants and placeholders in English and Thai', () => {
    expect(shape(th)).toEqual(shape(en));
    expect(shape(synastryTh)).toEqual(shape(synastryEn));
  });
});

describe('the synastry texts: a paragraph of its own for every factor', () => {
  const PLANETS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
  const ASPECTS = ['conjunction', 'opposition', 'square', 'trine', 'sextile', 'quincunx', 'semi_sextile'];
  const PLURAL: Record<string, string> = { Mercury: 'Mercuries', Venus: 'Venuses', Mars: 'Marses', Uranus: 'Uranuses' };
  const THAI: Record<string, string> = {
    Sun: 'ดวงอาทิตย์',
    Moon: 'ดวงจันทร์',
    Mercury: 'ดาวพุธ',
    Venus: 'ดาวศุกร์',
    Mars: 'ดาวอังคาร',
    Jupiter: 'ดาวพฤหัสบดี',
    Saturn: 'ดาวเสาร์',
    Uranus: 'ดาวยูเรนัส',
    Neptune: 'ดาวเนปจูน',
    Pluto: 'ดาวพลูโต',
  };
  const modes = (entry: unknown): string[] =>
    typeof entry === 'string' ? [entry] : Object.values(entry as Record<string, string>).filter((v) => typeof v === 'string');
  const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

  it('write every planet pair (55) in every aspect of the inter-aspects (7), each naming its two planets, no two alike', () => {
    const pairs = PLANETS.flatMap((p, i) => PLANETS.slice(i).map((q) => [p, q] as const));
    expect(Object.keys(synastryEn.contacts)).toEqual(pairs.map(([p, q]) => `${p}-${q}`));
    for (const [texts, language] of [
      [synastryEn.contacts, 'en'],
      [synastryTh.contacts, 'th'],
    ] as const) {
      const all: string[] = [];
      for (const [p, q] of pairs) {
        const byAspect = texts[`${p}-${q}` as keyof typeof texts] as Record<string, unknown>;
        expect(Object.keys(byAspect)).toEqual(ASPECTS);
        for (const text of Object.values(byAspect).flatMap(modes)) {
          all.push(text);
          // the two planets, owned by {x} and {y}: "{x}'s Sun … {y}'s Moon", "The Suns", "ดวงอาทิตย์ของ {x}"
          if (language === 'th') {
            expect(text).toContain(THAI[p]);
            expect(text).toContain(THAI[q]);
          } else if (p === q) expect(text).toContain(PLURAL[p] ?? `${p}s`);
          else expect(text).toMatch(new RegExp(`^\\{x\\}'s ${p} .*\\{y\\}'s ${q}\\b`));
        }
      }
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('write every planet in every house of the partner (10 × 12), naming the planet, its owner and the house', () => {
    for (const [texts, language] of [
      [synastryEn.overlays, 'en'],
      [synastryTh.overlays, 'th'],
    ] as const) {
      const all: string[] = [];
      expect(Object.keys(texts)).toEqual([...PLANETS]);
      for (const p of PLANETS) {
        const byHouse = texts[p] as Record<string, unknown>;
        expect(Object.keys(byHouse)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
        for (const [house, entry] of Object.entries(byHouse))
          for (const text of modes(entry)) {
            all.push(text);
            if (language === 'en') expect(text).toMatch(new RegExp(`\\{from\\}'s ${p} .*\\{to\\}'s ${ordinal(Number(house))} house`));
            else expect(text).toMatch(new RegExp(`${THAI[p]}ของ \\{from\\} .*เรือนที่ ${house} ของ \\{to\\}`));
          }
      }
      expect(new Set(all).size).toBe(all.length);
    }
  });

  it('write every pair of leading elements (10)', () => {
    expect(Object.keys(synastryEn.balance)).toEqual([
      'fire-fire',
      'fire-earth',
      'fire-air',
      'fire-water',
      'earth-earth',
      'earth-air',
      'earth-water',
      'air-air',
      'air-water',
      'water-water',
    ]);
    for (const [key, text] of Object.entries(synastryEn.balance)) for (const element of key.split('-')) expect(text).toContain(element);
    for (const [key, text] of Object.entries(synastryTh.balance))
      for (const element of key.split('-'))
        expect(text).toContain({ fire: 'ธาตุไฟ', earth: 'ธาตุดิน', air: 'ธาตุลม', water: 'ธาตุน้ำ' }[element]);
  });
});

describe('Thai editions', () => {
  // An English sentence: three Latin words in a row (names, glyphs, units and "UTC" are single tokens).
  const ENGLISH = /[A-Za-z]{2,}[,']?\s+[A-Za-z]{2,}[,']?\s+[A-Za-z]{2,}/;
  it.each([
    ['solar return', solar],
    ['synastry', synastry],
    ['transit window', window],
  ] as const)('the %s report in Thai has no English sentence', (_, data) => {
    // the words of the page: no style sheet, no wheel (its angle labels ASC, MC, DSC, IC are glyphs), no brand name
    const words = (doc: string) =>
      doc
        .replace(/<style[\s\S]*?<\/style>|<svg[\s\S]*?<\/svg>/g, ' ')
        .replace(/<[^>]+>/g, ' ')
        .replaceAll(BRAND, ' ');
    expect(words(html(data, 'th')).match(ENGLISH)).toBeNull();
    expect(words(html(data, 'en'))).toMatch(ENGLISH);
  });

  it('dates the Thai outline in the Buddhist Era', () => {
    expect(html(solar, 'th')).toContain('เดือนที่ 1: 10 มีนาคม พ.ศ. 2569 ถึง 9 เมษายน พ.ศ. 2569');
    expect(html(window, 'th')).toContain('วันอังคารที่ 10 มีนาคม พ.ศ. 2569');
  });
});
