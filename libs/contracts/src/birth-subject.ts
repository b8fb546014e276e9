import { z } from 'zod';
import { CalendarDate } from './calendar-date';
import { formatOffset, instantFromLocal, isKnownTimeZone, SUPPORTED_RANGE, wallTimeOffset } from '@astro/ephemeris';
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
};

type TimeZoneInput = { date: string; time: string; timezoneOffsetMinutes?: number; timezone?: string; fold?: 0 | 1 };

/**
 * Resolves a birth subject's UTC offset once, at parse time, so calculation code keeps reading
 * `timezoneOffsetMinutes`: from `timezone` (and `fold`) when given, else the offset as sent. A
 * wall time in a spring-forward gap, a disagreeing offset, or neither field is an issue naming the
 * field. Apply to every object that spreads BirthSubjectFields: `withBirthTimeZone(z.object(...))`.
 */
function resolvedOffset(value: TimeZoneInput): number | undefined {
  if (typeof value.timezone !== 'string' || !isKnownTimeZone(value.timezone)) return value.timezoneOffsetMinutes;
  // a moment whose date and time are left to the caller (now) has no wall time to resolve yet
  if (typeof value.date !== 'string' || typeof value.time !== 'string') return value.timezoneOffsetMinutes;
  const resolved = wallTimeOffset(value.timezone, value.date, value.time);
  if (resolved.kind === 'gap') return undefined;
  return resolved.kind === 'ambiguous' && value.fold === 1 ? resolved.laterOffsetMinutes : resolved.offsetMinutes;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;

/** Whether the subject's clock fields are valid and consistent (false when any rule of theirs failed). */
function checkBirthTimeZone(value: TimeZoneInput, ctx: z.RefinementCtx): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { timezone, timezoneOffsetMinutes, fold } = value;
  const clockValid = DATE.test(String(value.date)) && TIME.test(String(value.time));
  if (timezone === undefined) {
    if (timezoneOffsetMinutes === undefined) {
      ctx.addIssue({ code: 'custom', path: ['timezoneOffsetMinutes'], message: 'is required unless timezone (an IANA name) is given' });
    }
    if (fold !== undefined) ctx.addIssue({ code: 'custom', path: ['fold'], message: 'is only meaningful with timezone' });
    return clockValid && typeof timezoneOffsetMinutes === 'number' && fold === undefined;
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
        `the two possible offsets are ${formatOffset(resolved.offsetBeforeMinutes)} (before the change, timezoneOffsetMinutes ${resolved.offsetBeforeMinutes}) ` +
        `and ${formatOffset(resolved.offsetAfterMinutes)} (after it, timezoneOffsetMinutes ${resolved.offsetAfterMinutes})`,
    });
    return false;
  }
  const offset = resolvedOffset(value)!;
  if (timezoneOffsetMinutes !== undefined && timezoneOffsetMinutes !== offset) {
    ctx.addIssue({
      code: 'custom',
      path: ['timezoneOffsetMinutes'],
      message: `disagrees with timezone ${timezone}, whose offset at ${value.date} ${value.time} is ${offset} (${formatOffset(offset)}); give one of them`,
    });
    return false;
  }
  return true;
}

const RANGE_START_MS = Date.parse(SUPPORTED_RANGE.from);
const RANGE_END_MS = Date.parse(SUPPORTED_RANGE.to);
const EPHEMERIS_RANGE = 'ephemeris_range';

/**
 * A birth moment the ephemeris files do not cover is an issue at `date` (marked, so the API tells
 * it alone and only when everything else is valid: it is the last thing checked).
 */
function checkBirthInRange(value: TimeZoneInput, ctx: z.RefinementCtx): void {
  const offset = resolvedOffset(value);
  if (offset === undefined) return;
  let ms: number;
  try {
    ms = instantFromLocal(value.date, value.time, offset).getTime();
  } catch {
    return; // a date or time its own rules refuse
  }
  if (ms >= RANGE_START_MS && ms <= RANGE_END_MS) return;
  ctx.addIssue({
    code: 'custom',
    path: ['date'],
    message: `must be between ${SUPPORTED_RANGE.from} and ${SUPPORTED_RANGE.to}, the range of the ephemeris files`,
    params: { [EPHEMERIS_RANGE]: true },
  });
}

/** Whether a parse issue is a birth moment outside the ephemeris (checkBirthInRange). */
export function isEphemerisRangeIssue(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'custom' && (issue.params as Record<string, unknown> | undefined)?.[EPHEMERIS_RANGE] === true;
}

/** The UTC instant of a parsed birth subject (its offset resolved and its range checked by the parse). */
export function birthInstantOf(subject: { date: string; time: string; timezoneOffsetMinutes: number }): Date {
  return instantFromLocal(subject.date, subject.time, subject.timezoneOffsetMinutes);
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
  const placeShape = coordinatesRequired
    ? { ...BirthPlaceFields, latitude: BirthSubjectFields.latitude.optional(), longitude: BirthSubjectFields.longitude.optional() }
    : BirthPlaceFields;
  const checked = (schema.safeExtend as (shape: z.ZodRawShape) => z.ZodObject)(placeShape)
    // `when`: also runs when other fields failed, so a body without either field is told so.
    .superRefine(
      (value, ctx) => {
        if (checkBirthPlace(value as PlaceInput, ctx, coordinatesRequired)) {
          const placed = withPlaceApplied(value as PlaceInput) as TimeZoneInput;
          if (checkBirthTimeZone(placed, ctx)) checkBirthInRange(placed, ctx);
        }
      },
      { when: () => true },
    )
    .overwrite((value) => {
      const placed = withPlaceApplied(value as PlaceInput) as typeof value;
      const offset = resolvedOffset(placed as TimeZoneInput);
      return (offset === undefined ? placed : { ...placed, timezoneOffsetMinutes: offset }) as typeof value;
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
    source: z.enum(['timezone', 'timezoneOffsetMinutes']),
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
    const subject = withPlaceApplied(value as PlaceInput) as TimeZoneInput;
    if (typeof subject.date !== 'string' || typeof subject.time !== 'string' || !DATE.test(subject.date) || !TIME.test(subject.time))
      return;
    const offset = resolvedOffset(subject);
    if (offset === undefined) return;
    const fromZone = typeof subject.timezone === 'string';
    result.push({
      field,
      timezone: fromZone ? subject.timezone! : null,
      fold: subject.fold ?? null,
      utc_offset_minutes: Math.round(offset * 1e4) / 1e4,
      utc_offset: formatOffset(offset),
      source: fromZone ? 'timezone' : 'timezoneOffsetMinutes',
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
