import { formatOffset, offsetSecondsAt, standardOffsetSeconds } from '@astro/ephemeris';
import { BirthMoment } from './pillars';

/**
 * How a clock reading that includes summer time (daylight saving) becomes the clock the day and hour
 * pillars are read from. `standard_time` (the default) takes the summer hour off first, as Chinese
 * and Korean practitioners do for births in the summer-time years (China 1986–1991, Korea 1948–1960
 * and 1987–1988; docs/chinese.md and docs/saju.md cite the sources); `as_given` reads the summer
 * clock as the birth certificate shows it.
 */
export const SUMMER_TIME_RULES = ['standard_time', 'as_given'] as const;
export type SummerTimeRule = (typeof SUMMER_TIME_RULES)[number];

export interface SummerTimeBasis {
  rule: SummerTimeRule;
  /** the IANA zone whose rules were read, or null when only an offset was given */
  timezone: string | null;
  /** minutes of summer time in force at the birth by the zone's rules (0: none, or no zone given) */
  summer_time_minutes: number;
  /** minutes taken off the clock before the day and hour pillars were read */
  removed_minutes: number;
  note: string;
}

/**
 * The birth moment read on another clock of the same instant (`clockMs`: the clock's reading taken
 * as UTC): its civil date and clock change, the instant and so the year and month pillars do not.
 */
export function atClock(birth: BirthMoment, clockMs: number): BirthMoment {
  const d = new Date(clockMs);
  return {
    ...birth,
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/**
 * The birth moment the day and hour pillars are read from under `rule`, and what was done. The
 * instant (and so the year and month pillars, which follow the solar terms) never changes.
 */
export function pillarClock(
  birth: BirthMoment,
  clock: { timezone?: string | null },
  rule: SummerTimeRule = 'standard_time',
): { moment: BirthMoment; basis: SummerTimeBasis } {
  const zone = clock.timezone ?? null;
  if (zone === null) {
    return {
      moment: birth,
      basis: {
        rule,
        timezone: null,
        summer_time_minutes: 0,
        removed_minutes: 0,
        note: 'Only a UTC offset was given, so summer time cannot be recognised: the clock is read as given. Give `timezone` (an IANA name) to have summer time removed by the rules of the place.',
      },
    };
  }
  const standard = standardOffsetSeconds(zone, birth.instantMs) / 60;
  const summer = Math.max(0, Math.round(offsetSecondsAt(zone, birth.instantMs) / 60) - standard);
  if (summer === 0) {
    return {
      moment: birth,
      basis: {
        rule,
        timezone: zone,
        summer_time_minutes: 0,
        removed_minutes: 0,
        note: `No summer time was in force in ${zone} at the birth: the clock is standard time.`,
      },
    };
  }
  if (rule === 'as_given') {
    return {
      moment: birth,
      basis: {
        rule,
        timezone: zone,
        summer_time_minutes: summer,
        removed_minutes: 0,
        note: `Summer time (+${summer} min in ${zone}) was in force; as asked, the day and hour pillars are read from the summer clock as given.`,
      },
    };
  }
  return {
    moment: atClock(birth, birth.instantMs + standard * 60_000),
    basis: {
      rule,
      timezone: zone,
      summer_time_minutes: summer,
      removed_minutes: summer,
      note: `Summer time (+${summer} min in ${zone}) was in force: the day and hour pillars are read from standard time (UTC${formatOffset(standard * 60)}), ${summer} minutes earlier than the clock. The year and month pillars follow the birth instant and do not change.`,
    },
  };
}

/** Apparent solar time follows from the birth instant, so summer time plays no part in it. */
export function underSolarTime(basis: SummerTimeBasis): SummerTimeBasis {
  return {
    ...basis,
    removed_minutes: 0,
    note: 'The day and hour pillars are read from apparent solar time, which follows from the birth instant: summer time plays no part.',
  };
}
