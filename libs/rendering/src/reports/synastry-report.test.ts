import { loadConfig } from '@astro/config';
import { instantFromLocal } from '@astro/ephemeris';
import { proseIssues } from '../../../../test/support/prose-check';
import synastryEn from '../content/synastry.en.json';
import synastryTh from '../content/synastry.th.json';
import { forMode, fill } from '@astro/text';
import { synastryCharts, SynastryPerson, synastryResponse } from '@astro/western';
import { DEFAULT_BRANDING } from '../branding';
import { aspectName, planetName, renderContext, ReportLocale } from './common';
import { depthText } from './depth-text';
import { computeSynastry, synastryBody, synastryReading } from './synastry-report';

/**
 * POST /api/v3/western/synastry: every contact the response reads (each inter-aspect, each house
 * overlay) is the paragraph written for that factor alone (content/synastry.<locale>.json), the
 * same paragraphs as the PDF report; no older canned meaning shared by many contacts.
 */
const ephemerisPath = loadConfig({}).ephemerisPath;
/** A birth at a local date and time `hours` ahead of UTC (whole hours in every couple here). */
const at = (date: string, time: string, hours: number, latitude: number, longitude: number) => ({
  instant: instantFromLocal(date, time, hours * 3600),
  latitude,
  longitude,
  offsetSeconds: hours * 3600,
  timezone: null,
});
const PAIRS = [
  {
    a: { name: 'Malee', ...at('1985-03-10', '11:20', 7, 13.75, 100.5) },
    b: { name: 'Somchai', ...at('1990-05-16', '19:30', 7, 13.75, 100.5) },
  },
  {
    a: { name: 'Anna', ...at('1977-10-23', '06:05', 1, 51.5, -0.12) },
    b: { name: 'Oliver', ...at('1969-07-21', '02:56', 7, 18.79, 98.98) },
  },
];
const TEXTS = { en: forMode(synastryEn, 'default'), th: forMode(synastryTh, 'default') };
const ORDER = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
/** Sentences as the content test (libs/text/src/content.test.ts) counts them: English after . ; :, Thai at its spaces, 25 / 30 letters at least. */
const sentencesOf = (text: string, locale: ReportLocale) =>
  (locale === 'en' ? text.split(/(?<=[.;:])\s+/) : text.split(/\s+/)).filter(
    (s) => s.replace(/[^\p{L}]/gu, '').length >= (locale === 'en' ? 25 : 30),
  );

describe.each(['en', 'th'] as const)('the synastry response in %s', (locale) => {
  const answer = (people: { a: SynastryPerson; b: SynastryPerson }) => {
    const pair = synastryCharts(people.a, people.b, 'P', ephemerisPath);
    return synastryResponse(people, pair, { locale, interpretation: synastryReading(people, pair, locale) });
  };
  const responses = PAIRS.map((p) => ({ ...p, r: answer(p) }));

  it('reads every inter-aspect by the paragraph of its planet pair and aspect, with the two names in their roles', () => {
    for (const { a, b, r } of responses) {
      expect(r.interpretation.inter_aspects).toHaveLength(Math.min(30, r.inter_aspects.length));
      r.interpretation.inter_aspects.forEach((x, i) => {
        expect(x).toMatchObject({ a: r.inter_aspects[i].a, b: r.inter_aspects[i].b, type: r.inter_aspects[i].type });
        const [first, second] = ORDER.indexOf(x.a) <= ORDER.indexOf(x.b) ? [x.a, x.b] : [x.b, x.a];
        const template =
          TEXTS[locale].contacts[`${first}-${second}` as keyof (typeof TEXTS)['en']['contacts']][
            x.type as keyof (typeof TEXTS)['en']['contacts']['Sun-Sun']
          ];
        // {x} owns the pair's first planet: A when A's planet comes first in the traditional order
        const [xName, yName] = first === x.a ? [a.name, b.name] : [b.name, a.name];
        const filled = template.replaceAll('{x}', xName).replaceAll('{y}', yName);
        expect(x.meaning.startsWith(filled)).toBe(true);
        expect(x.title).toContain(a.name);
        expect(x.title).toContain(b.name);
      });
    }
  });

  it('never reads two different contacts with the same sentence', () => {
    for (const { r } of responses) {
      const factorsOf = new Map<string, Set<string>>();
      for (const x of r.interpretation.inter_aspects) {
        const factor = `${[x.a, x.b].sort().join('-')} ${x.type}`;
        for (const s of sentencesOf(x.meaning, locale)) factorsOf.set(s, new Set([...(factorsOf.get(s) ?? []), factor]));
      }
      for (const [sentence, factors] of factorsOf) expect([sentence, factors.size]).toEqual([sentence, 1]);
    }
  });

  it('says so when the same pair meets in the same aspect both ways', () => {
    const all = responses.flatMap(({ a, b, r }) =>
      r.interpretation.inter_aspects.map((x) => ({ x, a, b, list: r.interpretation.inter_aspects })),
    );
    const doubles = all.filter(({ x, list }) => list.some((y) => y !== x && y.type === x.type && y.a === x.b && y.b === x.a));
    expect(doubles.length).toBeGreaterThan(0);
    const echo = locale === 'en' ? 'The same pair also meets the other way' : 'ดาวคู่เดียวกันยังพบกันในอีกทิศทางหนึ่ง';
    // the second of each double carries the note, the first does not
    for (const { x, list } of doubles) {
      const i = list.indexOf(x);
      const j = list.findIndex((y) => y.type === x.type && y.a === x.b && y.b === x.a);
      expect(x.meaning.includes(echo)).toBe(i > j);
    }
  });

  it('reads every overlay both ways by the paragraph of its planet and house', () => {
    for (const { a, b, r } of responses) {
      for (const [overlays, texts, from, to] of [
        [r.overlays_a_in_b, r.interpretation.overlays_a_in_b, a.name, b.name],
        [r.overlays_b_in_a, r.interpretation.overlays_b_in_a, b.name, a.name],
      ] as const) {
        expect(texts).toHaveLength(10);
        overlays.forEach((o, i) => {
          const byHouse = TEXTS[locale].overlays[o.planet as keyof (typeof TEXTS)['en']['overlays']];
          const template = byHouse[String(o.house) as keyof typeof byHouse];
          expect(texts[i]).toBe(template.replaceAll('{from}', from).replaceAll('{to}', to));
        });
      }
    }
  });

  it('labels each compatibility factor by its contact or placements, and reads the leading elements in a paragraph of their own', () => {
    for (const { a, b, r } of responses) {
      const labels = r.interpretation.compatibility.factors;
      expect(labels).toHaveLength(Math.max(1, r.compatibility.factors.length));
      for (const label of labels) expect(label.includes(a.name) && label.includes(b.name)).toBe(r.compatibility.factors.length > 0);
      expect(r.interpretation.balance).toContain(a.name);
    }
  });

  it('passes the prose check (English: spelling, articles, capitals; Thai: no English sentence)', () => {
    const samples = responses.flatMap(({ r }, n) =>
      [
        r.interpretation.intro,
        ...r.interpretation.inter_aspects.flatMap((x) => [x.title, x.meaning]),
        ...r.interpretation.overlays_a_in_b,
        ...r.interpretation.overlays_b_in_a,
        r.interpretation.balance,
        ...r.interpretation.compatibility.factors,
      ].map((text, i) => ({ key: `pair${n}.${i}`, language: locale, text })),
    );
    expect(samples.length).toBeGreaterThan(80);
    expect(proseIssues(samples)).toEqual([]);
  });
});

describe('the compatibility section of the synastry report', () => {
  const person = (name: string, date: string, time: string) => ({
    name,
    date,
    time,
    latitude: 13.75,
    longitude: 100.5,
    timezoneOffsetMinutes: 420,
  });
  const data = computeSynastry(
    { person_a: person('Ploy', '1985-03-10', '11:20'), person_b: person('Niran', '1990-05-16', '19:30'), house_system: 'P' },
    ephemerisPath,
  );

  it.each([
    ['en', "<td>Fusion: Ploy's Sun conjunct Niran's Mars</td><td>0°27′</td>"],
    ['th', '<td>หลอมรวม: ดวงอาทิตย์ของ Ploy เข้ากุมดาวอังคารของ Niran</td><td>0°27′</td>'],
  ] as const)('lists every contributor with its orb and points, the Sun–Mars conjunction among them (%s)', (locale, sunMars) => {
    const html = synastryBody(renderContext(locale, DEFAULT_BRANDING, null), data).replace(/&#39;/g, "'");
    const section = html.slice(html.lastIndexOf('<table>'));
    const rows = section.match(/<tr><td>/g) ?? [];
    // one row per contact, and the sum that takes the score from 50 to its value
    expect(rows).toHaveLength(data.synastry.compatibility.factors.length + 1);
    const sum = data.synastry.compatibility.factors.reduce((n, f) => n + f.points, 0);
    expect(Math.round(50 + sum)).toBe(data.synastry.compatibility.score);
    expect(section).toContain(`<td>${sum > 0 ? '+' : ''}${sum.toFixed(1)}</td></tr></tbody>`);
    const factor = data.synastry.compatibility.factors.find((f) => f.a === 'Sun' && f.b === 'Mars' && f.aspect === 'conjunction')!;
    expect(section).toContain(`${sunMars}<td>+${factor.points.toFixed(1)}</td>`);
    for (const f of data.synastry.compatibility.factors)
      expect(section).toContain(`<td>${f.points > 0 ? '+' : ''}${f.points.toFixed(1)}</td>`);
  });
});

/**
 * The synastry report for five couples of different ages, places and birth times (not only the
 * sample pair): every contact that moves the score is read in the text, each under its own heading
 * with a paragraph of the depth of the others, its orb the same in the heading, the score table and
 * the table of inter-aspects; Jupiter and the outer planets, which the score leaves out, are
 * never among the contacts read as decisive.
 */
describe.each(['en', 'th'] as const)('the synastry report in %s, for five couples and the sample pair reversed', (locale) => {
  const person = (name: string, date: string, time: string, offset: number, latitude: number, longitude: number) => ({
    name,
    date,
    time,
    latitude,
    longitude,
    timezoneOffsetMinutes: offset,
  });
  const COUPLES = [
    [person('Ploy', '1985-03-10', '11:20', 420, 13.75, 100.5), person('Niran', '1990-05-16', '19:30', 420, 13.75, 100.5)],
    [person('Anna', '1977-10-23', '06:05', 60, 51.5, -0.12), person('Oliver', '1969-07-21', '02:56', 420, 18.79, 98.98)],
    [person('Mei', '1992-01-30', '23:40', 480, 1.35, 103.82), person('Kenji', '1988-08-08', '08:08', 540, 35.68, 139.69)],
    [person('Lucia', '1963-12-02', '14:15', -180, -34.6, -58.38), person('Ravi', '1958-04-19', '05:30', 330, 19.07, 72.88)],
    [person('Dao', '2001-06-21', '17:45', 420, 10.82, 106.63), person('Aroon', '1999-11-11', '12:00', 420, 18.79, 98.98)],
    // the sample pair the other way round: every contact read with its points in the other hands
    [person('Niran', '1990-05-16', '19:30', 420, 13.75, 100.5), person('Ploy', '1985-03-10', '11:20', 420, 13.75, 100.5)],
  ];
  const OUTER = ['Jupiter', 'Uranus', 'Neptune', 'Pluto'];
  const decoded = (s: string) =>
    s
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"');
  const reports = COUPLES.map(([a, b]) => {
    const data = computeSynastry({ person_a: a, person_b: b, house_system: 'P' }, ephemerisPath);
    return { data, html: decoded(synastryBody(renderContext(locale, DEFAULT_BRANDING, null), data)) };
  });
  const ctx = renderContext(locale, DEFAULT_BRANDING, null);
  const planet = (name: string) => planetName(ctx, name);
  /** The contacts section: from its heading to the next main heading. */
  const contactsOf = (html: string) => {
    const start = html.indexOf(`>${depthText(ctx).synastry.contacts_heading}</h2>`);
    expect(start).toBeGreaterThan(0);
    return html.slice(start, html.indexOf('<h2', start + 10));
  };
  const blocks = (section: string) =>
    [...section.matchAll(/<h3[^>]*>([^<]*)<\/h3>\s*<p>([^<]*)<\/p>/g)].map((m) => ({ title: m[1], text: m[2] }));
  /** The score table's rows, in the order of the factors: label, orb, points. */
  const scoreRows = (html: string) =>
    [
      ...html.slice(html.lastIndexOf('<div class="compact">')).matchAll(/<tr><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g),
    ].map((m) => ({
      label: m[1],
      orb: m[2],
    }));

  it('has five couples with contacts of every kind: planet pairs, planets on angles, several factors each', () => {
    for (const { data } of reports) expect(data.synastry.compatibility.factors.length).toBeGreaterThanOrEqual(4);
    const all = reports.flatMap((r) => r.data.synastry.compatibility.factors);
    expect(all.some((f) => f.a === 'Ascendant' || f.b === 'Ascendant' || f.a === 'Midheaven' || f.b === 'Midheaven')).toBe(true);
  });

  it('reads every contact that moves the score in a paragraph of its own, none of Jupiter or the outer planets', () => {
    for (const { data, html } of reports) {
      const section = contactsOf(html);
      const read = blocks(section);
      expect(read.length).toBeGreaterThan(0);
      for (const f of data.synastry.compatibility.factors) {
        const pa = planet(f.a);
        const pb = planet(f.b);
        // named in a heading of its own, or (a double aspect) in the paragraph of its pair
        const named = read.filter((r) => (r.title.includes(pa) && r.title.includes(pb)) || (r.text.includes(pa) && r.text.includes(pb)));
        expect({ factor: `${f.a} ${f.aspect} ${f.b}`, named: named.length > 0 }).toEqual({
          factor: `${f.a} ${f.aspect} ${f.b}`,
          named: true,
        });
      }
      for (const r of read) for (const outer of OUTER) expect(r.title).not.toContain(planet(outer));
    }
  });

  it('prints each contact’s orb the same in its heading, in the score table and in the table of inter-aspects', () => {
    for (const { data, html } of reports) {
      const rows = scoreRows(html);
      const factors = data.synastry.compatibility.factors;
      expect(rows.length).toBe(factors.length + 1); // and the total
      const interRows = [...html.matchAll(/<tr><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td><\/tr>/g)].map((m) =>
        m.slice(1, 5),
      );
      // the heading each factor gets when it is read, with the orb of its row in the score table
      const titles = factors.map((f, i) =>
        fill(depthText(ctx).synastry.contact_title, {
          a: data.a.name,
          pa: planet(f.a),
          aspect: aspectName(ctx, f.aspect!),
          b: data.b.name,
          pb: planet(f.b),
          orb: rows[i].orb,
        }),
      );
      for (const r of blocks(contactsOf(html))) expect(titles).toContain(r.title);
      factors.forEach((f, i) => {
        const inter = interRows.find((x) => x[0] === planet(f.a) && x[1] === aspectName(ctx, f.aspect!) && x[2] === planet(f.b));
        if (inter)
          expect({ factor: `${f.a} ${f.aspect} ${f.b}`, orb: inter[3] }).toEqual({ factor: `${f.a} ${f.aspect} ${f.b}`, orb: rows[i].orb });
      });
    }
  });
  /** Words of a text: English by its spaces, Thai (no spaces between words) as letters / 5. */
  const words = (t: string) => (locale === 'en' ? t.split(/\s+/).length : t.replace(/\s/g, '').length / 5);
  /**
   * The depth every contact is read at: 70 % of the paragraphs the sample pair's strongest contacts
   * were first written with (its Sun–Mars conjunction, Mars–Saturn and Venus–Saturn squares,
   * Saturn–Sun and Moon–Mercury oppositions, about 100 words each).
   */
  const sampleDepth = (() => {
    const c = TEXTS[locale].contacts;
    const sample = [
      c['Sun-Mars'].conjunction,
      c['Mars-Saturn'].square,
      c['Venus-Saturn'].square,
      c['Sun-Saturn'].opposition,
      c['Moon-Mercury'].opposition,
    ];
    return sample.reduce((n, t) => n + words(t.replaceAll('{x}', 'Ploy').replaceAll('{y}', 'Niran')), 0) / sample.length;
  })();

  it('has couples whose strongest contacts differ, with Saturn contacts, Jupiter or outer-planet contacts as tight as scored ones, and a pair read both ways', () => {
    expect(sampleDepth).toBeGreaterThan(90);
    const strongest = reports.map((r) => {
      const f = r.data.synastry.compatibility.factors[0];
      return [f.a, f.b].sort().join('-') + ' ' + f.aspect;
    });
    expect(new Set(strongest).size).toBeGreaterThanOrEqual(5);
    for (const { data } of reports.slice(0, 5))
      expect(data.synastry.compatibility.factors.some((f) => f.a === 'Saturn' || f.b === 'Saturn')).toBe(true);
    // an unscored planet in a contact tighter than the widest scored contact, in most couples
    const outerTight = reports.filter(({ data }) => {
      const widest = Math.max(
        ...data.synastry.compatibility.factors.map((f) => data.synastry.inter_aspects.find((x) => x.a === f.a && x.b === f.b)?.orb ?? 0),
      );
      return data.synastry.inter_aspects.some((x) => (OUTER.includes(x.a) || OUTER.includes(x.b)) && x.orb < widest);
    });
    expect(outerTight.length).toBeGreaterThanOrEqual(3);
  });

  it('reads every contact that moves the score at the depth of the sample pair’s strongest contacts (70 % of its words at least)', () => {
    for (const { data, html } of reports) {
      const read = blocks(contactsOf(html));
      expect(read.length).toBeGreaterThan(0);
      const shallow = read
        .filter((r) => words(r.text) < 0.7 * sampleDepth)
        .map((r) => `${data.a.name}: ${r.title} (${Math.round(words(r.text))})`);
      expect(shallow).toEqual([]);
    }
  });

  /**
   * What two paragraphs must not share: a sentence (English, Thai as the content test splits it),
   * and in English any run of eight words, as test/rendered-samples.test.ts reads a document, so a
   * template with only its names changed counts as the same sentence.
   */
  const piecesOf = (text: string) => {
    const sentences = sentencesOf(text, locale);
    if (locale === 'th') return sentences;
    const words = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}'’ ]+/gu, ' ')
      .split(/\s+/)
      .filter(Boolean);
    return [...sentences, ...words.slice(0, Math.max(0, words.length - 7)).map((_, i) => words.slice(i, i + 8).join(' '))];
  };

  it('never prints the same sentence in two paragraphs of one report', () => {
    for (const { html } of reports) {
      const paragraphsOf = new Map<string, Set<number>>();
      blocks(contactsOf(html)).forEach((r, i) => {
        for (const s of piecesOf(r.text)) paragraphsOf.set(s, new Set([...(paragraphsOf.get(s) ?? []), i]));
      });
      const shared = [...paragraphsOf].filter(([, where]) => where.size > 1).map(([s]) => s);
      expect(shared).toEqual([]);
    }
  });

  it('reads each point as its owner’s, so the pair read the other way round reads the same contacts with the names in their places', () => {
    const [sample, reversed] = [reports[0], reports[5]];
    const owned = (name: string, point: string) => (locale === 'en' ? `${name}'s ${planet(point)}` : `${planet(point)}ของ ${name}`);
    const sunMars = (html: string) =>
      blocks(contactsOf(html)).find((r) => r.title.includes(planet('Sun')) && r.title.includes(planet('Mars')))!;
    for (const { text } of [sunMars(sample.html), sunMars(reversed.html)]) {
      // Ploy's Sun and Niran's Mars, whichever of the two the report names first
      expect(text).toContain(owned('Ploy', 'Sun'));
      expect(text).toContain(owned('Niran', 'Mars'));
      expect(text).not.toContain(owned('Niran', 'Sun'));
      expect(text).not.toContain(owned('Ploy', 'Mars'));
    }
    expect(sunMars(sample.html).title).toContain(owned('Ploy', 'Sun'));
    expect(sunMars(reversed.html).title).toContain(owned('Niran', 'Mars'));
    // the same contacts, with the same points
    const factors = (r: (typeof reports)[number]) => r.data.synastry.compatibility.factors.map((f) => `${f.aspect} ${f.points}`).sort();
    expect(factors(reversed)).toEqual(factors(sample));
  });
});
