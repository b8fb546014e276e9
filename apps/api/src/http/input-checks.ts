import { z } from 'zod';
import { findBrandProfile } from '@astro/accounts';
import { FaceJobRequest, PalmJobRequest, RouteName, ROUTES, RouteSpec, UploadKind } from '@astro/contracts';
import { Queryable } from '@astro/database';
import { assertSupportedInstant, EphemerisRangeError, instantFromLocal } from '@astro/ephemeris';
import { nameWords, NameNotLatinError } from '@astro/numerology';
import { checkDataUrlLogo, LogoRejected, normaliseDataUrlLogo } from '@astro/rendering';
import { lunarDateProblem, thaiLunarToCivil } from '@astro/thai';
import { badRequest } from './api-error';
import { birthInstant } from './birth-instant';
import { parseInput } from './validation';

/**
 * The checks an endpoint makes on its input after its schemas and before it computes or charges
 * anything. The controllers call them, and so does the developer preflight, so a dry run answers
 * exactly what the endpoint would. Each check throws what the endpoint answers (an ApiError or an
 * error the error envelope maps to 400).
 */
type BodyOf<K extends RouteName> = (typeof ROUTES)[K] extends { body: infer S extends z.ZodType } ? z.output<S> : never;

/** What a check may read besides the input: the caller's account (its brand profiles, its uploads). */
export interface CheckContext {
  db: Queryable;
  accountId: string;
  /** a dry run (the developer preflight): every check that costs nothing to speak of, nothing drawn */
  dryRun?: boolean;
}

export function checkNatalChart(input: BodyOf<'natalChart'>): void {
  assertSupportedInstant(new Date(input.birth_datetime), 'birth_datetime');
}

export function checkPeople(input: { person_a: Parameters<typeof birthInstant>[0]; person_b: Parameters<typeof birthInstant>[0] }): void {
  birthInstant(input.person_a, 'person_a');
  birthInstant(input.person_b, 'person_b');
}

/** A flat birth subject (the body itself) within the ephemeris range. */
export function checkFlatBirth(input: Parameters<typeof birthInstant>[0]): Date {
  return birthInstant(input, 'body');
}

export function checkTransitWindow(input: BodyOf<'queueTransitWindowReport'>): void {
  birthInstant(input.birth_subject, 'birth_subject');
  for (const field of ['start_date', 'end_date'] as const) {
    try {
      assertSupportedInstant(new Date(`${input[field]}T12:00:00Z`), field);
    } catch (err) {
      if (err instanceof EphemerisRangeError) throw badRequest(err.message);
      throw err;
    }
  }
}

/** An instant inside the ephemeris's range, else the 400 naming the field. */
function inRange(instant: Date, field: string): Date {
  try {
    assertSupportedInstant(instant, field);
  } catch (err) {
    if (err instanceof EphemerisRangeError) throw badRequest(`invalid body: ${err.message}`);
    throw err;
  }
  return instant;
}

/** Midnight of a local date at a clock offset, inside the ephemeris. */
function localMidnight(date: string, offsetMinutes: number, field: string): Date {
  return inRange(instantFromLocal(date, '00:00', offsetMinutes), field);
}

/** A Western birth subject as the calculations take it: the instant (within range), the place. */
function westernBirth(subject: Parameters<typeof birthInstant>[0] & { latitude: number; longitude: number }) {
  return { instant: birthInstant(subject, 'birth_subject'), latitude: subject.latitude, longitude: subject.longitude };
}

/** The transit window: local days at the birth offset, the end day inclusive, all inside the ephemeris. */
export function checkWesternTransits(input: BodyOf<'westernTransits'>) {
  const offset = input.birth_subject.timezoneOffsetMinutes;
  const from = localMidnight(input.start_date, offset, 'start_date');
  const to = inRange(new Date(localMidnight(input.end_date, offset, 'end_date').getTime() + 86_400_000), 'end_date');
  return { birth: westernBirth(input.birth_subject), from, to };
}

/** The progressed date (not before the birth), and the years of progressed Moon events after it, inside the ephemeris. */
export function checkWesternProgressions(input: BodyOf<'westernProgressions'>) {
  const birth = westernBirth(input.birth_subject);
  const target = localMidnight(input.target_date, input.birth_subject.timezoneOffsetMinutes, 'target_date');
  if (target < birth.instant) throw badRequest('invalid body: target_date: must not be before the birth');
  inRange(new Date(target.getTime() + input.years_ahead * 366 * 86_400_000), 'years_ahead');
  return { birth, target };
}

/** The return search reaches a year (solar) or a month (lunar) before the date asked for: inside the ephemeris. */
export function checkWesternReturns(input: BodyOf<'westernReturns'>) {
  if (input.year !== undefined) inRange(new Date(Date.UTC(input.year, 0, 1)), 'year');
  if (input.date !== undefined) inRange(new Date(Date.parse(`${input.date}T00:00:00Z`) - 367 * 86_400_000), 'date');
  return { birth: westernBirth(input.birth_subject) };
}

/** A chart image in a brand profile's colour names a profile of this account. */
export async function checkImageBrandProfile(ctx: CheckContext, input: { image?: string; brand_profile_id?: string }) {
  return input.image ? checkBrandProfile(ctx, input.brand_profile_id) : null;
}

/** The civil date of a Thai lunar date, refused when the lunar date does not exist or falls outside 1901–2199. */
export function checkThaiCivilDate(input: BodyOf<'thaiCivilDate'>): string {
  const problem = lunarDateProblem(input);
  if (problem) throw badRequest(`invalid body: ${problem.field}: ${problem.message}`);
  const date = thaiLunarToCivil(input);
  // Lunar year 1901 begins in late 1900 and lunar year 2200 in late 2199: only civil dates 1901–2199 are served.
  if (Number(date.slice(0, 4)) > 2199) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, after 2199-12-31`);
  if (Number(date.slice(0, 4)) < 1901) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, before 1901-01-01`);
  return date;
}

/** The day the wheel is read for: today unless given, never before the birth date. */
export function checkMahaThaksa(input: BodyOf<'thaiMahaThaksa'>): string {
  const asOf = input.as_of ?? new Date().toISOString().slice(0, 10);
  if (asOf < input.date) throw badRequest('invalid body: as_of: must not be before the birth date');
  return asOf;
}

/** A name the numerology letter table cannot read is a 400 naming the field. */
export function checkNumerologyName(fullName: string, field: string): void {
  try {
    nameWords(fullName);
  } catch (err) {
    if (err instanceof NameNotLatinError) throw badRequest(`invalid body: ${field}: ${err.message}`);
    throw err;
  }
}

/**
 * A data: URL logo must be an image the renderer can use: decoded, an SVG sanitised within its
 * drawing limits, then drawn by the budgeted rasteriser (a child process, never this event loop);
 * a dry run stops before the drawing. (The schema has already checked its media type, size and
 * sniffed bytes.) An http(s) URL is fetched only when the report renders.
 */
export async function checkLogoUrl(url: string | undefined, field: string, dryRun = false): Promise<void> {
  if (url === undefined || !/^data:/i.test(url)) return;
  try {
    if (dryRun) checkDataUrlLogo(url);
    else await normaliseDataUrlLogo(url);
  } catch (err) {
    if (err instanceof LogoRejected) throw badRequest(`invalid body: ${field}: ${err.message}`);
    throw err;
  }
}

/** The brand profile a job names must be one of the account's. */
export async function checkBrandProfile(ctx: CheckContext, brandProfileId: string | undefined) {
  if (!brandProfileId) return null;
  const profile = await findBrandProfile(ctx.db, ctx.accountId, brandProfileId);
  if (!profile) throw badRequest('invalid body: brand_profile_id: no brand profile with this id in this account');
  return profile;
}

export function checkPalmUploads(input: PalmJobRequest): void {
  if (input.left_upload_id === input.right_upload_id)
    throw badRequest('invalid body: right_upload_id: must be another upload than left_upload_id');
}

export interface UploadClaim {
  field: string;
  uploadId: string;
  kind: UploadKind;
}

/** Why an upload cannot be used by a new job, or null; the queueing transaction asks the same under a row lock. */
export function uploadProblem(
  upload: { account_id: string; kind: string; status: string } | undefined,
  accountId: string,
  kind: UploadKind,
): string | null {
  return !upload || upload.account_id !== accountId || upload.status === 'deleted'
    ? 'no such upload in this account'
    : upload.kind === 'logo'
      ? `the upload is a logo, this field takes a ${kind} photo`
      : upload.kind !== kind
        ? `the upload is a ${upload.kind} photo, this field takes a ${kind} one`
        : upload.status === 'used'
          ? 'the upload was already used by another job; upload the photo again'
          : upload.status !== 'completed'
            ? 'the upload is not completed: PUT the photo and call complete first'
            : null;
}

export const palmClaims = (input: PalmJobRequest): UploadClaim[] => [
  { field: 'left_upload_id', uploadId: input.left_upload_id, kind: 'palm_left' },
  { field: 'right_upload_id', uploadId: input.right_upload_id, kind: 'palm_right' },
];
export const faceClaims = (input: FaceJobRequest): UploadClaim[] => [{ field: 'upload_id', uploadId: input.upload_id, kind: 'face' }];

/** The uploads as they are now (without claiming them): what the queueing would find. */
async function checkUploadsNow(ctx: CheckContext, claims: UploadClaim[]): Promise<void> {
  for (const claim of claims) {
    const [upload] = await ctx.db.query<{ account_id: string; kind: string; status: string }>(
      `SELECT account_id, kind, status FROM visual_uploads WHERE id = $1`,
      [claim.uploadId],
    );
    const problem = uploadProblem(upload, ctx.accountId, claim.kind);
    if (problem) throw badRequest(`invalid body: ${claim.field}: ${problem}`);
  }
}

/* eslint-disable @typescript-eslint/no-explicit-any -- each check is typed by its route above; the table is indexed by name */
type ExtraCheck = (input: { body?: any; query?: any; path?: any }, ctx: CheckContext) => unknown;

/** A western chart that may draw its wheel: the chart's own check, then the brand profile that colours the wheel. */
const chartWithImage =
  (check: (body: any) => unknown): ExtraCheck =>
  async ({ body }, ctx) => {
    check(body);
    await checkImageBrandProfile(ctx, body);
  };

/** A queued report: its own check, then its branding's logo URL and brand profile. */
const queuedReport =
  (check: (body: any) => unknown): ExtraCheck =>
  async ({ body }, ctx) => {
    check(body);
    await checkLogoUrl(body.branding?.logo_url, 'branding.logo_url', ctx.dryRun);
    await checkBrandProfile(ctx, body.brand_profile_id);
  };

/** Every route whose endpoint checks more than its schemas before computing, with those checks in the endpoint's order. */
const EXTRA_CHECKS: Partial<Record<RouteName, ExtraCheck>> = {
  natalChart: chartWithImage(checkNatalChart),
  compositeChart: chartWithImage(checkPeople),
  westernSynastry: chartWithImage(checkPeople),
  westernTransits: ({ body }) => checkWesternTransits(body),
  westernProgressions: chartWithImage(checkWesternProgressions),
  westernReturns: chartWithImage(checkWesternReturns),
  queueSynastryReport: queuedReport(checkPeople),
  queueTransitWindowReport: queuedReport(checkTransitWindow),
  queueSolarReturnReport: queuedReport((body) => birthInstant(body.birth_subject, 'birth_subject')),
  createBrandProfile: ({ body }, ctx) => checkLogoUrl(body.branding.logo_url, 'branding.logo_url', ctx.dryRun),
  updateBrandProfile: ({ body }, ctx) => checkLogoUrl(body.branding?.logo_url, 'branding.logo_url', ctx.dryRun),
  thaiCivilDate: ({ body }) => checkThaiCivilDate(body),
  thaiMahaThaksa: ({ body }) => checkMahaThaksa(body),
  numerologyProfile: ({ body }) => checkNumerologyName(body.full_name, 'full_name'),
  numerologyCompatibility: ({ body }) => {
    checkNumerologyName(body.person_a.full_name, 'person_a.full_name');
    checkNumerologyName(body.person_b.full_name, 'person_b.full_name');
  },
  uranianChart: ({ body }) => checkFlatBirth(body),
  uranianDial: ({ body }) => checkFlatBirth(body),
  horoscopePersonal: ({ body }) => checkFlatBirth(body),
  queuePalmReading: async ({ body }, ctx) => {
    checkPalmUploads(body);
    await checkBrandProfile(ctx, body.brand_profile_id);
    await checkUploadsNow(ctx, palmClaims(body));
  },
  queueFaceReading: async ({ body }, ctx) => {
    await checkBrandProfile(ctx, body.brand_profile_id);
    await checkUploadsNow(ctx, faceClaims(body));
  },
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/**
 * A dry run of an endpoint's input handling: its path, query and body schemas in the order the
 * controllers parse them, then its extra checks. Throws what the endpoint would answer.
 */
export async function dryRunInput(
  name: RouteName,
  parts: { body?: unknown; query?: unknown; path?: unknown },
  ctx: CheckContext,
): Promise<void> {
  const route: RouteSpec = ROUTES[name];
  const parsed: { body?: unknown; query?: unknown; path?: unknown } = {};
  if (route.params) parsed.path = parseInput(route.params, parts.path ?? {}, 'path');
  if (route.query) parsed.query = parseInput(route.query, parts.query ?? {}, 'query');
  if (route.body) parsed.body = parseInput(route.body, parts.body, 'body');
  await EXTRA_CHECKS[name]?.(parsed, ctx);
}
