import { degreeInSign, signIndex } from './graha-rules';

/** The seven vargas of Saptavargaja Bala (BPHS 7): rasi, hora, drekkana, saptamsa, navamsa, dvadasamsa, trimsamsa. */
export const SAPTA_VARGAS = [1, 2, 3, 7, 9, 12, 30] as const;
export type Varga = (typeof SAPTA_VARGAS)[number];

const isOdd = (sign: number) => sign % 2 === 0; // Aries (0) is the first, odd, sign

/** The sign (0–11) a sidereal longitude occupies in a divisional chart, by Parashara's rules (BPHS 6). */
export function vargaSign(longitude: number, varga: Varga): number {
  const sign = signIndex(longitude);
  const deg = degreeInSign(longitude);
  switch (varga) {
    case 1:
      return sign;
    case 2: // hora: odd signs Sun's hora (Leo) then Moon's (Cancer); even signs the reverse
      return deg < 15 === isOdd(sign) ? 4 : 3;
    case 3: // drekkana: the sign itself, the 5th and the 9th
      return (sign + 4 * Math.floor(deg / 10)) % 12;
    case 7: // saptamsa: odd signs count from the sign, even signs from the 7th
      return (sign + (isOdd(sign) ? 0 : 6) + Math.floor(deg / (30 / 7))) % 12;
    case 9: // navamsa: movable from itself, fixed from the 9th, dual from the 5th
      return (sign + [0, 8, 4][sign % 3] + Math.floor(deg / (10 / 3))) % 12;
    case 12: // dvadasamsa: from the sign itself
      return (sign + Math.floor(deg / 2.5)) % 12;
    case 30:
      return trimsamsaSign(isOdd(sign), deg);
  }
}

// Trimsamsa: odd signs Mars 5°, Saturn 5°, Jupiter 8°, Mercury 7°, Venus 5° (signs Aries, Aquarius,
// Sagittarius, Gemini, Libra); even signs the reverse order (Taurus, Virgo, Pisces, Capricorn, Scorpio).
const ODD_TRIMSAMSA: [number, number][] = [
  [5, 0],
  [10, 10],
  [18, 8],
  [25, 2],
  [30, 6],
];
const EVEN_TRIMSAMSA: [number, number][] = [
  [5, 1],
  [12, 5],
  [20, 11],
  [25, 9],
  [30, 7],
];

function trimsamsaSign(odd: boolean, deg: number): number {
  const table = odd ? ODD_TRIMSAMSA : EVEN_TRIMSAMSA;
  return (table.find(([end]) => deg < end) ?? table[table.length - 1])[1];
}
