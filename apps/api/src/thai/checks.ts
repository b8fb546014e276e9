import { lunarDateProblem, thaiLunarToCivil } from '@astro/thai';
import { badRequest } from '../http/api-error';
import { InputOf } from '../http/route';

/** The civil date of a Thai lunar date, refused when the lunar date does not exist or falls outside 1901–2199. */
export function checkThaiCivilDate({ body: input }: InputOf<'thaiCivilDate'>): string {
  const problem = lunarDateProblem(input);
  if (problem) throw badRequest(`invalid body: ${problem.field}: ${problem.message}`);
  const date = thaiLunarToCivil(input);
  // Lunar year 1901 begins in late 1900 and lunar year 2200 in late 2199: only civil dates 1901–2199 are served.
  if (Number(date.slice(0, 4)) > 2199) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, after 2199-12-31`);
  if (Number(date.slice(0, 4)) < 1901) throw badRequest(`invalid body: lunar_year: the date falls on ${date}, before 1901-01-01`);
  return date;
}

/** The day the wheel is read for: today unless given, never before the birth date. */
export function checkMahaThaksa({ body: input }: InputOf<'thaiMahaThaksa'>): string {
  const asOf = input.as_of ?? new Date().toISOString().slice(0, 10);
  if (asOf < input.date) throw badRequest('invalid body: as_of: must not be before the birth date');
  return asOf;
}
