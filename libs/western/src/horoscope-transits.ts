import { BodyPosition, signedArc, ZODIAC_SIGNS, ZodiacSign } from '@astro/ephemeris';
import { bodyName, Cadence, HoroscopeWriting, planetInHouse, sentence, signName, whereOf } from './horoscope-sky-text';

const MAJOR = [
  { type: 'conjunction', angle: 0 },
  { type: 'opposition', angle: 180 },
  { type: 'square', angle: 90 },
  { type: 'trine', angle: 120 },
  { type: 'sextile', angle: 60 },
] as const;
export type MajorAspect = (typeof MAJOR)[number]['type'];
/** Whole-sign relations by sign distance (0..6): the five majors, and the neighbouring and inconjunct signs. */
const SIGN_ASPECTS = ['conjunction', 'semi_sextile', 'sextile', 'square', 'trine', 'quincunx', 'opposition'] as const;
export type SignAspect = (typeof SIGN_ASPECTS)[number];
/** How strongly a sign feels a planet by its relation: the hard aspects most, the signs it does not see (in aversion) least. */
const SIGN_ASPECT_WEIGHT: Record<SignAspect, number> = {
  conjunction: 1,
  opposition: 1,
  square: 1,
  trine: 0.8,
  sextile: 0.6,
  semi_sextile: 0.5,
  quincunx: 0.5,
};

// How much each transiting body weighs in a period: fast bodies colour a day, slow ones a week.
const WEIGHT: Record<Cadence, Record<string, number>> = {
  daily: { Moon: 3, Sun: 2.5, Mercury: 2.5, Venus: 2.5, Mars: 2.5, Jupiter: 1.5, Saturn: 1.5, Uranus: 1, Neptune: 1, Pluto: 1 },
  weekly: { Moon: 0, Sun: 2.5, Mercury: 2.5, Venus: 2.5, Mars: 2.5, Jupiter: 2, Saturn: 2, Uranus: 1.5, Neptune: 1.5, Pluto: 1.5 },
  monthly: { Moon: 0, Sun: 2, Mercury: 1.5, Venus: 1.5, Mars: 2, Jupiter: 2.5, Saturn: 2.5, Uranus: 1.5, Neptune: 1.5, Pluto: 1.5 },
  // A year is coloured by the slow planets; the Sun to Mars pass through several signs in it.
  yearly: { Moon: 0, Sun: 0, Mercury: 0, Venus: 0, Mars: 0, Jupiter: 3, Saturn: 3, Uranus: 2, Neptune: 2, Pluto: 2 },
};
export const NATAL_ORB: Record<Cadence, number> = { daily: 3, weekly: 4, monthly: 5, yearly: 6 };
const TOP: Record<Cadence, number> = { daily: 3, weekly: 3, monthly: 2, yearly: 4 };

export interface HoroscopeTransit {
  transiting: string;
  transiting_sign: ZodiacSign;
  /** a major aspect to a natal point; for a sun sign, the whole-sign relation of the planet's sign to it */
  aspect: MajorAspect | SignAspect;
  /** natal point, or the sign for a sun-sign horoscope */
  to: string;
  /** degrees from exact; null for whole-sign aspects */
  orb: number | null;
  retrograde: boolean;
  text: string;
}
type Candidate = Omit<HoroscopeTransit, 'text'> & { score: number; longitude: number };

/** Major aspects within the period's orb from the sky to the natal points. */
function natalCandidates(w: HoroscopeWriting, sky: BodyPosition[]): Candidate[] {
  const orbLimit = NATAL_ORB[w.cadence];
  return sky.flatMap((t) =>
    WEIGHT[w.cadence][t.name] === 0
      ? []
      : w.reader.natalPoints.flatMap((p) => {
          const distance = Math.abs(signedArc(t.longitude, p.longitude));
          return MAJOR.filter((a) => Math.abs(distance - a.angle) <= orbLimit).map((a) => {
            const orb = Math.abs(distance - a.angle);
            return {
              transiting: t.name,
              transiting_sign: t.sign,
              aspect: a.type,
              to: p.name,
              orb: Math.round(orb * 100) / 100,
              retrograde: t.retrograde,
              score: WEIGHT[w.cadence][t.name] * (1 - orb / (orbLimit + 1)),
              longitude: t.longitude,
            };
          });
        }),
  );
}

/** The whole-sign relation of a body's sign to the reader's sign. */
export function wholeSignTransit(w: HoroscopeWriting, t: BodyPosition): Omit<HoroscopeTransit, 'text'> {
  const own = ZODIAC_SIGNS.indexOf(w.reader.sunSign);
  const distance = (ZODIAC_SIGNS.indexOf(t.sign) - own + 12) % 12;
  const aspect = SIGN_ASPECTS[Math.min(distance, 12 - distance)];
  return { transiting: t.name, transiting_sign: t.sign, aspect, to: w.reader.sunSign, orb: null, retrograde: t.retrograde };
}

/** The planets by their whole-sign relation to the sign, the hard aspects weighing most. */
function signCandidates(w: HoroscopeWriting, sky: BodyPosition[]): Candidate[] {
  return sky
    .filter((t) => WEIGHT[w.cadence][t.name] > 0)
    .map((t) => {
      const transit = wholeSignTransit(w, t);
      return { ...transit, score: WEIGHT[w.cadence][t.name] * SIGN_ASPECT_WEIGHT[transit.aspect], longitude: t.longitude };
    });
}

/** A natal aspect in words: the aspect's variant turns with the period, so a slow transit reads anew each day. */
function natalAspectText(w: HoroscopeWriting, t: Candidate): string {
  const body = (name: string) => w.c.bodies[name as keyof typeof w.c.bodies];
  const aspect = t.aspect as MajorAspect;
  return sentence(w, w.varied.pick(`natal_aspect.${aspect}`, w.c.natal_aspects[aspect]), {
    transit: body(t.transiting).name,
    natal: body(t.to).name.replace(/^(your|the) /, ''),
    brings: body(t.transiting).brings,
    stands_for: body(t.to).stands_for,
  });
}

/** A planet's sign for a sun sign: where it stands in the solar houses, then what it does there. */
function placementText(w: HoroscopeWriting, t: Candidate): string {
  const lead = sentence(w, w.varied.pick('period.placement', w.c.period.placement), {
    body: bodyName(w, t.transiting),
    sign: signName(w, t.transiting_sign),
    where: whereOf(w, t.longitude),
    span: w.c.spans[w.cadence],
  });
  return [lead, planetInHouse(w, t.transiting, t.longitude)].filter(Boolean).join(' ');
}

/**
 * The strongest transits of the period, written: aspects within the orb to a natal chart, or the
 * places of the planets in a sign's solar houses. `skip` names bodies read elsewhere in the text
 * (the period's focus, a planet that changes sign or direction in the period).
 */
export function chosenTransits(w: HoroscopeWriting, sky: BodyPosition[], skip: Set<string>): HoroscopeTransit[] {
  const natal = w.reader.kind === 'natal';
  const candidates = (
    natal
      ? natalCandidates(w, sky)
      : signCandidates(
          w,
          sky.filter((t) => !skip.has(t.name)),
        )
  ).sort((a, b) => b.score - a.score || a.transiting.localeCompare(b.transiting));
  // each planet and each natal point is read once (their words would repeat); an aspect no more
  // often than it has written variants
  const read = new Set<string>();
  const perAspect = new Map<string, number>();
  const chosen = candidates.filter((t) => {
    const count = perAspect.get(t.aspect) ?? 0;
    if (read.has(t.transiting) || (natal && (read.has(`natal ${t.to}`) || count >= w.c.natal_aspects[t.aspect as MajorAspect].length)))
      return false;
    read.add(t.transiting).add(`natal ${t.to}`);
    perAspect.set(t.aspect, count + 1);
    return true;
  });
  return chosen.slice(0, TOP[w.cadence]).map((t) => {
    const { score: _score, longitude: _longitude, ...transit } = t;
    return { ...transit, text: natal ? natalAspectText(w, t) : placementText(w, t) };
  });
}
