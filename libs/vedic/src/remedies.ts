import { Birth } from '@astro/ephemeris';
import { dayFrame } from './chart/day-frame';
import { VedicInputError } from './chart/errors';
import { Graha, GRAHAS, isDebilitationSign } from './chart/graha-rules';
import { manglikDosha } from './manglik';
import { natalChart, NatalChart } from './chart/natal-chart';
import { sadeSati } from './sade-sati';
import { moonNature, Nature } from './shadbala/classifications';
import { shadbalaOfChart } from './shadbala/shadbala';
import { fillTemplate as fill } from './text';
import en from './content/en.json';
import th from './content/th.json';

export type RemedyLocale = 'en' | 'th';
const CONTENT = { en, th } as const;

export interface Recommendation {
  id: string;
  signal: string;
  title: string;
  title_th: string;
  traditional_context: string;
  practical_reflection: string;
}

export interface RemediesResult {
  system: 'vedic';
  locale: RemedyLocale;
  disclaimer: string;
  signals: string[];
  recommendations: Recommendation[];
}

/**
 * Mercury takes the nature of its company (BPHS 3.11): malefic when it shares its sign with more
 * malefics (Sun, Mars, Saturn, a waning Moon) than benefics (Jupiter, Venus, a waxing Moon).
 */
export function mercuryNatureFromChart(chart: NatalChart): Nature {
  const moon = moonNature(chart);
  let score = 0;
  for (const g of GRAHAS) {
    if (g === 'Mercury' || chart.grahas[g].sign !== chart.grahas.Mercury.sign) continue;
    const benefic = g === 'Jupiter' || g === 'Venus' || (g === 'Moon' && moon === 'benefic');
    score += benefic ? 1 : -1;
  }
  return score < 0 ? 'malefic' : 'benefic';
}

/**
 * Shadbala needs the sunrise and sunset of the birth day; where the Sun neither rises nor sets (polar
 * day or night) the weak-planet signals are left out and the other signals still apply.
 */
export function shadbalaIfTimed(chart: NatalChart, mercury: Nature, ephemerisPath: string) {
  try {
    return shadbalaOfChart(chart, dayFrame(chart, ephemerisPath), { moon: moonNature(chart), mercury: { paksha: mercury, drik: mercury } });
  } catch (err) {
    if (err instanceof VedicInputError) return undefined;
    throw err;
  }
}

/** Why a remedy is indicated: a planet below its Shadbala requirement, or a debilitated planet. */
export type RemedyReason =
  { kind: 'weak'; planet: Graha; ratio_percent: number; required_virupa: number } | { kind: 'debilitated'; planet: Graha; sign: number };

/** A recommendation in parts: the reasons (as data and as sentences) apart from the tradition's text. */
export interface RemedyItem {
  id: string;
  signal: string;
  title: string;
  title_th: string;
  /** empty for an event (Sade Sati, Manglik dosha, no affliction) */
  reasons: RemedyReason[];
  /** the reasons as the route's text writes them, in the language asked */
  leads: string[];
  tradition: string;
  practical_reflection: string;
}

export interface RemedyItems {
  locale: RemedyLocale;
  disclaimer: string;
  signals: string[];
  items: RemedyItem[];
}

/** Signals read from the chart, each with its recommendation in parts (the PDF report prints the reasons as a table). */
export function remedyItems(birth: Birth, locale: RemedyLocale, asOf: Date, ephemerisPath: string): RemedyItems {
  const chart = natalChart(birth, ephemerisPath);
  const mercury = mercuryNatureFromChart(chart);
  const bala = shadbalaIfTimed(chart, mercury, ephemerisPath);
  const text = CONTENT[locale];
  const items: RemedyItem[] = [];
  const signals: string[] = [];
  // One recommendation per planet: a planet both weak by Shadbala and debilitated gets one, whose
  // context gives both reasons (its signal is the debilitation); `signals` lists both.
  const planetReasons = new Map<Graha, { signal: string; reasons: RemedyReason[]; leads: string[] }>();
  const planetSignal = (reason: RemedyReason, lead: string) => {
    const signal = `${reason.kind}_${reason.planet.toLowerCase()}`;
    signals.push(signal);
    const entry = planetReasons.get(reason.planet);
    if (entry) {
      entry.signal = signal;
      entry.reasons.push(reason);
      entry.leads.push(lead);
    } else planetReasons.set(reason.planet, { signal, reasons: [reason], leads: [lead] });
  };
  for (const p of bala?.result.aggregate.planets ?? []) {
    if (p.strength_ratio < 1) {
      const reason = {
        kind: 'weak' as const,
        planet: p.planet,
        ratio_percent: Math.round(p.strength_ratio * 100),
        required_virupa: p.required_virupa,
      };
      const lead = fill(text.signal_leads.weak, {
        planet: text.planet_names[p.planet],
        ratio: String(reason.ratio_percent),
        required: String(p.required_virupa),
      });
      planetSignal(reason, lead);
    }
  }
  for (const g of GRAHAS) {
    const sign = chart.grahas[g].sign;
    if (isDebilitationSign(g, sign)) {
      planetSignal(
        { kind: 'debilitated', planet: g, sign },
        fill(text.signal_leads.debilitated, { planet: text.planet_names[g], sign: text.sign_names[sign] }),
      );
    }
  }
  for (const [planet, { signal, reasons, leads }] of planetReasons) {
    items.push({
      id: `rem_${signal}`,
      signal,
      title: en.planets[planet].title,
      title_th: th.planets[planet].title,
      reasons,
      leads,
      tradition: text.planets[planet].traditional_context,
      practical_reflection: text.planets[planet].practical_reflection,
    });
  }
  const eventSignal = (signal: keyof typeof en.events) => {
    signals.push(signal);
    items.push({
      id: `rem_${signal}`,
      signal,
      title: en.events[signal].title,
      title_th: th.events[signal].title,
      reasons: [],
      leads: [],
      tradition: text.events[signal].traditional_context,
      practical_reflection: text.events[signal].practical_reflection,
    });
  };
  if (sadeSati(birth, asOf, ephemerisPath).has_sade_sati) eventSignal('sade_sati_active');
  if (manglikDosha(chart).has_dosha) eventSignal('manglik_dosha');
  if (items.length === 0) eventSignal('no_major_affliction');
  return { locale, disclaimer: text.disclaimer, signals, items };
}

/** Signals read from the chart, each with a recommendation from the content files (English and Thai). */
export function vedicRemedies(birth: Birth, locale: RemedyLocale, asOf: Date, ephemerisPath: string): RemediesResult {
  const { disclaimer, signals, items } = remedyItems(birth, locale, asOf, ephemerisPath);
  return {
    system: 'vedic',
    locale,
    disclaimer,
    signals,
    recommendations: items.map((i) => ({
      id: i.id,
      signal: i.signal,
      title: i.title,
      title_th: i.title_th,
      traditional_context: [...i.leads, i.tradition].join(' '),
      practical_reflection: i.practical_reflection,
    })),
  };
}
