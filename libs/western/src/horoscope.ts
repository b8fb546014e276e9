import en from './content/horoscope/en.json';
import th from './content/horoscope/th.json';
import type { SafetyMode } from '@astro/contracts';
import { ForMode, modeCache } from '@astro/text';
import { skyEvents } from './horoscope-events';
import {
  Birth,
  bodyAt,
  BodyName,
  houseOf,
  houses,
  instantFromLocal,
  julianDayUt,
  signedArc,
  signOf,
  ZODIAC_SIGNS,
  ZodiacSign,
} from '@astro/ephemeris';

/**
 * Daily and weekly horoscopes from the real sky: the transiting Sun to Pluto (and the Moon, daily)
 * computed with the Swiss Ephemeris at the middle of the period, read against a natal chart
 * (aspects within a small orb to natal planets and angles) or against a sun sign (whole-sign
 * aspects and solar houses, the method of newspaper horoscopes). Text comes from
 * content/horoscope/<locale>.json; this module only chooses and assembles.
 */
// Texts a team must not read (the 5th house's romance, the 6th's health, the 8th's intimacy, Venus's
// affections) are written per safety mode, `{ "default": …, "workplace": … }` (docs/content.md).
type HoroscopeContent = ForMode<typeof en>;
const CONTENT = { en, th };
const contentForMode = modeCache<typeof en, string>(CONTENT);
export const HOROSCOPE_LOCALES = Object.keys(CONTENT);

export type Cadence = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type HoroscopeTarget = { kind: 'natal'; birth: Birth; name?: string } | { kind: 'sun_sign'; sign: ZodiacSign };

const TRANSITING: BodyName[] = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'];
const NATAL_POINTS = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Jupiter', 'Saturn', 'Uranus', 'Neptune', 'Pluto'] as const;
const MAJOR = [
  { type: 'conjunction', angle: 0 },
  { type: 'opposition', angle: 180 },
  { type: 'square', angle: 90 },
  { type: 'trine', angle: 120 },
  { type: 'sextile', angle: 60 },
] as const;
type MajorAspect = (typeof MAJOR)[number]['type'];
// Sign distance (0..6) of whole-sign aspects.
const SIGN_ASPECTS: Partial<Record<number, MajorAspect>> = { 0: 'conjunction', 2: 'sextile', 3: 'square', 4: 'trine', 6: 'opposition' };

// How much each transiting body weighs in a period: fast bodies colour a day, slow ones a week.
const WEIGHT: Record<Cadence, Record<string, number>> = {
  daily: { Moon: 3, Sun: 2.5, Mercury: 2.5, Venus: 2.5, Mars: 2.5, Jupiter: 1.5, Saturn: 1.5, Uranus: 1, Neptune: 1, Pluto: 1 },
  weekly: { Moon: 0, Sun: 2.5, Mercury: 2.5, Venus: 2.5, Mars: 2.5, Jupiter: 2, Saturn: 2, Uranus: 1.5, Neptune: 1.5, Pluto: 1.5 },
  monthly: { Moon: 0, Sun: 2, Mercury: 1.5, Venus: 1.5, Mars: 2, Jupiter: 2.5, Saturn: 2.5, Uranus: 1.5, Neptune: 1.5, Pluto: 1.5 },
  // A year is coloured by the slow planets; the Sun to Venus pass through every sign in it.
  yearly: { Moon: 0, Sun: 0, Mercury: 0, Venus: 0, Mars: 0.5, Jupiter: 3, Saturn: 3, Uranus: 2, Neptune: 2, Pluto: 2 },
};
const ORB: Record<Cadence, number> = { daily: 3, weekly: 4, monthly: 5, yearly: 6 };
const TOP: Record<Cadence, number> = { daily: 3, weekly: 4, monthly: 4, yearly: 4 };

/** Days of the period that starts on `startDate`: 1, 7, the days of the month or of the year. */
export function cadenceDays(cadence: Cadence, startDate: string): number {
  if (cadence === 'daily') return 1;
  if (cadence === 'weekly') return 7;
  const [year, month] = startDate.split('-').map(Number);
  if (cadence === 'monthly') return new Date(Date.UTC(year, month, 0)).getUTCDate();
  return (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / 86_400_000;
}

export interface HoroscopeTransit {
  transiting: string;
  transiting_sign: ZodiacSign;
  aspect: MajorAspect;
  /** natal point, or the sign for a sun-sign horoscope */
  to: string;
  /** degrees from exact; null for whole-sign aspects */
  orb: number | null;
  retrograde: boolean;
  text: string;
}

export interface Horoscope {
  locale: string;
  cadence: Cadence;
  period: { start: string; end: string; reference_instant_utc: string };
  sun_sign: ZodiacSign | null;
  moon_sign: ZodiacSign;
  title: string;
  text: string;
  transits: HoroscopeTransit[];
  disclaimer: string;
  method: string;
}

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/** The content a horoscope of this locale and safety mode reads (English when the locale has none). */
export function horoscopeContent(locale: string, safetyMode: SafetyMode = 'default'): { c: HoroscopeContent; locale: string } {
  const key = locale.toLowerCase().split(/[-_]/)[0];
  const used = Object.hasOwn(CONTENT, key) ? key : 'en';
  return { c: contentForMode(used, safetyMode), locale: used };
}

// Sentences may start with a lower-case name ("the Sun …"); Thai has no case, so this is a no-op there.
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "A, B and C" (or the locale's separators). */
const listed = (items: string[], separator: string, and: string) =>
  items.length <= 1 ? items.join('') : items.slice(0, -1).join(separator) + and + items[items.length - 1];

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function horoscopeFor(
  target: HoroscopeTarget,
  period: { cadence: Cadence; startDate: string; timezoneOffsetMinutes: number },
  locale: string,
  ephemerisPath: string,
  safetyMode: SafetyMode = 'default',
): Horoscope {
  const { c, locale: used } = horoscopeContent(locale, safetyMode);
  const days = cadenceDays(period.cadence, period.startDate);
  const start = instantFromLocal(period.startDate, '00:00', period.timezoneOffsetMinutes);
  const reference = new Date(start.getTime() + (days * 86_400_000) / 2);
  const jd = julianDayUt(reference);
  const sky = TRANSITING.map((name) => bodyAt(jd, name, ephemerisPath));
  const moonSign = sky[1].sign;
  const body = (name: string) => c.bodies[name as keyof HoroscopeContent['bodies']];

  const candidates: (HoroscopeTransit & { score: number })[] = [];
  let focus: string;
  let sunSign: ZodiacSign | null = null;
  /** where a longitude falls for the reader: a natal house, or a solar house counted from the sign */
  let whereOf: (longitude: number) => string;
  const where = (template: string, house: number) =>
    fill(template, {
      house: c.ordinals[String(house) as keyof HoroscopeContent['ordinals']],
      topic: c.houses[String(house) as keyof HoroscopeContent['houses']],
    });
  if (target.kind === 'natal') {
    const natalJd = julianDayUt(target.birth.instant);
    const natal = houses(natalJd, target.birth.latitude, target.birth.longitude, 'P', ephemerisPath);
    const points = [
      ...NATAL_POINTS.map((name) => ({ name, longitude: bodyAt(natalJd, name, ephemerisPath).longitude })),
      { name: 'Ascendant', longitude: natal.ascendant },
      { name: 'Midheaven', longitude: natal.midheaven },
    ];
    sunSign = signOf(points[0].longitude).sign;
    for (const t of sky) {
      if (WEIGHT[period.cadence][t.name] === 0) continue;
      for (const p of points) {
        const distance = Math.abs(signedArc(t.longitude, p.longitude));
        for (const aspect of MAJOR) {
          const orb = Math.abs(distance - aspect.angle);
          if (orb > ORB[period.cadence]) continue;
          candidates.push({
            transiting: t.name,
            transiting_sign: t.sign,
            aspect: aspect.type,
            to: p.name,
            orb: Math.round(orb * 100) / 100,
            retrograde: t.retrograde,
            score: WEIGHT[period.cadence][t.name] * (1 - orb / (ORB[period.cadence] + 1)),
            text: fill(c.natal_aspects[aspect.type], {
              transit: body(t.name).name,
              natal: body(p.name).name.replace(/^(your|the) /, ''),
              brings: body(t.name).brings,
              stands_for: body(p.name).stands_for,
            }),
          });
        }
      }
    }
    whereOf = (longitude) => where(c.events.where_natal, houseOf(longitude, natal.cusps));
    const house = houseOf(sky[0].longitude, natal.cusps);
    focus = fill(c.templates.house_focus_natal, {
      house: c.ordinals[String(house) as keyof HoroscopeContent['ordinals']],
      topic: c.houses[String(house) as keyof HoroscopeContent['houses']],
    });
  } else {
    sunSign = target.sign;
    const own = ZODIAC_SIGNS.indexOf(target.sign);
    for (const t of sky) {
      if (WEIGHT[period.cadence][t.name] === 0) continue;
      // the Sun's place is the period's focus below; its whole-sign aspect would say it twice
      if (t.name === 'Sun' && period.cadence !== 'yearly') continue;
      const distance = (ZODIAC_SIGNS.indexOf(t.sign) - own + 12) % 12;
      const aspect = SIGN_ASPECTS[Math.min(distance, 12 - distance)];
      if (!aspect) continue;
      candidates.push({
        transiting: t.name,
        transiting_sign: t.sign,
        aspect,
        to: target.sign,
        orb: null,
        retrograde: t.retrograde,
        // Conjunctions, oppositions and squares are felt more than the soft aspects.
        score: WEIGHT[period.cadence][t.name] * (aspect === 'sextile' ? 0.6 : aspect === 'trine' ? 0.8 : 1),
        // a planet in the sign itself has its own sentence, so that three of them never read alike
        text: fill(aspect === 'conjunction' ? c.own_sign[t.name as keyof HoroscopeContent['own_sign']] : c.sign_aspects[aspect], {
          transit: body(t.name).name,
          transit_sign: c.signs[t.sign],
          sign: c.signs[target.sign],
          brings: body(t.name).brings,
        }),
      });
    }
    whereOf = (longitude) => where(c.events.where_solar, ((ZODIAC_SIGNS.indexOf(signOf(longitude).sign) - own + 12) % 12) + 1);
    // The year's focus is Jupiter's solar house (the Sun passes through all twelve in a year).
    const focusBody = period.cadence === 'yearly' ? sky[5] : sky[0];
    const solarHouse = ((ZODIAC_SIGNS.indexOf(focusBody.sign) - own + 12) % 12) + 1;
    focus = fill(period.cadence === 'yearly' ? c.templates.house_focus_sign_yearly : c.templates.house_focus_sign, {
      jupiter_sign: c.signs[sky[5].sign],
      sign: c.signs[target.sign],
      sun_sign: c.signs[sky[0].sign],
      house: c.ordinals[String(solarHouse) as keyof HoroscopeContent['ordinals']],
      topic: c.houses[String(solarHouse) as keyof HoroscopeContent['houses']],
    });
  }

  const chosen = candidates
    .sort((a, b) => b.score - a.score || a.transiting.localeCompare(b.transiting))
    .slice(0, TOP[period.cadence])
    .map(({ score: _score, ...t }) => ({ ...t, text: capitalized(t.text) }));
  // A week or a month is dated by its lunations, the Sun's change of sign and the stations; a
  // planet that stations in the period is read there, not again in the list of retrograde planets.
  const events =
    period.cadence === 'weekly' || period.cadence === 'monthly'
      ? skyEvents(start, new Date(start.getTime() + days * 86_400_000), ephemerisPath)
      : [];
  const dated = events.map((e) => {
    const local = new Date(Date.parse(e.utc) + period.timezoneOffsetMinutes * 60_000);
    return fill(c.events[e.kind], {
      date: fill(c.templates.day_month, { day: local.getUTCDate(), month: c.months[local.getUTCMonth()] }),
      moon_sign: c.signs[e.sign],
      sun_sign: c.signs[e.sign],
      station_sign: c.signs[e.sign],
      degree: Math.floor(e.longitude % 30),
      body: 'body' in e ? body(e.body).name : '',
      brings: 'body' in e ? body(e.body).brings : '',
      where: whereOf(e.longitude),
      span: c.events[`span_${period.cadence}` as 'span_monthly'],
    });
  });
  const stationed = new Set(events.flatMap((e) => ('body' in e ? [e.body as string] : [])));
  const retrograde = sky
    .filter((t) => t.retrograde && !['Sun', 'Moon'].includes(t.name) && !stationed.has(t.name))
    .map((t) => body(t.name).name);
  const end = addDays(period.startDate, days - 1);
  const name = target.kind === 'natal' ? (target.name ?? c.signs[sunSign]) : c.signs[sunSign];
  const title = fill(c.templates[`title_${period.cadence}`], {
    name,
    start: period.startDate,
    end,
    month: period.startDate.slice(0, 7),
    year: period.startDate.slice(0, 4),
  });
  // Paragraphs of sentences: the period's focus, its aspects, its dates, the closing line.
  const paragraphs = [
    [
      period.cadence === 'daily' ? fill(c.templates.moon, { moon_sign: c.signs[moonSign], moon_mood: c.moon_moods[moonSign] }) : null,
      focus,
    ],
    chosen.length > 0 ? chosen.map((t) => t.text) : [c.templates.quiet],
    [
      ...dated,
      retrograde.length > 0
        ? fill(c.templates.retrograde, {
            bodies: listed(retrograde, c.templates.list_sep, c.templates.list_and),
            verb: retrograde.length > 1 ? c.templates.retrograde_many : c.templates.retrograde_one,
          })
        : null,
    ],
    [c.templates[`closing_${period.cadence}`]],
  ]
    .map((sentences) =>
      sentences
        .filter((x): x is string => Boolean(x))
        .map(capitalized)
        .join(' '),
    )
    .filter(Boolean);
  return {
    locale: used,
    cadence: period.cadence,
    period: { start: period.startDate, end, reference_instant_utc: reference.toISOString() },
    sun_sign: sunSign,
    moon_sign: moonSign,
    title,
    text: paragraphs.join('\n'),
    transits: chosen,
    disclaimer: c.disclaimer,
    method:
      target.kind === 'natal'
        ? `tropical transits at the middle of the period to natal Sun–Pluto, Ascendant and Midheaven (Placidus), major aspects within ${ORB[period.cadence]}°`
        : 'tropical transits at the middle of the period, whole-sign aspects and solar houses from the sun sign',
  };
}
