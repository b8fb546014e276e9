import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { offsetSecondsAt } from '@astro/ephemeris';
import { ReportInput } from '@astro/rendering';
import { queuedReport } from './checks';
import { Call, Route } from '../http/route';
import { jobRequester } from '../jobs/job-requester';
import { ReportJobsService } from './report-jobs.service';

type QimenMoment = Call<typeof ROUTES.queueQimenReport>['body']['moment'];

/**
 * The moment of a Qi Men question with its date and time: as given, or now on its clock (the zone's
 * offset now, else the offset sent), fixed when the job is queued so a retried job casts the same board.
 */
function momentOf(m: QimenMoment) {
  if (m.date !== undefined && m.time !== undefined) return { ...m, date: m.date, time: m.time };
  const now = Date.now();
  const offsetSeconds = m.timezone ? offsetSecondsAt(m.timezone, now) : m.timezoneOffsetMinutes * 60;
  const local = new Date(now + offsetSeconds * 1000).toISOString();
  return { ...m, date: local.slice(0, 10), time: local.slice(11, 16), timezoneOffsetMinutes: offsetSeconds / 60 };
}

/** The Thai life and the Qi Men PDF reports. */
@Injectable()
export class ThaiQimenReportsRoutes {
  constructor(private readonly reports: ReportJobsService) {}

  @Route(ROUTES.queueThaiLifeReport, queuedReport())
  async thaiLife({ caller, request, body: input }: Call<typeof ROUTES.queueThaiLifeReport>) {
    const { birth_subject, name } = input;
    // the year read defaults to the current year on the birth's clock, fixed at queueing
    const year = input.year ?? new Date(Date.now() + birth_subject.timezoneOffsetMinutes * 60_000).getUTCFullYear();
    const report: ReportInput = { kind: 'thai_life', input: { birth_subject, name, year } };
    return this.reports.queue(jobRequester(caller, request), 'report_thai_life', report, input);
  }

  @Route(ROUTES.queueQimenReport, queuedReport())
  async qimen({ caller, request, body: input }: Call<typeof ROUTES.queueQimenReport>) {
    const { purpose, question, name, true_solar_time, dst } = input;
    const report: ReportInput = {
      kind: 'qimen',
      input: { moment: momentOf(input.moment), purpose, question: question ?? null, name: name ?? null, true_solar_time, dst },
    };
    return this.reports.queue(jobRequester(caller, request), 'report_qimen', report, input);
  }
}
