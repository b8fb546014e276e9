import { KAAL_SARP_TYPES } from '@astro/contracts';
import { NodeKind } from '@astro/ephemeris';
import { Graha, GRAHAS, houseFrom, normalize360, signIndex } from './chart/graha-rules';
import { kundliLongitudes } from './kundli';
import { manglikDosha, ManglikSeverity } from './manglik';
import { NatalChart } from './chart/natal-chart';
import { fillTemplate as fill, houseOrdinal } from './text';
import en from './content/en.json';
import th from './content/th.json';

/**
 * Kaal Sarp, Pitra, Guru Chandal and Kemadruma doshas beside Manglik, each with the rule it used and
 * the cancellations that applied. Rules and sources: docs/vedic.md ("Doshas").
 */

export type DoshaLocale = 'en' | 'th';

export interface DoshaFinding {
  has_dosha: boolean;
  severity: ManglikSeverity;
  description: string;
  remedies: string[];
  rule: string;
  cancellations: string[];
}

export interface KaalSarpFinding extends DoshaFinding {
  type: (typeof KAAL_SARP_TYPES)[number] | null;
  /** Which half of the zodiac holds the seven grahas, counted in the order of the signs. */
  hemisphere: 'rahu_to_ketu' | 'ketu_to_rahu' | null;
  /** One graha shares a node's sign but stands outside the hemmed half by degrees. */
  partial: boolean;
}

export interface Doshas {
  locale: DoshaLocale;
  node: NodeKind;
  manglik: DoshaFinding;
  kaal_sarp: KaalSarpFinding;
  pitra: DoshaFinding;
  guru_chandal: DoshaFinding;
  kemadruma: DoshaFinding;
}

const CONTENT = { en, th };
const ordinal = (n: number, locale: DoshaLocale) => (locale === 'th' ? `ที่ ${houseOrdinal(n, locale)}` : houseOrdinal(n, locale));
/** Jupiter's sign aspects (5th, 7th, 9th) and its conjunction. */
const jupiterInfluences = (jupiterSign: number, sign: number) => [1, 5, 7, 9].includes(houseFrom(jupiterSign, sign));
const severityOf = (count: number): ManglikSeverity => (count <= 0 ? 'none' : count === 1 ? 'low' : count === 2 ? 'medium' : 'high');

function finding(
  locale: DoshaLocale,
  key: 'kaal_sarp' | 'pitra' | 'guru_chandal' | 'kemadruma',
  severity: ManglikSeverity,
  description: string,
  cancellations: string[],
): DoshaFinding {
  const text = CONTENT[locale].doshas[key];
  const has = severity !== 'none';
  return { has_dosha: has, severity, description, remedies: has ? text.remedies : [], rule: text.rule, cancellations };
}

function kaalSarp(lon: Record<Graha | 'Rahu' | 'Ketu' | 'Lagna', number>, locale: DoshaLocale): KaalSarpFinding {
  const text = CONTENT[locale].doshas.kaal_sarp;
  const rahu = lon.Rahu;
  const ahead = GRAHAS.filter((g) => normalize360(lon[g] - rahu) < 180);
  const behind = GRAHAS.filter((g) => normalize360(lon[g] - rahu) >= 180);
  const majority = ahead.length >= behind.length ? 'rahu_to_ketu' : 'ketu_to_rahu';
  const outside = majority === 'rahu_to_ketu' ? behind : ahead;
  // A single graha outside the half by degrees but in the sign of Rahu or Ketu breaks the yoga only partly.
  const nodeSigns = [signIndex(lon.Rahu), signIndex(lon.Ketu)];
  const partial = outside.length === 1 && nodeSigns.includes(signIndex(lon[outside[0]]));
  const rahuHouse = houseFrom(signIndex(lon.Lagna), signIndex(rahu));
  const type = KAAL_SARP_TYPES[rahuHouse - 1];
  const side = text.hemispheres[majority];
  // the type by its name in the text's language (the `type` field keeps the enum)
  const named = text.types[type];
  const names = CONTENT[locale].planet_names;
  if (outside.length === 0) {
    return {
      ...finding(locale, 'kaal_sarp', 'high', fill(text.present, { type: named, house: ordinal(rahuHouse, locale), side }), []),
      type,
      hemisphere: majority,
      partial: false,
    };
  }
  if (partial) {
    const planet = names[outside[0]];
    const cancellation = fill(text.partial_cancellation, { planet });
    return {
      ...finding(locale, 'kaal_sarp', 'low', fill(text.partial, { type: named, house: ordinal(rahuHouse, locale), side, planet }), [
        cancellation,
      ]),
      type,
      hemisphere: majority,
      partial: true,
    };
  }
  return {
    ...finding(locale, 'kaal_sarp', 'none', fill(text.absent, { count: Math.min(ahead.length, behind.length) }), []),
    type: null,
    hemisphere: null,
    partial: false,
  };
}

function pitra(lon: Record<Graha | 'Rahu' | 'Ketu' | 'Lagna', number>, locale: DoshaLocale): DoshaFinding {
  const text = CONTENT[locale].doshas.pitra;
  const sign = (b: keyof typeof lon) => signIndex(lon[b]);
  const lagna = sign('Lagna');
  const ninth = (lagna + 8) % 12;
  const afflictions: string[] = [];
  if (sign('Sun') === sign('Rahu')) afflictions.push(text.conditions.sun_rahu);
  if (sign('Sun') === sign('Ketu')) afflictions.push(text.conditions.sun_ketu);
  if (sign('Rahu') === ninth) afflictions.push(text.conditions.rahu_ninth);
  if (sign('Sun') === sign('Saturn')) afflictions.push(text.conditions.sun_saturn);
  const cancellations: string[] = [];
  if (afflictions.length > 0) {
    if (jupiterInfluences(sign('Jupiter'), sign('Sun'))) cancellations.push(text.cancellations.jupiter_sun);
    if (jupiterInfluences(sign('Jupiter'), ninth)) cancellations.push(text.cancellations.jupiter_ninth);
  }
  const severity = cancellations.length > 0 ? 'none' : severityOf(afflictions.length);
  const description =
    afflictions.length === 0
      ? text.absent
      : fill(cancellations.length > 0 ? text.cancelled : text.present, {
          conditions: afflictions.join(locale === 'th' ? ' และ' : '; '),
          cancellations: cancellations.join(locale === 'th' ? ' และ' : '; '),
        });
  return finding(locale, 'pitra', severity, description, cancellations);
}

function guruChandal(lon: Record<Graha | 'Rahu' | 'Ketu' | 'Lagna', number>, locale: DoshaLocale): DoshaFinding {
  const text = CONTENT[locale].doshas.guru_chandal;
  const jupiter = signIndex(lon.Jupiter);
  const node = jupiter === signIndex(lon.Rahu) ? 'Rahu' : jupiter === signIndex(lon.Ketu) ? 'Ketu' : null;
  if (node === null) return finding(locale, 'guru_chandal', 'none', text.absent, []);
  const cancellations: string[] = [];
  // Jupiter in its own signs (Sagittarius, Pisces) or its exaltation (Cancer) keeps its dignity.
  if ([8, 11].includes(jupiter)) cancellations.push(fill(text.cancellations.own, { sign: CONTENT[locale].sign_names[jupiter] }));
  if (jupiter === 3) cancellations.push(text.cancellations.exalted);
  const gap = Math.abs(normalize360(lon.Jupiter - lon[node] + 180) - 180);
  const severity: ManglikSeverity = cancellations.length > 0 ? 'none' : gap <= 5 ? 'high' : 'medium';
  const values = {
    node: text.nodes[node],
    sign: CONTENT[locale].sign_names[jupiter],
    gap: gap.toFixed(1),
    cancellations: cancellations.join('; '),
  };
  return finding(locale, 'guru_chandal', severity, fill(cancellations.length > 0 ? text.cancelled : text.present, values), cancellations);
}

function kemadruma(lon: Record<Graha | 'Rahu' | 'Ketu' | 'Lagna', number>, locale: DoshaLocale): DoshaFinding {
  const text = CONTENT[locale].doshas.kemadruma;
  const moon = signIndex(lon.Moon);
  const lagna = signIndex(lon.Lagna);
  // The five star-planets only: the Sun and the nodes do not form or break the yoga (BPHS 37).
  const others = GRAHAS.filter((g) => g !== 'Sun' && g !== 'Moon');
  const flanking = others.filter((g) => [2, 12].includes(houseFrom(moon, signIndex(lon[g]))));
  if (flanking.length > 0) return finding(locale, 'kemadruma', 'none', text.absent, []);
  const names = CONTENT[locale].planet_names;
  const cancellations: string[] = [];
  const fromMoon = others.filter((g) => [1, 4, 7, 10].includes(houseFrom(moon, signIndex(lon[g]))));
  const fromLagna = others.filter((g) => [1, 4, 7, 10].includes(houseFrom(lagna, signIndex(lon[g]))));
  if (fromMoon.length > 0) cancellations.push(fill(text.cancellations.kendra_moon, { planets: fromMoon.map((g) => names[g]).join(', ') }));
  if (fromLagna.length > 0)
    cancellations.push(fill(text.cancellations.kendra_lagna, { planets: fromLagna.map((g) => names[g]).join(', ') }));
  const severity: ManglikSeverity = cancellations.length > 0 ? 'none' : 'high';
  return finding(
    locale,
    'kemadruma',
    severity,
    fill(cancellations.length > 0 ? text.cancelled : text.present, {
      sign: CONTENT[locale].sign_names[moon],
      cancellations: cancellations.join(locale === 'th' ? ' และ' : '; '),
    }),
    cancellations,
  );
}

/** All five doshas of a chart (Manglik as the Manglik endpoint computes it). */
export function doshas(chart: NatalChart, node: NodeKind, locale: DoshaLocale, ephemerisPath: string): Doshas {
  const lon = kundliLongitudes(chart, node, ephemerisPath);
  const m = manglikDosha(chart, locale);
  const manglik: DoshaFinding = {
    has_dosha: m.has_dosha,
    severity: m.severity,
    description: m.description,
    remedies: m.remedies,
    rule: CONTENT[locale].doshas.manglik_rule,
    cancellations: m.cancellations,
  };
  return {
    locale,
    node,
    manglik,
    kaal_sarp: kaalSarp(lon, locale),
    pitra: pitra(lon, locale),
    guru_chandal: guruChandal(lon, locale),
    kemadruma: kemadruma(lon, locale),
  };
}
