import type { BodyPosition } from '../../ephemeris/src/planets';
import { PlanetsResponse } from './planets';

/** Shapes computed positions into the public response (snake_case, rounded to 1e-7 degree). */
export function planetsDocument(instant: Date, computed: { julianDayUt: number; bodies: BodyPosition[] }): PlanetsResponse {
  const round = (x: number) => Math.round(x * 1e7) / 1e7;
  return {
    instant_utc: instant.toISOString(),
    julian_day_ut: round(computed.julianDayUt),
    zodiac: 'tropical',
    planets: computed.bodies.map((b) => ({
      name: b.name,
      longitude: round(b.longitude),
      latitude: round(b.latitude),
      distance_au: round(b.distanceAu),
      speed: round(b.speed),
      retrograde: b.retrograde,
      sign: b.sign,
      sign_degree: round(b.signDegree),
    })),
  };
}
