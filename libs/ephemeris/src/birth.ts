import { instantFromLocal } from './time';

/**
 * A birth moment and place, as every calculation takes it: the instant (UTC), the coordinates, and
 * the clock it was told on (minutes east of UTC, and the IANA zone when one was named). The API's
 * request shapes (a birth subject, a flat ISO birth_datetime) all become this value.
 */
export interface Birth {
  instant: Date;
  latitude: number;
  longitude: number;
  /** seconds east of UTC of the birth clock (local mean times have seconds: Chiang Mai 1900 +6:35:56) */
  offsetSeconds: number;
  timezone: string | null;
}

/** The fields of a birth subject once its offset is resolved (libs/contracts birth-subject.ts). */
export interface LocalBirthFields {
  date: string;
  time: string;
  timezoneOffsetMinutes: number;
  timezone?: string;
  latitude: number;
  longitude: number;
}

/** A birth from its local wall-clock date and time at its UTC offset. */
export function birthOf(subject: LocalBirthFields): Birth {
  return {
    instant: instantFromLocal(subject.date, subject.time, subject.timezoneOffsetMinutes * 60),
    latitude: subject.latitude,
    longitude: subject.longitude,
    offsetSeconds: Math.round(subject.timezoneOffsetMinutes * 60),
    timezone: subject.timezone ?? null,
  };
}

/** A birth told as a UTC instant (an ISO date-time with its offset), its clock taken as UTC. */
export function birthAt(instant: Date, latitude: number, longitude: number): Birth {
  return { instant, latitude, longitude, offsetSeconds: 0, timezone: null };
}
