import { degreeInSign, signIndex } from './chart/graha-rules';
import { vargaSign as saptavargaSign } from './chart/vargas';

/** The sixteen divisional charts of BPHS 6 (Shodashvarga). */
export const SHODASHVARGA = [1, 2, 3, 4, 7, 9, 10, 12, 16, 20, 24, 27, 30, 40, 45, 60] as const;
export type ShodashVarga = (typeof SHODASHVARGA)[number];

/** The rule of each varga as BPHS 6 states it; docs/vedic.md repeats these with verse numbers. */
export const VARGA_RULES: Record<ShodashVarga, string> = {
  1: 'Rasi: the sign itself',
  2: 'Hora: odd signs Sun (Leo) then Moon (Cancer), even signs Moon then Sun (BPHS 6.5-6)',
  3: 'Drekkana: the sign, the 5th and the 9th from it (BPHS 6.7-8)',
  4: 'Chaturthamsa: the sign, the 4th, 7th and 10th from it (BPHS 6.9)',
  7: 'Saptamsa: odd signs from the sign, even signs from the 7th (BPHS 6.10)',
  9: 'Navamsa: movable signs from the sign, fixed from the 9th, dual from the 5th (BPHS 6.11)',
  10: 'Dasamsa: odd signs from the sign, even signs from the 9th (BPHS 6.12)',
  12: 'Dvadasamsa: from the sign itself (BPHS 6.13)',
  16: 'Shodasamsa: movable signs from Aries, fixed from Leo, dual from Sagittarius (BPHS 6.14)',
  20: 'Vimsamsa: movable signs from Aries, fixed from Sagittarius, dual from Leo (BPHS 6.15-16)',
  24: 'Siddhamsa (Chaturvimsamsa): odd signs from Leo, even signs from Cancer (BPHS 6.17)',
  27: 'Bhamsa (Nakshatramsa): fiery signs from Aries, earthy from Cancer, airy from Libra, watery from Capricorn (BPHS 6.18)',
  30: 'Trimsamsa: odd signs Mars 5°, Saturn 5°, Jupiter 8°, Mercury 7°, Venus 5°; even signs the reverse (BPHS 6.19-20)',
  40: 'Khavedamsa: odd signs from Aries, even signs from Libra (BPHS 6.21)',
  45: 'Akshavedamsa: movable signs from Aries, fixed from Leo, dual from Sagittarius (BPHS 6.22)',
  60: 'Shashtiamsa: from the sign itself, counting the part (twice the degrees, whole) (BPHS 6.23-24)',
};

const isOdd = (sign: number) => sign % 2 === 0; // Aries (0) is the first, odd, sign
const modality = (sign: number) => sign % 3; // 0 movable, 1 fixed, 2 dual

/** Which of the n equal parts of the sign a longitude falls in (0-based). Multiply first, so 29°59′59″ never rounds up a part. */
function part(longitude: number, n: number): number {
  return Math.min(n - 1, Math.floor((degreeInSign(longitude) * n) / 30));
}

/** The sign (0–11) a sidereal longitude occupies in one of the sixteen vargas. */
export function shodashvargaSign(longitude: number, varga: ShodashVarga): number {
  const sign = signIndex(longitude);
  const k = part(longitude, varga);
  switch (varga) {
    case 1:
    case 2:
    case 3:
    case 7:
    case 9:
    case 12:
    case 30:
      return saptavargaSign(longitude, varga);
    case 4:
      return (sign + 3 * k) % 12;
    case 10:
      return (sign + (isOdd(sign) ? 0 : 8) + k) % 12;
    case 16:
    case 45:
      return ([0, 4, 8][modality(sign)] + k) % 12;
    case 20:
      return ([0, 8, 4][modality(sign)] + k) % 12;
    case 24:
      return ((isOdd(sign) ? 4 : 3) + k) % 12;
    case 27:
      return ([0, 3, 6, 9][sign % 4] + k) % 12;
    case 40:
      return ((isOdd(sign) ? 0 : 6) + k) % 12;
    case 60:
      return (sign + k) % 12;
  }
}
