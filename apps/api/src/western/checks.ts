import { assertSupportedInstant, birthOf } from '@astro/ephemeris';
import { imageProfile } from '../accounts/checks';
import { localMidnight } from '../platform/ephemeris-range';
import { badRequest } from '../http/api-error';
import { CheckContext, InputOf } from '../http/route';

/** The transit window: local days at the birth offset, the end day inclusive, all inside the ephemeris. */
export function checkWesternTransits({ body }: InputOf<'westernTransits'>) {
  const offsetSeconds = body.birth_subject.timezoneOffsetMinutes * 60;
  const from = localMidnight(body.start_date, offsetSeconds, 'start_date');
  const to = assertSupportedInstant(new Date(localMidnight(body.end_date, offsetSeconds, 'end_date').getTime() + 86_400_000), 'end_date');
  return { birth: birthOf(body.birth_subject), from, to };
}

/** The progressed date (not before the birth), and the years of progressed Moon events after it, inside the ephemeris; the wheel's profile. */
export async function checkWesternProgressions(input: InputOf<'westernProgressions'>, ctx: CheckContext) {
  const { body } = input;
  const birth = birthOf(body.birth_subject);
  const target = localMidnight(body.target_date, body.birth_subject.timezoneOffsetMinutes * 60, 'target_date');
  if (target < birth.instant) throw badRequest('invalid body: target_date: must not be before the birth');
  assertSupportedInstant(new Date(target.getTime() + body.years_ahead * 366 * 86_400_000), 'years_ahead');
  return { birth, target, profile: await imageProfile(input, ctx) };
}

/** The return search reaches a year (solar) or a month (lunar) before the date asked for: inside the ephemeris; the wheels' profile. */
export async function checkWesternReturns(input: InputOf<'westernReturns'>, ctx: CheckContext) {
  const { body } = input;
  if (body.year !== undefined) assertSupportedInstant(new Date(Date.UTC(body.year, 0, 1)), 'year');
  if (body.date !== undefined) assertSupportedInstant(new Date(Date.parse(`${body.date}T00:00:00Z`) - 367 * 86_400_000), 'date');
  return { birth: birthOf(body.birth_subject), profile: await imageProfile(input, ctx) };
}
