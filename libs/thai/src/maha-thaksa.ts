import content from './content/maha-thaksa.json';

/**
 * The Maha Thaksa (มหาทักษา) wheel of a birth (docs/thai.md).
 *
 * - The eight planets stand on the wheel in the order อาทิตย์ ๑, จันทร์ ๒, อังคาร ๓, พุธ ๔, เสาร์ ๗,
 *   พฤหัสบดี ๕, ราหู ๘, ศุกร์ ๖ (clockwise from the north-east).
 * - The birth weekday's planet takes บริวาร; the next seven in wheel order take อายุ, เดช, ศรี, มูละ,
 *   อุตสาหะ, มนตรี, กาลกิณี.
 * - Birth weekday: the civil (midnight) day at the birth's local clock; Wednesday from 18:00 on counts as
 *   Rahu (พุธกลางคืน). The 18:00 boundary is the common almanac convention; some astrologers use sunset.
 * - ดาวเสวยอายุ: from birth the planets rule in wheel order from the birth planet, for 6, 15, 8, 17, 10,
 *   19, 12 and 21 years (108 in all), then the cycle repeats.
 */
export type ThaksaPlanet = keyof typeof content.planets;
export type ThaksaPosition = keyof typeof content.positions;

/** The planets' names, numbers, colours, letters and years, and the positions' names and meanings. */
export const mahaThaksaContent = content;

export const WHEEL_ORDER: ThaksaPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'saturn', 'jupiter', 'rahu', 'venus'];
export const POSITION_ORDER: ThaksaPosition[] = ['boriwan', 'ayu', 'det', 'sri', 'mula', 'utsaha', 'montri', 'kalakini'];
const WEEKDAY_PLANETS: ThaksaPlanet[] = ['sun', 'moon', 'mars', 'mercury', 'jupiter', 'venus', 'saturn'];
/** Compass cell of each planet in the drawn wheel (3 × 3 grid, row and column). */
const CELLS: Record<ThaksaPlanet, [number, number]> = {
  sun: [0, 2],
  moon: [1, 2],
  mars: [2, 2],
  mercury: [2, 1],
  saturn: [2, 0],
  jupiter: [1, 0],
  rahu: [0, 0],
  venus: [0, 1],
};

export interface ThaksaBirth {
  date: string;
  time: string;
}

export function birthPlanet(birth: ThaksaBirth): ThaksaPlanet {
  const weekday = new Date(`${birth.date}T00:00:00Z`).getUTCDay();
  if (weekday === 3 && birth.time.slice(0, 5) >= '18:00') return 'rahu';
  return WEEKDAY_PLANETS[weekday];
}

/** The same day `years` later, as the ruling periods are counted (29 February falls on 28 February of a common year). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

export interface ThaksaPeriod {
  planet: ThaksaPlanet;
  planet_name: { th: string; en: string };
  years: number;
  start: string;
  end: string;
}

export function mahaThaksa(birth: ThaksaBirth, asOf: string) {
  const born = birthPlanet(birth);
  const first = WHEEL_ORDER.indexOf(born);
  const positions = POSITION_ORDER.map((position, i) => {
    const planet = WHEEL_ORDER[(first + i) % 8];
    const p = content.planets[planet];
    return {
      position,
      position_name: { th: content.positions[position].th, en: content.positions[position].en },
      meaning: content.positions[position].meaning,
      planet,
      planet_name: { th: p.th, en: p.en },
      planet_number: p.number,
      colour: p.colour,
      letters: p.letters,
    };
  });
  const at = (position: ThaksaPosition) => positions.find((p) => p.position === position)!;
  // The periods from birth until one covers `asOf` (several 108-year cycles are never needed in practice).
  const periods: ThaksaPeriod[] = [];
  let start = birth.date;
  for (let i = 0; periods.length === 0 || periods[periods.length - 1].end <= asOf; i++) {
    const planet = WHEEL_ORDER[(first + i) % 8];
    const years = content.planets[planet].years;
    const end = addYears(birth.date, periods.reduce((sum, p) => sum + p.years, 0) + years);
    periods.push({ planet, planet_name: { th: content.planets[planet].th, en: content.planets[planet].en }, years, start, end });
    start = end;
  }
  return {
    birth_planet: born,
    birth_weekday_rule: 'civil day at the local clock; Wednesday from 18:00 is Rahu (พุธกลางคืน)',
    positions,
    lucky: {
      colours: (['det', 'sri', 'montri'] as ThaksaPosition[]).map((p) => ({ position: p, ...at(p).colour })),
      letters: (['det', 'sri', 'montri'] as ThaksaPosition[]).map((p) => ({ position: p, letters: at(p).letters })),
    },
    unlucky: { colour: at('kalakini').colour, letters: at('kalakini').letters },
    current_period: { ...periods[periods.length - 1], as_of: asOf },
    periods,
  };
}

/** A birth's wheel, lucky and unlucky colours and letters, and its ruling periods up to a day. */
export type MahaThaksa = ReturnType<typeof mahaThaksa>;

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The wheel as an SVG board: eight cells around the centre, each with its planet, number and role.
 * The names are Thai (the tradition's own terms); `glosses` adds each role's English name under it,
 * for a reader of English: the API's board carries both, a Thai page only the Thai.
 */
export function mahaThaksaSvg(result: Pick<ReturnType<typeof mahaThaksa>, 'positions'>, glosses: 'english' | 'none' = 'english'): string {
  const gloss = (text: string, line: string) => (glosses === 'english' ? line.replace('{text}', escape(text)) : '');
  const size = 120;
  const cells = result.positions.map((p) => {
    const [row, col] = CELLS[p.planet];
    const x = col * size;
    const y = row * size;
    const stroke = p.position === 'kalakini' ? '#b00020' : p.position === 'boriwan' ? '#1d3557' : '#8d99ae';
    return (
      `<g><rect x="${x + 2}" y="${y + 2}" width="${size - 4}" height="${size - 4}" rx="10" fill="#ffffff" stroke="${stroke}" stroke-width="2"/>` +
      `<circle cx="${x + size / 2}" cy="${y + 38}" r="18" fill="${p.colour.hex}"/>` +
      `<text x="${x + size / 2}" y="${y + 44}" text-anchor="middle" font-size="16" fill="#ffffff" font-weight="bold">${p.planet_number}</text>` +
      `<text x="${x + size / 2}" y="${y + 76}" text-anchor="middle" font-size="15" fill="#1d3557">${escape(p.planet_name.th)}</text>` +
      // the role in Thai, its English name under it: on one line the longer pairs ran out of the cell
      `<text x="${x + size / 2}" y="${y + 96}" text-anchor="middle" font-size="13" font-weight="bold" fill="${stroke}">${escape(p.position_name.th)}</text>` +
      gloss(
        p.position_name.en,
        `<text x="${x + size / 2}" y="${y + 110}" text-anchor="middle" font-size="10" fill="#6c757d">{text}</text>`,
      ) +
      '</g>'
    );
  });
  const centre =
    `<g><rect x="${size + 2}" y="${size + 2}" width="${size - 4}" height="${size - 4}" rx="60" fill="#1d3557"/>` +
    `<text x="${size * 1.5}" y="${size * 1.5 + (glosses === 'english' ? -4 : 6)}" text-anchor="middle" font-size="16" fill="#ffffff">มหาทักษา</text>` +
    gloss(
      'Maha Thaksa',
      `<text x="${size * 1.5}" y="${size * 1.5 + 18}" text-anchor="middle" font-size="12" fill="#ffffff">{text}</text>`,
    ) +
    '</g>';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size * 3} ${size * 3}" width="${size * 3}" height="${size * 3}" font-family="Noto Sans Thai, Noto Sans, sans-serif">${cells.join('')}${centre}</svg>`;
}
