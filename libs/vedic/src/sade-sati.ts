import { Birth, EphemerisRangeError, instantFromJulianDayUt, julianDayUt, localDate } from '@astro/ephemeris';
import { houseFrom } from './chart/graha-rules';
import { natalChart } from './chart/natal-chart';
import { saturnIngresses, saturnSign } from './saturn-ingresses';
import en from './content/en.json';
import th from './content/th.json';

export type SadeSatiPhase = 0 | 1 | 2 | 3;

export interface SadeSatiResult {
  has_sade_sati: boolean;
  currentPhase: SadeSatiPhase;
  phaseDescription: string;
  startDate: string;
  endDate: string;
  remedies: string[];
}

/** Phase of Saturn's sign counted from the natal Moon's sign: 12th rising, 1st peak, 2nd setting. */
export function phaseOf(moonSign: number, saturnSignIndex: number): SadeSatiPhase {
  const house = houseFrom(moonSign, saturnSignIndex);
  return house === 12 ? 1 : house === 1 ? 2 : house === 2 ? 3 : 0;
}

const YEAR = 365.25;

/**
 * Sade Sati: Saturn's transit of the 12th, 1st and 2nd signs from the natal Moon (sidereal, Lahiri).
 * A period is one continuous stay of Saturn in those three signs: a retrograde exit ends it and the
 * re-entry starts the next one, so every date is a real ingress instant. `asOf` is the request time.
 * The texts come from the content files: English by default, Thai for `th`.
 */
export function sadeSati(birth: Birth, asOf: Date, ephemerisPath: string, locale: 'en' | 'th' = 'en'): SadeSatiResult {
  const content = locale === 'th' ? th : en;
  const chart = natalChart(birth, ephemerisPath);
  const moonSign = chart.grahas.Moon.sign;
  const now = julianDayUt(asOf);
  const inWindow = (sign: number) => phaseOf(moonSign, sign) !== 0;
  // A stay lasts at most ~7.5 years and Saturn returns every ~29.5: this span holds the current or next period.
  const ingresses = saturnIngresses(now - 10 * YEAR, now + 32 * YEAR, ephemerisPath);
  const currentSign = saturnSign(now, ephemerisPath);
  const phase = phaseOf(moonSign, currentSign);

  let startJd: number | undefined;
  let endJd: number | undefined;
  if (phase !== 0) {
    // Walk back to the entry into the window, forward to the exit.
    startJd = [...ingresses].reverse().find((i) => i.jdUt <= now && inWindow(i.to) && !inWindow(i.from))?.jdUt;
    endJd = ingresses.find((i) => i.jdUt > now && inWindow(i.from) && !inWindow(i.to))?.jdUt;
  } else {
    const entry = ingresses.find((i) => i.jdUt > now && inWindow(i.to) && !inWindow(i.from));
    startJd = entry?.jdUt;
    endJd = entry && ingresses.find((i) => i.jdUt > entry.jdUt && inWindow(i.from) && !inWindow(i.to))?.jdUt;
  }
  const date = (jd: number | undefined) => {
    // Only near the ends of the ephemeris files (1800, 2399) can a boundary fall outside the search.
    if (jd === undefined) throw new EphemerisRangeError('date: the Sade Sati period reaches beyond the ephemeris files (1800–2399)');
    return localDate(instantFromJulianDayUt(jd), birth.offsetSeconds);
  };
  const descriptions = content.sade_sati.phases;
  return {
    has_sade_sati: phase !== 0,
    currentPhase: phase,
    phaseDescription: descriptions[phase],
    startDate: date(startJd),
    endDate: date(endJd),
    remedies: [...content.sade_sati.remedies],
  };
}

/** One stay of Saturn in one of the three signs of Sade Sati, as calendar dates at the birth offset. */
export interface SadeSatiStay {
  /** 1 rising (12th sign from the Moon), 2 peak (the Moon's sign), 3 setting (2nd sign) */
  phase: Exclude<SadeSatiPhase, 0>;
  /** the sign Saturn is in, 0 = Aries */
  sign: number;
  start: string;
  end: string;
}

/** A Sade Sati of a life: Saturn's passage over the three signs, retrograde exits and returns included. */
export interface SadeSatiCycle {
  start: string;
  end: string;
  stays: SadeSatiStay[];
}

/** Stays apart by less than this belong to one passage (a retrograde exit lasts months; passages come ~22 years apart). */
const SAME_PASSAGE_DAYS = 5 * YEAR;

/**
 * Every Sade Sati from birth to `years` later (or the end of the ephemeris files), each stay of
 * Saturn in the 12th, 1st and 2nd sign from the natal Moon with its dates: the ingress instants of
 * saturnIngresses, the same as POST /api/v3/vedic/sade-sati reports for the period it names.
 */
export function sadeSatiCycles(birth: Birth, ephemerisPath: string, years = 100): SadeSatiCycle[] {
  const chart = natalChart(birth, ephemerisPath);
  const moonSign = chart.grahas.Moon.sign;
  const lastJd = julianDayUt(new Date('2399-12-31T00:00:00Z'));
  // Saturn stays at most ~3 years in a sign: starting earlier finds the ingress of a stay running at birth.
  const fromJd = Math.max(chart.jdUt - 4 * YEAR, julianDayUt(new Date('1800-01-02T00:00:00Z')));
  const toJd = Math.min(chart.jdUt + years * YEAR, lastJd);
  // a passage begun before `toJd` is followed to its end (up to the end of the files)
  const ingresses = saturnIngresses(fromJd, Math.min(toJd + 10 * YEAR, lastJd), ephemerisPath);
  const date = (jd: number) => localDate(instantFromJulianDayUt(jd), birth.offsetSeconds);
  const cycles: { startJd: number; endJd: number; stays: SadeSatiStay[] }[] = [];
  // (a stay still running at the end of the files has no end date to print and is left out)
  for (const [i, ingress] of ingresses.entries()) {
    const phase = phaseOf(moonSign, ingress.to);
    const endJd = ingresses[i + 1]?.jdUt;
    if (phase === 0 || endJd === undefined || endJd < chart.jdUt) continue;
    const stay: SadeSatiStay = { phase, sign: ingress.to, start: date(ingress.jdUt), end: date(endJd) };
    const last = cycles[cycles.length - 1];
    if (last && ingress.jdUt - last.endJd < SAME_PASSAGE_DAYS) {
      last.stays.push(stay);
      last.endJd = endJd;
    } else if (ingress.jdUt < toJd) cycles.push({ startJd: ingress.jdUt, endJd, stays: [stay] });
  }
  return cycles.map((c) => ({ start: c.stays[0].start, end: c.stays[c.stays.length - 1].end, stays: c.stays }));
}
