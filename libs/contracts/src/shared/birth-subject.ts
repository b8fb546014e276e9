import { z } from 'zod';
import { CalendarDate } from './calendar-date';
import {
  assertSupportedInstant,
  EphemerisRangeError,
  formatOffset,
  instantFromLocal,
  isKnownTimeZone,
  localMeanTimeOffsetSeconds,
  wallTimeOffset,
  zoneLocalMeanTimeAt,
} from '@astro/ephemeris';
import { birthPlaceOf, BirthPlace, BirthPlaceFields, checkBirthPlace, PlaceInput, withPlaceApplied } from './birth-place';

/**
 * The spec's birth subject. Used flat (Sade Sati, Manglik, Saju), nested as `birth_subject`
 * (Shadbala, remedies, transit-window and solar-return reports) or as person_a / person_b.
 */
export const BirthSubjectFields = {
  date: CalendarDate,
  time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, 'must match ^\\d{2}:\\d{2}(:\\d{2})?$ (HH:MM or HH:MM:SS)'),
  latitude: z.number().min(-90, 'must be at least -90').max(90, 'must be at most 90'),
  longitude: z.number().min(-180, 'must be at least -180').max(180, 'must be at most 180'),
  timezoneOffsetMinutes: z
    .number()
    .min(-840, 'must be at least -840')
    .max(840, 'must be at most 840')
    .optional()
    .describe('minutes east of UTC of the birth clock; optional when `timezone` is given (then it must agree)'),
  timezone: z
    .string()
    .min(1, 'must be an IANA time zone name such as Asia/Bangkok')
    .max(64, 'must be an IANA time zone name such as Asia/Bangkok')
    .refine(isKnownTimeZone, { message: 'unknown time zone: use an IANA name such as Asia/Bangkok or America/New_York' })
    .optional()
    .describe(
      'IANA time zone of the birth place (e.g. Asia/Bangkok); the offset of the wall time comes from the time zone database, historical rules included',
    ),
  fold: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .describe('for a wall time that happens twice (clocks set back): 0 (default) the earlier, 1 the later'),
  lmt: z
    .enum(['place', 'zone'])
    .optional()
    .describe(
      "before the zone first changed its clock (Bangkok: 1920), the birth clock is local mean time: `place` (default) at the birth longitude (Chiang Mai 1900: +06:35:56), `zone` the tz database's own, of the zone's principal city (Bangkok: +06:42:04)",
    ),
};

type TimeZoneInput = {
  date: string;
  time: string;
  timezoneOffsetMinutes?: number;
  timezone?: string;
  fold?: 0 | 1;
  lmt?: 'place' | 'zone';
  longitude?: unknown;
};

/** Where a birth's offset came from: the tz database, the place's local mean time, or the caller. */
export type BirthClockSource = 'timezone' | 'local_mean_time' | 'timezoneOffsetMinutes';
interface BirthClock {
  offsetSeconds: number;
  source: BirthClockSource;
}

/**
 * Resolves a birth subject's UTC offset once, at parse time, so calculation code keeps reading
 * `timezoneOffsetMinutes`: from `timezone` (and `fold`) when given, else the offset as sent. Before
 * the zone's first change of clock the birth is in local mean time, at the birth longitude unless
 * `lmt: "zone"` asks for the tz database's own (docs/time-zones.md). A wall time in a
 * spring-forward gap, a disagreeing offset, or neither field is an issue naming the field. Apply
 * to every object that spreads BirthSubjectFields: `withBirthTimeZone(z.object(...))`.
 */
function resolvedClock(value: TimeZoneInput): BirthClock | undefined {
  const sentOffset: BirthClock | undefined =
    typeof value.timezoneOffsetMinutes === 'number'
      ? { offsetSeconds: value.timezoneOffsetMinutes * 60, source: 'timezoneOffsetMinutes' }
      : undefined;
  if (typeof value.timezone !== 'string' || !isKnownTimeZone(value.timezone)) return sentOffset;
  // a moment whose date and time are left to the caller (now) has no wall time to resolve yet
  if (typeof value.date !== 'string' || typeof value.time !== 'string') return sentOffset;
  const resolved = wallTimeOffset(value.timezone, value.date, value.time);
  if (resolved.kind === 'gap') return undefined;
  const zoneOffset = resolved.kind === 'ambiguous' && value.fold === 1 ? resolved.laterOffsetSeconds : resolved.offsetSeconds;
  const longitude = value.longitude;
  if (value.lmt !== 'zone' && typeof longitude === 'number' && Number.isFinite(longitude) && Math.abs(longitude) <= 180) {
    // The wall time read as UTC, less the offset: no calendar check here (the date's own rule does that).
    const [y, m, d] = value.date.split('-').map(Number);
    const [hh, mm, ss = 0] = value.time.split(':').map(Number);
    const instant = new Date(0).setUTCFullYear(y, m - 1, d) + ((hh * 60 + mm) * 60 + ss - zoneOffset) * 1000;
    if (zoneLocalMeanTimeAt(value.timezone, instant) !== undefined) {
      return { offsetSeconds: localMeanTimeOffsetSeconds(longitude), source: 'local_mean_time' };
    }
  }
  return { offsetSeconds: zoneOffset, source: 'timezone' };
}

/** The resolved offset in seconds east of UTC (`timezoneOffsetMinutes` carries it in minutes). */
function resolvedOffsetSeconds(value: TimeZoneInput): number | undefined {
  return resolvedClock(value)?.offsetSeconds;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** Whether the subject's clock fields are valid and consistent (false when any rule of theirs failed). */
function checkBirthTimeZone(value: TimeZoneInput, ctx: z.RefinementCtx): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { timezone, timezoneOffsetMinutes, fold, lmt } = value;
  const clockValid = DATE.test(String(value.date)) && TIME.test(String(value.time));
  if (timezone === undefined) {
    if (timezoneOffsetMinutes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['timezoneOffsetMinutes'], message: 'is required unless timezone (an IANA name) is given' });
    }
    if (fold !== undefined) ctx.addIssue({ code: 'custom', path: ['fold'], message: 'is only meaningful with timezone' });
    if (lmt !== undefined) ctx.addIssue({ code: 'custom', path: ['lmt'], message: 'is only meaningful with timezone or a place' });
    return clockValid && typeof timezoneOffsetMinutes === 'number' && fold === undefined && lmt === undefined;
  }
  if (typeof timezone !== 'string' || !isKnownTimeZone(timezone)) return false; // the field's own rule already says so
  if (!clockValid) return false; // their own rules already say so
  const resolved = wallTimeOffset(timezone, value.date, value.time);
  if (resolved.kind === 'gap') {
    ctx.addIssue({
      code: 'custom',
      path: ['time'],
      message:
        `${value.date} ${value.time} does not exist in ${timezone} (clocks were set forward); ` +
        `the two possible offsets are ${formatOffset(resolved.offsetBeforeSeconds)} (before the change, timezoneOffsetMinutes ${resolved.offsetBeforeSeconds / 60}) ` +
        `and ${formatOffset(resolved.offsetAfterSeconds)} (after it, timezoneOffsetMinutes ${resolved.offsetAfterSeconds / 60})`,
    });
    return false;
  }
  const { offsetSeconds, source } = resolvedClock(value)!;
  if (timezoneOffsetMinutes !== undefined && Math.round(timezoneOffsetMinutes * 60) !== offsetSeconds) {
    const clock = source === 'local_mean_time' ? 'the local mean time of the birth longitude' : `the offset of ${timezone}`;
    ctx.addIssue({
      code: 'custom',
      path: ['timezoneOffsetMinutes'],
      message: `disagrees with timezone ${timezone}: at ${value.date} ${value.time} ${clock} is ${Math.round((offsetSeconds / 60) * 1e4) / 1e4} (${formatOffset(offsetSeconds)}); give one of them`,
    });
    return false;
  }
  return true;
}

/**
 * A birth told as one ISO 8601 date-time with its offset (`birth_datetime`, the natal chart's first
 * form): the same birth as the date, time and timezoneOffsetMinutes it spells, to the second.
 */
export const BirthDateTimeField = {
  birth_datetime: z.iso
    .datetime({ offset: true, message: 'must be an ISO 8601 date-time with Z or an offset, e.g. 1990-05-04T14:30:00+07:00' })
    .optional()
    .describe(
      'the birth as one ISO 8601 date-time with its offset, e.g. 1990-05-04T14:30:00+07:00: instead of date, time and timezoneOffsetMinutes or timezone',
    ),
};
const BIRTH_DATETIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)(?:\.\d+)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i;
const CLOCK_FIELDS = ['date', 'time', 'timezoneOffsetMinutes', 'timezone', 'fold'] as const;

/** The subject with `birth_datetime` spelt out as date, time and offset (unchanged without it). */
function withBirthDateTimeApplied<T>(value: T): T {
  const sent = (value as { birth_datetime?: unknown } | null)?.birth_datetime;
  const m = typeof sent === 'string' ? BIRTH_DATETIME.exec(sent) : null;
  if (!m) return value;
  const offset = m[3] ? 0 : (m[4] === '-' ? -1 : 1) * (Number(m[5]) * 60 + Number(m[6]));
  return { ...value, date: m[1], time: m[2], timezoneOffsetMinutes: offset };
}

/** `birth_datetime` or the clock fields, not both, and one of them. */
function checkBirthDateTime(value: Record<string, unknown>, ctx: z.RefinementCtx): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (value.birth_datetime === undefined) {
    if (value.date !== undefined || value.time !== undefined) return true;
    ctx.addIssue({ code: 'custom', path: ['birth_datetime'], message: 'is required unless date and time are given' });
    return false;
  }
  if (typeof value.birth_datetime !== 'string' || !BIRTH_DATETIME.test(value.birth_datetime)) return false; // its own rule says so
  const alsoSent = CLOCK_FIELDS.filter((key) => value[key] !== undefined);
  if (alsoSent.length === 0) return true;
  ctx.addIssue({
    code: 'custom',
    path: ['birth_datetime'],
    message: `carries the date, time and offset: send it or ${alsoSent.join(', ')}, not both`,
  });
  return false;
}

const EPHEMERIS_RANGE = 'ephemeris_range';

/**
 * A birth moment the ephemeris files do not cover is an issue at its field, told by the one range
 * rule (`assertSupportedInstant`) and marked, so the API tells it alone and only when everything
 * else is valid: it is the last thing checked.
 */
function checkBirthInRange(value: TimeZoneInput, ctx: z.RefinementCtx, field: 'date' | 'birth_datetime'): void {
  const offsetSeconds = resolvedOffsetSeconds(value);
  if (offsetSeconds === undefined) return;
  let instant: Date;
  try {
    instant = instantFromLocal(value.date, value.time, offsetSeconds);
  } catch {
    return; // a date or time its own rules refuse
  }
  try {
    assertSupportedInstant(instant, field);
  } catch (err) {
    if (!(err instanceof EphemerisRangeError)) throw err;
    ctx.addIssue({ code: 'custom', path: [field], message: err.rule, params: { [EPHEMERIS_RANGE]: true } });
  }
}

/** Whether a parse issue is a birth moment outside the ephemeris (checkBirthInRange). */
export function isEphemerisRangeIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && (issue.params as Record<string, unknown> | undefined)?.[EPHEMERIS_RANGE] === true;
}

/** The UTC instant of a parsed birth subject (its offset resolved and its range checked by the parse). */
export function birthInstantOf(subject: { date: string; time: string; timezoneOffsetMinutes: number }): Date {
  return instantFromLocal(subject.date, subject.time, subject.timezoneOffsetMinutes * 60);
}

/** What the place fields add to a birth subject's input: coordinates become optional beside a place. */
type WithPlaceInput<I> = Omit<I, 'latitude' | 'longitude'> & {
  latitude?: number;
  longitude?: number;
  place?: string;
  place_country?: string;
  place_id?: number;
};

/**
 * An object schema with BirthSubjectFields whose output always carries the resolved offset and
 * coordinates. It adds the place fields (birth-place.ts): a place gives latitude, longitude and
 * the zone where they are not sent. The checks and the overwrite keep the schema representable in
 * JSON Schema (a transform would not), so the OpenAPI document shows every input form; the cast
 * only records that after the checks `timezoneOffsetMinutes`, `latitude` and `longitude` are
 * always present.
 */
export function withBirthTimeZone<S extends z.ZodObject>(schema: S) {
  type Output = z.output<S> & {
    date: string;
    time: string;
    timezoneOffsetMinutes: number;
    latitude: number;
    longitude: number;
    place?: string;
    place_country?: string;
    place_id?: number;
  };
  // Where the subject needs coordinates, a place may stand for them: they become optional in the
  // shape and required by the check unless a place is given. `safeExtend` keeps the schema's own
  // refinements (the cast: optional coordinates are wider than the shape's required ones).
  const coordinatesRequired = schema.shape.latitude === BirthSubjectFields.latitude;
  // The natal chart also takes the birth as one ISO date-time (BirthDateTimeField).
  const dateTimeForm = 'birth_datetime' in schema.shape;
  // A subject whose time may be unknown (Cultural Intelligence members) is resolved and range-checked
  // at local noon, and keeps its time unset: the calculation leaves out what needs the hour.
  const timeOptional = schema.shape.time !== BirthSubjectFields.time;
  const atNoonIfUntimed = <T>(value: T): T =>
    timeOptional && (value as { time?: unknown }).time === undefined ? { ...value, time: '12:00' } : value;
  const placeShape = coordinatesRequired
    ? { ...BirthPlaceFields, latitude: BirthSubjectFields.latitude.optional(), longitude: BirthSubjectFields.longitude.optional() }
    : BirthPlaceFields;
  const checked = (schema.safeExtend as (shape: z.ZodRawShape) => z.ZodObject)(placeShape)
    // `when`: also runs when other fields failed, so a body without either field is told so.
    .superRefine(
      (value, ctx) => {
        if (dateTimeForm && !checkBirthDateTime(value, ctx)) return;
        if (checkBirthPlace(value as PlaceInput, ctx, coordinatesRequired)) {
          const placed = atNoonIfUntimed(withBirthDateTimeApplied(withPlaceApplied(value as PlaceInput))) as TimeZoneInput;
          const rangeField = (value as { birth_datetime?: unknown }).birth_datetime === undefined ? 'date' : 'birth_datetime';
          if (checkBirthTimeZone(placed, ctx)) checkBirthInRange(placed, ctx, rangeField);
        }
      },
      { when: () => true },
    )
    .overwrite((value) => {
      const placed = withBirthDateTimeApplied(withPlaceApplied(value as PlaceInput)) as typeof value;
      const offsetSeconds = resolvedOffsetSeconds(atNoonIfUntimed(placed) as TimeZoneInput);
      // The wire field, in minutes (a local mean time's offset is a fraction of one).
      return (offsetSeconds === undefined ? placed : { ...placed, timezoneOffsetMinutes: offsetSeconds / 60 }) as typeof value;
    });
  return checked as unknown as z.ZodType<Output, WithPlaceInput<z.input<S>>>;
}

/** Only Lahiri is offered; anything else is a 400 that says so. Omitted means lahiri. */
export const Ayanamsa = z
  .string()
  .refine((v) => v === 'lahiri', { message: 'unsupported ayanamsa: the only allowed value is lahiri' })
  .default('lahiri')
  .describe('sidereal zodiac; only `lahiri` is supported');

export const BirthSubject = withBirthTimeZone(z.object(BirthSubjectFields).strict()).meta({ id: 'BirthSubject' });
export const BirthSubjectWithAyanamsa = withBirthTimeZone(z.object({ ...BirthSubjectFields, ayanamsa: Ayanamsa }).strict()).meta({
  id: 'BirthSubjectWithAyanamsa',
});
export const NamedBirthSubject = withBirthTimeZone(
  z.object({ ...BirthSubjectFields, ayanamsa: Ayanamsa, name: z.string().min(1).max(120) }).strict(),
).meta({ id: 'NamedBirthSubject' });

export type BirthSubject = z.infer<typeof BirthSubject>;
export type BirthSubjectWithAyanamsa = z.infer<typeof BirthSubjectWithAyanamsa>;

/**
 * Which UTC offset each birth subject of a request was computed with. Every successful response
 * of a route whose body has birth subjects carries this list as `birth_utc_offsets` (added once,
 * by the API's answer step, apps/api/src/http/answer.ts, and in the OpenAPI document by the route table).
 */
export const BirthUtcOffset = z
  .object({
    field: z.string().describe('where the birth subject is in the request body, e.g. person_a; empty for a flat body'),
    timezone: z.string().nullable().describe('the IANA zone sent, or null when only timezoneOffsetMinutes was'),
    fold: z.union([z.literal(0), z.literal(1)]).nullable(),
    utc_offset_minutes: z.number().describe('minutes east of UTC used (fractional for local mean time, e.g. 402.0667)'),
    utc_offset: z.string().describe('the same as ±HH:MM[:SS]'),
    source: z
      .enum(['timezone', 'local_mean_time', 'timezoneOffsetMinutes'])
      .describe(
        '`timezone`: the tz database (with backzone) for the zone; `local_mean_time`: before the zone first changed its clock, the mean time of the birth longitude; `timezoneOffsetMinutes`: as sent',
      ),
  })
  .meta({ id: 'BirthUtcOffset' });
export type BirthUtcOffset = z.infer<typeof BirthUtcOffset>;

type ZodInternals = {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, z.ZodType>;
      innerType?: z.ZodType;
      in?: z.ZodType;
      element?: z.ZodType;
      options?: z.ZodType[];
    };
  };
};
const pathsCache = new WeakMap<z.ZodType, (string | '*')[][]>();

/** The paths of the birth subjects (objects built on BirthSubjectFields) in a request schema; `*` is an array element. */
export function birthSubjectPaths(schema: z.ZodType): (string | '*')[][] {
  const cached = pathsCache.get(schema);
  if (cached) return cached;
  const found: (string | '*')[][] = [];
  const walk = (s: z.ZodType | undefined, path: (string | '*')[], depth: number) => {
    if (!s || depth > 8) return;
    const def = (s as unknown as ZodInternals)._zod.def;
    if (def.type === 'object' && def.shape) {
      // a birth subject of the shared contract: its `timezone` is BirthSubjectFields.timezone itself
      if (def.shape.timezone === BirthSubjectFields.timezone && 'date' in def.shape && 'time' in def.shape) found.push(path);
      else for (const [key, value] of Object.entries(def.shape)) walk(value, [...path, key], depth + 1);
    } else if (def.type === 'array') walk(def.element, [...path, '*'], depth + 1);
    else if (def.type === 'pipe') walk(def.in, path, depth + 1);
    else if (def.type === 'union') def.options?.forEach((o) => walk(o, path, depth + 1));
    else if (def.innerType) walk(def.innerType, path, depth + 1);
  };
  walk(schema, [], 0);
  pathsCache.set(schema, found);
  return found;
}

/** Calls `visit` with each birth subject of a request body and where it is (e.g. `person_a`, `people[1]`). */
function forEachBirthSubject(schema: z.ZodType, body: unknown, visit: (subject: object, field: string) => void): void {
  const walk = (value: unknown, path: (string | '*')[], at: string[]) => {
    if (value === null || typeof value !== 'object') return;
    if (path.length === 0) return visit(value, at.join('.'));
    const [head, ...rest] = path;
    if (head === '*') {
      if (Array.isArray(value)) value.forEach((item, i) => walk(item, rest, [...at.slice(0, -1), `${at[at.length - 1] ?? ''}[${i}]`]));
    } else walk((value as Record<string, unknown>)[head], rest, [...at, head]);
  };
  for (const path of birthSubjectPaths(schema)) walk(body, path, []);
}

/** The offsets used for the birth subjects of a (valid) request body, in the order of `birthSubjectPaths`. */
export function birthUtcOffsets(schema: z.ZodType, body: unknown): BirthUtcOffset[] {
  const result: BirthUtcOffset[] = [];
  forEachBirthSubject(schema, body, (value, field) => {
    const subject = withBirthDateTimeApplied(withPlaceApplied(value as PlaceInput)) as TimeZoneInput;
    if (typeof subject.date !== 'string' || typeof subject.time !== 'string' || !DATE.test(subject.date) || !TIME.test(subject.time))
      return;
    const clock = resolvedClock(subject);
    if (clock === undefined) return;
    const fromZone = typeof subject.timezone === 'string';
    result.push({
      field,
      timezone: fromZone ? subject.timezone! : null,
      fold: subject.fold ?? null,
      utc_offset_minutes: Math.round((clock.offsetSeconds / 60) * 1e4) / 1e4,
      utc_offset: formatOffset(clock.offsetSeconds),
      source: clock.source,
    });
  });
  return result;
}

/** The place of each birth subject of a (valid) request body, in the order of `birthSubjectPaths`. */
export function birthPlaces(schema: z.ZodType, body: unknown): BirthPlace[] {
  const result: BirthPlace[] = [];
  forEachBirthSubject(schema, body, (subject, field) => {
    const place = birthPlaceOf(subject as PlaceInput, field);
    if (place) result.push(place);
  });
  return result;
}
