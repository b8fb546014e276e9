import { z } from 'zod';
import { BirthSubjectWithAyanamsa, NamedBirthSubject } from '../shared/birth-subject';
import { calendarDateWithin } from '../shared/calendar-date';
import { NodeChoice } from '../shared/chart-options';
import { ReportName, reportEditionFields, thaiDigitsNeedThai } from './schemas';

/* The requests of the two Vedic report products (docs/vedic.md, "The Vedic reports"). */

const ChartStyle = z
  .enum(['north', 'south'], { error: 'must be north or south' })
  .default('north')
  .describe('how the charts are drawn: `north` (North Indian diamond, houses fixed; default) or `south` (South Indian grid, signs fixed)');

/** Saturn's passages are searched decades around the date, so it keeps well inside the ephemeris files. */
const AsOf = calendarDateWithin('1850-01-01', '2360-12-31', 'the ephemeris files, with room for Saturn').optional();

const BANGKOK = { date: '1985-03-10', time: '11:20', place: 'Bangkok', ayanamsa: 'lahiri' };

export const VedicKundliReportRequest = z
  .object({
    birth_subject: BirthSubjectWithAyanamsa.describe('the birth, as for POST /api/v3/vedic/kundli (only the Lahiri ayanamsa)'),
    name: ReportName,
    chart_style: ChartStyle,
    node: NodeChoice,
    as_of: AsOf.describe(
      'the date (YYYY-MM-DD) the running dasha periods and the Sade Sati status are read for, at local noon on the birth clock; default: today (UTC)',
    ),
    ...reportEditionFields,
  })
  .strict()
  .superRefine(thaiDigitsNeedThai)
  .meta({
    id: 'VedicKundliReportRequest',
    example: { birth_subject: BANGKOK, name: 'Ploy', chart_style: 'north', as_of: '2026-03-10', locale: 'th' },
  });

export const VedicMatchingReportRequest = z
  .object({
    person_a: NamedBirthSubject.describe("counted on the groom's side where a koota counts from one side (Varna, Vashya, Tara)"),
    person_b: NamedBirthSubject.describe("counted on the bride's side"),
    chart_style: ChartStyle,
    as_of: AsOf.describe('the date (YYYY-MM-DD) from which the periods ahead of both partners are listed; default: today (UTC)'),
    ...reportEditionFields,
  })
  .strict()
  .superRefine(thaiDigitsNeedThai)
  .meta({
    id: 'VedicMatchingReportRequest',
    example: {
      person_a: { date: '1990-05-16', time: '19:30', place: 'Bangkok', name: 'Niran' },
      person_b: { ...BANGKOK, name: 'Ploy' },
      chart_style: 'south',
      locale: 'en',
    },
  });
