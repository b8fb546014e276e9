import { findBrandProfile } from '@astro/accounts';
import { birthInstantOf, FaceJobRequest, PalmJobRequest, ROUTES, UploadKind } from '@astro/contracts';
import { assertSupportedInstant, instantFromLocal, SUPPORTED_RANGE } from '@astro/ephemeris';
import { nameWords, NameNotLatinError } from '@astro/numerology';
import { checkDataUrlLogo, LogoRejected, normaliseDataUrlLogo } from '@astro/rendering';
import { lunarDateProblem, thaiLunarToCivil } from '@astro/thai';
import { badRequest } from './api-error';
import { CheckContext, ParsedInput } from './route';

/**
 * The checks routes make on their input after its schemas and before they compute or charge
 * anything, each declared with its route (@Route(spec, check)); serveRoute runs them, and so does
 * the developer preflight, so a dry run answers exactly what the endpoint would. Each throws what
 * the endpoint answers (an ApiError, or an error the error envelope maps to 400). What one returns
 * is handed to the route's compute as `checked`.
 */
type Input<K extends keyof typeof ROUTES> = ParsedInput<(typeof ROUTES)[K]>;

const RANGE_START_MS = Date.parse(SUPPORTED_RANGE.from);
const RANGE_END_MS = Date.parse(SUPPORTED_RANGE.to);

/** An instant inside the ephemeris's range, else the 400 naming the field. */
function inRange(instant: Date, field: string, prefix = 'invalid body: '): Date {
  const t = instant.getTime();
  if (!(t >= RANGE_START_MS && t <= RANGE_END_MS)) {
    throw badRequest(
      `${prefix}${field}: must be between ${SUPPORTED_RANGE.from} and ${SUPPORTED_RANGE.to}, the range of the ephemeris files`,
    );
  }
  return instant;
}

/** A chart image in a brand profile's colour names a profile of this account: the profile, or null. */
export function imageProfile({ body }: { body: { image?: string; brand_profile_id?: string } }, ctx: CheckContext) {
  return body.image ? checkBrandProfile(ctx, body.brand_profile_id) : null;
}

/** The natal chart's instant inside the ephemeris (else the 400 naming birth_datetime, error-response.ts), then its image's profile. */
export function checkNatalChart(input: Input<'natalChart'>, ctx: CheckContext) {
  assertSupportedInstant(new Date(input.body.birth_datetime), 'birth_datetime');
  return imageProfile(input, ctx);
}

/** The transit window's dates inside the ephemeris (the birth subject's range is the parse's). */
export function checkTransitWindow({ body }: Input<'queueTransitWindowReport'>): void {
  for (const field of ['start_date', 'end_date'] as const) inRange(new Date(`${body[field]}T12:00:00Z`), field, '');
}

/** Midnight of a local date at a clock offset, inside the ephemeris. */
function localMidnight(date: string, offsetMinutes: number, field: string): Date {
  return inRange(instantFromLocal(date, '00:00', offsetMinutes), field);
}

/** A Western birth subject as the calculations take it: the instant (range-checked by the parse), the place. */
function westernBirth(subject: { date: string; time: string; timezoneOffsetMinutes: number; latitude: number; longitude: number }) {
  return { instant: birthInstantOf(subject), latitude: subject.latitude, longitude: subject.longitude };
}

/** The transit window: local days at the birth offset, the end day inclusive, all inside the ephemeris. */
export function checkWesternTransits({ body }: Input<'westernTransits'>) {
  const offset = body.birth_subject.timezoneOffsetMinutes;
  const from = localMidnight(body.start_date, offset, 'start_date');
  const to = inRange(new Date(localMidnight(body.end_date, offset, 'end_date').getTime() + 86_400_000), 'end_date');
  return { birth: westernBirth(body.birth_subject), from, to };
}

/** The progressed date (not before the birth), and the years of progressed Moon events after it, inside the ephemeris; the wheel's profile. */
export async function checkWesternProgressions(input: Input<'westernProgressions'>, ctx: CheckContext) {
  const { body } = input;
  const birth = westernBirth(body.birth_subject);
  const target = localMidnight(body.target_date, body.birth_subject.timezoneOffsetMinutes, 'target_date');
  if (target < birth.instant) throw badRequest('invalid body: target_date: must not be before the birth');
  inRange(new Date(target.getTime() + body.years_ahead * 366 * 86_400_000), 'years_ahead');
  return { birth, target, profile: await imageProfile(input, ctx) };
}

/** The return search reaches a year (solar) or a month (lunar) before the date asked for: inside the ephemeris; the wheels' profile. */
export async function checkWesternReturns(input: Input<'westernReturns'>, ctx: CheckContext) {
  const { body } = input;
  if (body.year !== undefined) inRange(new Date(Date.UTC(body.year, 0, 1)), 'year');
  if (body.date !== undefined) inRange(new Date(Date.parse(`${body.date}T00:00:00Z`) - 367 * 86_400_000), 'date');
  return { birth: westernBirth(body.birth_subject), profile: await imageProfile(input, ctx) };
}

/** The civil date of a Thai lunar date, refused when the lunar date does not exist or falls outside 1901–2199. */
export function checkThaiCivilDate({ body: input }: Input<'thaiCivilDate'>): string {
  const problem = lunarDateProblem(input);
  if (problem) throw badRequest(`invalid body: ${problem.field}: ${problem.message}`);
  const date = thaiLunarToCivil(input);
  // Lunar year 1901 begins in late 1900 and lunar year 2200 in late 2199: only civil dates 1901–2199 are served.
  if (Number(date.slice(0, 4)) > 2199) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, after 2199-12-31`);
  if (Number(date.slice(0, 4)) < 1901) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, before 1901-01-01`);
  return date;
}

/** The day the wheel is read for: today unless given, never before the birth date. */
export function checkMahaThaksa({ body: input }: Input<'thaiMahaThaksa'>): string {
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

/** A queued report: its own check, then its branding's logo URL and brand profile. */
export const queuedReport =
  <I extends { body: { branding?: { logo_url?: string }; brand_profile_id?: string } }>(check?: (input: I) => void) =>
  async (input: I, ctx: CheckContext): Promise<void> => {
    check?.(input);
    await checkLogoUrl(input.body.branding?.logo_url, 'branding.logo_url', ctx.dryRun);
    await checkBrandProfile(ctx, input.body.brand_profile_id);
  };

/** A palm reading: two different uploads, the brand profile, the uploads as they are now. */
export async function checkPalmReading({ body }: Input<'queuePalmReading'>, ctx: CheckContext): Promise<void> {
  checkPalmUploads(body);
  await checkBrandProfile(ctx, body.brand_profile_id);
  await checkUploadsNow(ctx, palmClaims(body));
}

/** A face reading: the brand profile, the upload as it is now. */
export async function checkFaceReading({ body }: Input<'queueFaceReading'>, ctx: CheckContext): Promise<void> {
  await checkBrandProfile(ctx, body.brand_profile_id);
  await checkUploadsNow(ctx, faceClaims(body));
}
