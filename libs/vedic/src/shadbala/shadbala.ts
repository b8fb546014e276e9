import { Birth, instantFromJulianDayUt } from '@astro/ephemeris';
import { dayFrame, DayFrame } from '../chart/day-frame';
import { Graha, GRAHAS } from '../chart/graha-rules';
import { natalChart, NatalChart } from '../chart/natal-chart';
import { starPlanetCheshta } from './cheshta';
import { Classifications, moonNature, Nature } from './classifications';
import { digBala } from './dig';
import { drikBala } from './drik';
import { ayanaDeclination, kalaBala, KalaComponents, moonLight } from './kala';
import { sthanaBala, SthanaComponents } from './sthana';
import { planetaryWars } from './yuddha';

/** The constant profile strings of the spec: which variant of each contested rule is applied. */
export const SHADBALA_METHOD = {
  ayana_profile: 'tropical_plane_zero_latitude_single_sun',
  cheshta_profile: 'vp_jain_1900_ujjain_surya_siddhanta',
  yuddha_profile: 'vp_jain_disc_normalized_pre_ayana_tri_bala',
  luminary_allocation: 'split_kala_cheshta',
  drik_profile: 'parashari_signed_drishti_pinda',
  nodes: 'excluded',
} as const;

/** Naisargika Bala (BPHS 27.29): 60 × n/7 in the order Saturn 1 … Sun 7. */
export const NAISARGIKA: Record<Graha, number> = {
  Sun: 60,
  Moon: (60 * 6) / 7,
  Venus: (60 * 5) / 7,
  Jupiter: (60 * 4) / 7,
  Mercury: (60 * 3) / 7,
  Mars: (60 * 2) / 7,
  Saturn: 60 / 7,
};

/** Minimum Shadbala for a planet to be called strong (BPHS 27.35–36), virupa. */
export const REQUIRED_VIRUPA: Record<Graha, number> = {
  Sun: 390,
  Moon: 360,
  Mars: 300,
  Mercury: 420,
  Jupiter: 390,
  Venus: 330,
  Saturn: 300,
};

export interface PlanetShadbala {
  planet: Graha;
  components_virupa: { sthana: SthanaComponents; dig: number; kala: KalaComponents; cheshta: number; drik: number };
  family_totals_virupa: { sthana: number; dig: number; kala: number; cheshta: number; naisargika: number; drik: number };
  total_virupa: number;
  total_rupa: number;
  required_virupa: number;
  strength_ratio: number;
}

export interface ShadbalaResult {
  system: 'vedic';
  ayanamsa: 'lahiri';
  result: {
    aggregate: { method: typeof SHADBALA_METHOD; planets: PlanetShadbala[] };
    context: {
      instant_utc: string;
      classifications: Classifications;
      kala: Record<string, unknown>;
      profiles: Record<string, string>;
    };
    yuddha: Record<string, unknown>;
    drik: Record<string, unknown>[];
  };
  derivation: {
    instant_utc: string;
    astrological_date: string;
    period: 'day' | 'night';
    third: number;
    sunrise_utc: string;
    period_start_utc: string;
    period_end_utc: string;
    elapsed_minutes_since_astrological_sunrise: number;
    nata_ghatis: number;
    equation_of_time_minutes: number;
    sun_time_method: 'swisseph_rise_trans';
    ayanamsa: 'lahiri';
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const round2 = (x: number) => Math.round(x * 100) / 100;
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
const iso = (jd: number) => instantFromJulianDayUt(jd).toISOString();

function roundAll<T>(value: T): T {
  if (typeof value === 'number') return round2(value) as T;
  if (Array.isArray(value)) return value.map(roundAll) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, roundAll(v)])) as T;
  return value;
}

export interface ShadbalaInput {
  birth: Birth;
  mercuryNatures: { paksha: Nature; drik: Nature };
}

/** Complete six-family Shadbala of Sun to Saturn (nodes excluded). */
export function shadbala(input: ShadbalaInput, ephemerisPath: string): ShadbalaResult {
  const chart = natalChart(input.birth, ephemerisPath);
  const frame = dayFrame(chart, ephemerisPath);
  return shadbalaOfChart(chart, frame, { moon: moonNature(chart), mercury: input.mercuryNatures });
}

export function shadbalaOfChart(chart: NatalChart, frame: DayFrame, classes: Classifications): ShadbalaResult {
  const sthana = Object.fromEntries(GRAHAS.map((g) => [g, sthanaBala(chart, g)])) as Record<Graha, SthanaComponents>;
  const dig = Object.fromEntries(GRAHAS.map((g) => [g, digBala(chart, g)])) as Record<Graha, number>;
  const kala = Object.fromEntries(GRAHAS.map((g) => [g, kalaBala(g, chart, frame, classes)])) as Record<Graha, KalaComponents>;

  const preAyanaKala = (g: Graha) => {
    const k = kala[g];
    return k.natonnata + k.paksha + k.tribhaga + k.abda + k.masa + k.dina + k.hora;
  };
  const wars = planetaryWars(chart, (g) => sum(Object.values(sthana[g])) + dig[g] + preAyanaKala(g));
  for (const war of wars) {
    kala[war.winner].yuddha += war.yuddha_virupa;
    kala[war.loser].yuddha -= war.yuddha_virupa;
  }

  // Luminaries (split_kala_cheshta): the Sun's cheshta is its ayana bala, the Moon's its paksha bala
  // (BPHS 27.30); the book carries both inside kala as doubled values, here they sit under cheshta.
  const cheshtaDetails = {
    Mars: starPlanetCheshta('Mars', chart),
    Mercury: starPlanetCheshta('Mercury', chart),
    Jupiter: starPlanetCheshta('Jupiter', chart),
    Venus: starPlanetCheshta('Venus', chart),
    Saturn: starPlanetCheshta('Saturn', chart),
  };
  const cheshta: Record<Graha, number> = {
    Sun: kala.Sun.ayana,
    Moon: kala.Moon.paksha,
    Mars: cheshtaDetails.Mars.value,
    Mercury: cheshtaDetails.Mercury.value,
    Jupiter: cheshtaDetails.Jupiter.value,
    Venus: cheshtaDetails.Venus.value,
    Saturn: cheshtaDetails.Saturn.value,
  };
  const drik = drikBala(chart, classes);

  const planets: PlanetShadbala[] = GRAHAS.map((g) => {
    const families = {
      sthana: sum(Object.values(sthana[g])),
      dig: dig[g],
      kala: sum(Object.values(kala[g])),
      cheshta: cheshta[g],
      naisargika: NAISARGIKA[g],
      drik: drik[g].drik_virupa,
    };
    const total = sum(Object.values(families));
    return roundAll({
      planet: g,
      components_virupa: { sthana: sthana[g], dig: dig[g], kala: kala[g], cheshta: cheshta[g], drik: drik[g].drik_virupa },
      family_totals_virupa: families,
      total_virupa: total,
      total_rupa: total / 60,
      required_virupa: REQUIRED_VIRUPA[g],
      strength_ratio: total / REQUIRED_VIRUPA[g],
    });
  });

  const instantUtc = chart.instant.toISOString();
  return {
    system: 'vedic',
    ayanamsa: 'lahiri',
    result: {
      aggregate: { method: SHADBALA_METHOD, planets },
      context: {
        instant_utc: instantUtc,
        classifications: classes,
        kala: {
          weekday_lord: frame.dayLord,
          hora_lord: frame.horaLord,
          year_lord: frame.yearLord,
          month_lord: frame.monthLord,
          ahargana_days_since_creation: frame.ahargana,
          hora_number: Math.floor(frame.elapsedMinutesSinceSunrise / 60) + 1,
          local_apparent_time_hours: round4(frame.localApparentHours),
          moon_sun_elongation_deg: round4(moonLight(chart) * 3),
          ayanamsa_deg: round4(chart.ayanamsa),
          obliquity_deg: round4(chart.obliquity),
          declinations_deg: Object.fromEntries(GRAHAS.map((g) => [g, round4(ayanaDeclination(chart, g))])),
          sidereal_longitudes_deg: Object.fromEntries(GRAHAS.map((g) => [g, round4(chart.grahas[g].longitude)])),
          ascendant_deg: round4(chart.ascendant),
          midheaven_deg: round4(chart.midheaven),
          cheshta: roundAll(cheshtaDetails),
        },
        profiles: { ...SHADBALA_METHOD },
      },
      yuddha: roundAll({ orb_deg: 1, wars }),
      drik: GRAHAS.map((g) => roundAll({ ...drik[g] })),
    },
    derivation: {
      instant_utc: instantUtc,
      astrological_date: frame.astrologicalDate,
      period: frame.period,
      third: frame.third,
      sunrise_utc: iso(frame.sunriseJd),
      period_start_utc: iso(frame.periodStartJd),
      period_end_utc: iso(frame.periodEndJd),
      elapsed_minutes_since_astrological_sunrise: round2(frame.elapsedMinutesSinceSunrise),
      nata_ghatis: round4(frame.nataGhatis),
      equation_of_time_minutes: round4(frame.equationOfTimeMinutes),
      sun_time_method: 'swisseph_rise_trans',
      ayanamsa: 'lahiri',
    },
  };
}
