import { z } from 'zod';
import { BirthSubject } from '../shared/birth-subject';
import { calendarDateWithin } from '../shared/calendar-date';
import { JA_HOUR_CONVENTION, TRUE_SOLAR_TIME, ZI_HOUR } from '../shared/chart-options';
import { DST_RULE } from '../shared/summer-time';
import { ReportName, reportEditionFields, thaiDigitsNeedThai } from './schemas';

/** The four-pillar reports read the luck of a day: the ten-year period and the year in force then, and the next year. */
const AsOf = calendarDateWithin('1900-01-01', '2200-12-31')
  .optional()
  .describe(
    "the day the report reads the luck for (the ten-year period in force, that year's and the next year's pillars); default: the day the report is queued, at the birth's UTC offset",
  );
const Gender = z
  .enum(['male', 'female'])
  .describe('sets the direction of the ten-year luck periods (forward or backward from the month pillar)');

const fourPillarFields = { birth_subject: BirthSubject, name: ReportName, gender: Gender, as_of: AsOf, dst: DST_RULE };

/** The day read must not come before the birth. */
function asOfAfterBirth(body: { as_of?: string; birth_subject: { date: string } }, ctx: z.RefinementCtx) {
  if (body.as_of !== undefined && body.as_of < body.birth_subject.date)
    ctx.addIssue({ code: 'custom', path: ['as_of'], message: 'must not be before the birth date' });
}

export const SajuReportRequest = z
  .object({ ...fourPillarFields, ja_hour_convention: JA_HOUR_CONVENTION, ...reportEditionFields })
  .strict()
  .superRefine(thaiDigitsNeedThai)
  .superRefine(asOfAfterBirth);
export type SajuReportRequest = z.infer<typeof SajuReportRequest>;

export const BaziReportRequest = z
  .object({ ...fourPillarFields, true_solar_time: TRUE_SOLAR_TIME, zi_hour: ZI_HOUR, ...reportEditionFields })
  .strict()
  .superRefine(thaiDigitsNeedThai)
  .superRefine(asOfAfterBirth);
export type BaziReportRequest = z.infer<typeof BaziReportRequest>;
