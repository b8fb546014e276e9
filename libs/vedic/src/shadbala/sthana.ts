import {
  degreeInSign,
  EXALTATION_POINT,
  Graha,
  arcBetween,
  houseFrom,
  MOOLATRIKONA,
  ownsSign,
  SIGN_LORDS,
  signIndex,
} from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';
import { SAPTA_VARGAS, vargaSign } from '../chart/vargas';
import { compoundRelation, CompoundRelation } from './relationships';

export interface SthanaComponents {
  uchcha: number;
  saptavargaja: number;
  ojayugma: number;
  kendradi: number;
  drekkana: number;
}

/** Uchcha Bala (BPHS 27.9): a third of the arc from the deep debilitation point; 60 at exaltation. */
export function uchchaBala(graha: Graha, longitude: number): number {
  return arcBetween(longitude, EXALTATION_POINT[graha] + 180) / 3;
}

const VARGA_POINTS: Record<CompoundRelation, number> = {
  great_friend: 22.5,
  friend: 15,
  neutral: 7.5,
  enemy: 3.75,
  great_enemy: 1.875,
};

/**
 * Saptavargaja Bala (BPHS 27.10–13): in each of the seven vargas, 45 in the moolatrikona sign (rasi
 * chart only, the whole sign, as V. P. Jain's worked example counts it: his Sun at 26° Leo and
 * Mercury at 20°53' Virgo both score 45), 30 in an own sign, else by the compound relationship with
 * the lord of the varga sign.
 */
export function saptavargajaBala(chart: NatalChart, graha: Graha): { total: number; byVarga: Record<string, number> } {
  const longitude = chart.grahas[graha].longitude;
  const byVarga: Record<string, number> = {};
  for (const varga of SAPTA_VARGAS) {
    const sign = vargaSign(longitude, varga);
    let points: number;
    if (varga === 1 && sign === MOOLATRIKONA[graha].sign) points = 45;
    else if (ownsSign(graha, sign)) points = 30;
    else points = VARGA_POINTS[compoundRelation(chart, graha, SIGN_LORDS[sign])];
    byVarga[`D${varga}`] = points;
  }
  return { total: Object.values(byVarga).reduce((a, b) => a + b, 0), byVarga };
}

/** Ojayugmarasyamsa Bala (BPHS 27.14): the Moon and Venus gain 15 each in even rasi and navamsa, the others in odd. */
export function ojayugmaBala(graha: Graha, longitude: number): number {
  const wantsEven = graha === 'Moon' || graha === 'Venus';
  const fits = (sign: number) => (sign % 2 === 1) === wantsEven; // index 1 (Taurus) is an even sign
  return (fits(signIndex(longitude)) ? 15 : 0) + (fits(vargaSign(longitude, 9)) ? 15 : 0);
}

/** Kendradi Bala (BPHS 27.15): 60 in a kendra, 30 in a panaphara, 15 in an apoklima, by sign from the Lagna. */
export function kendradiBala(longitude: number, ascendant: number): number {
  const house = houseFrom(signIndex(ascendant), signIndex(longitude));
  return [1, 4, 7, 10].includes(house) ? 60 : [2, 5, 8, 11].includes(house) ? 30 : 15;
}

/** Drekkana Bala (BPHS 27.16): male planets in the 1st decanate, neuter in the 2nd, female in the 3rd: 15. */
export function drekkanaBala(graha: Graha, longitude: number): number {
  const decanate = Math.floor(degreeInSign(longitude) / 10);
  const wanted: Record<Graha, number> = { Sun: 0, Mars: 0, Jupiter: 0, Mercury: 1, Saturn: 1, Moon: 2, Venus: 2 };
  return decanate === wanted[graha] ? 15 : 0;
}

export function sthanaBala(chart: NatalChart, graha: Graha): SthanaComponents {
  const { longitude } = chart.grahas[graha];
  return {
    uchcha: uchchaBala(graha, longitude),
    saptavargaja: saptavargajaBala(chart, graha).total,
    ojayugma: ojayugmaBala(graha, longitude),
    kendradi: kendradiBala(longitude, chart.ascendant),
    drekkana: drekkanaBala(graha, longitude),
  };
}
