import { eclipticToDeclination } from '@astro/ephemeris';
import { DayFrame } from '../chart/day-frame';
import { arcBetween, Graha } from '../chart/graha-rules';
import { NatalChart } from '../chart/natal-chart';
import { Classifications, natureOf } from './classifications';

export interface KalaComponents {
  natonnata: number;
  paksha: number;
  tribhaga: number;
  abda: number;
  masa: number;
  dina: number;
  hora: number;
  ayana: number;
  yuddha: number;
}

/**
 * Natonnata (divaratri) Bala (BPHS 27.19–20): Sun, Jupiter and Venus are strong at midday, the
 * Moon, Mars and Saturn at midnight, Mercury always (60). Measured in local apparent time: twice
 * the ghatis from apparent midnight.
 */
export function natonnataBala(graha: Graha, frame: DayFrame): number {
  if (graha === 'Mercury') return 60;
  const diurnal = 2 * frame.nataGhatis;
  return graha === 'Sun' || graha === 'Jupiter' || graha === 'Venus' ? diurnal : 60 - diurnal;
}

/** A third of the Moon's elongation from the Sun (0–180°): the benefics' paksha bala. */
export function moonLight(chart: NatalChart): number {
  return arcBetween(chart.grahas.Moon.longitude, chart.grahas.Sun.longitude) / 3;
}

/**
 * Paksha Bala (BPHS 27.21–22): benefics get a third of the Moon–Sun elongation, malefics 60 minus
 * it. The Moon's own paksha bala is always taken from its light (the benefic value); its doubling
 * in the book is the Moon's cheshta bala, which this profile reports under cheshta.
 */
export function pakshaBala(graha: Graha, chart: NatalChart, classes: Classifications): number {
  const light = moonLight(chart);
  if (graha === 'Moon') return light;
  return natureOf(graha, classes, 'paksha') === 'benefic' ? light : 60 - light;
}

/** Tribhaga Bala (BPHS 27.23): Jupiter always 60; the lord of the third of the day or night 60. */
export function tribhagaBala(graha: Graha, frame: DayFrame): number {
  if (graha === 'Jupiter') return 60;
  const lords: Graha[] = frame.period === 'day' ? ['Mercury', 'Sun', 'Saturn'] : ['Moon', 'Venus', 'Mars'];
  return lords[frame.third - 1] === graha ? 60 : 0;
}

/** Declination of the planet's tropical longitude on the ecliptic (latitude taken as zero). */
export function ayanaDeclination(chart: NatalChart, graha: Graha): number {
  return eclipticToDeclination(chart.grahas[graha].tropicalLongitude, 0, chart.obliquity);
}

/**
 * Ayana Bala (BPHS 27.24–26): (24° ± declination) × 60/48. North declination adds for the Sun,
 * Mars, Jupiter and Venus, south for the Moon and Saturn; Mercury gains either way. The Sun's value
 * is counted once here (the book doubles it; the second share is the Sun's cheshta bala).
 */
export function ayanaBala(graha: Graha, chart: NatalChart): number {
  const d = ayanaDeclination(chart, graha);
  const signed = graha === 'Mercury' ? Math.abs(d) : graha === 'Moon' || graha === 'Saturn' ? -d : d;
  return ((24 + signed) * 60) / 48;
}

/** Kala Bala without yuddha (added once the sthana, dig and kala sums of the warring planets are known). */
export function kalaBala(graha: Graha, chart: NatalChart, frame: DayFrame, classes: Classifications): KalaComponents {
  return {
    natonnata: natonnataBala(graha, frame),
    paksha: pakshaBala(graha, chart, classes),
    tribhaga: tribhagaBala(graha, frame),
    abda: frame.yearLord === graha ? 15 : 0,
    masa: frame.monthLord === graha ? 30 : 0,
    dina: frame.dayLord === graha ? 45 : 0,
    hora: frame.horaLord === graha ? 60 : 0,
    ayana: ayanaBala(graha, chart),
    yuddha: 0,
  };
}
