import type { BodyPosition } from '@astro/ephemeris';
import { PlanetsResponse } from '../shared/planets';

const round = (x: number) => Math.round(x * 1e7) / 1e7;

/** One body as every response shows it (snake_case, rounded to 1e-7 degree). */
export function planetRecord(b: BodyPosition) {
  return {
    name: b.name,
    longitude: round(b.longitude),
    latitude: round(b.latitude),
    distance_au: round(b.distanceAu),
    speed: round(b.speed),
    retrograde: b.retrograde,
    sign: b.sign,
    sign_degree: round(b.signDegree),
  };
}

/** Shapes computed positions into the public response of GET /v1/planets. */
export function planetsDocument(instant: Date, computed: { julianDayUt: number; bodies: BodyPosition[] }): PlanetsResponse {
  return {
    instant_utc: instant.toISOString(),
    julian_day_ut: round(computed.julianDayUt),
    zodiac: 'tropical',
    planets: computed.bodies.map(planetRecord),
  };
}
