import { z } from 'zod';
import { BirthSubject, BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
import { TRUE_SOLAR_TIME } from '../shared/chart-options';
import { DST_RULE } from '../shared/summer-time';
import { ReportName, reportEditionFields, thaiDigitsNeedThai } from './schemas';

/* The requests of the Thai life and the Qi Men report products (docs/thai.md and docs/chinese.md). */

/** The years the Thai calendar serves (the holy days and the lunar dates of POST /api/v3/thai/*). */
const FIRST_YEAR = 1901;
const LAST_YEAR = 2199;
/** A whole cycle of the ruling planets is 108 years: the year read lies inside the first. */
const CYCLE_YEARS = 108;

export const ThaiLifeReportRequest = z
  .object({
    birth_subject: BirthSubject.describe('the birth, as for POST /api/v3/thai/maha-thaksa'),
    name: ReportName,
    year: z
      .number()
      .int()
      .min(FIRST_YEAR)
      .max(LAST_YEAR)
      .optional()
      .describe(
        'the civil (Gregorian) year read: its ทักษาจร (from the birthday that year), its Wan Phra and the best days of each month; from the birth year to 107 years after it; default: the current year when the job is queued',
      ),
    ...reportEditionFields,
  })
  .strict()
  .superRefine(thaiDigitsNeedThai)
  .superRefine((body, ctx) => {
    if (body.year === undefined) return;
    const born = Number(body.birth_subject.date.slice(0, 4));
    if (body.year < born) ctx.addIssue({ code: 'custom', path: ['year'], message: 'must not be before the birth year' });
    if (body.year >= born + CYCLE_YEARS)
      ctx.addIssue({ code: 'custom', path: ['year'], message: `must be less than ${CYCLE_YEARS} years after the birth year` });
  })
  .meta({
    id: 'ThaiLifeReportRequest',
    example: { birth_subject: { date: '1990-05-16', time: '19:30', place: 'Bangkok' }, name: 'Niran', year: 2026, locale: 'th' },
  });
export type ThaiLifeReportRequest = z.infer<typeof ThaiLifeReportRequest>;

export const QIMEN_PURPOSES = ['career', 'wealth', 'relationships', 'travel', 'health', 'study', 'legal'] as const;

/** The moment asked: a birth subject's clock and place, whose date and time default to now. */
const QimenMoment = withBirthTimeZone(
  z
    .object({
      ...BirthSubjectFields,
      date: BirthSubjectFields.date.optional().describe('local date of the moment asked; with `time`, or neither for now'),
      time: BirthSubjectFields.time.optional().describe('local time of the moment asked; with `date`, or neither for now'),
    })
    .strict()
    .superRefine((m, ctx) => {
      if ((m.date === undefined) !== (m.time === undefined))
        ctx.addIssue({
          code: 'custom',
          path: [m.date === undefined ? 'date' : 'time'],
          message: 'date and time are given together, or neither (now)',
        });
    }),
).describe(
  'the moment asked and where: coordinates or a place, and the clock (`timezone`, or `timezoneOffsetMinutes`); `date` and `time` default to the moment the job is queued, on that clock',
);

export const QimenReportRequest = z
  .object({
    moment: QimenMoment,
    purpose: z
      .enum(QIMEN_PURPOSES)
      .describe(
        'what the question is about: it chooses the palace read (the useful symbol, 用神: 开门, 生门, 六合, 驿马, 天芮, 景门, 惊门)',
      ),
    question: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .optional()
      .describe('the question in the asker’s words: printed as plain text, never read as markup and never interpreted'),
    name: ReportName.optional().describe('the asker’s name, printed on the cover'),
    true_solar_time: TRUE_SOLAR_TIME,
    dst: DST_RULE,
    ...reportEditionFields,
  })
  .strict()
  .superRefine(thaiDigitsNeedThai)
  .superRefine((body, ctx) => {
    if (body.true_solar_time && body.moment.longitude === undefined)
      ctx.addIssue({ code: 'custom', path: ['moment', 'longitude'], message: 'is required when true_solar_time is true' });
  })
  .meta({
    id: 'QimenReportRequest',
    example: {
      moment: { date: '2026-03-10', time: '10:00', place: 'Bangkok' },
      purpose: 'career',
      question: 'Should I accept the new position?',
      locale: 'en',
    },
  });
export type QimenReportRequest = z.infer<typeof QimenReportRequest>;
