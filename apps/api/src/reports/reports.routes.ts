import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { ReportInput } from '@astro/rendering';
import { queuedReport, checkTransitWindow } from './checks';
import { Call, Route } from '../http/route';
import { jobRequester } from '../jobs/job-requester';
import { ReportJobsService } from './report-jobs.service';

/**
 * Today's date on the birth's clock: the day a four-pillar report reads the luck for when `as_of`
 * is not given, fixed when the job is queued so a retry or a replay reads the same day.
 */
const todayAt = (offsetSeconds: number) => new Date(Date.now() + offsetSeconds * 1000).toISOString().slice(0, 10);

@Injectable()
export class ReportsRoutes {
  constructor(private readonly reports: ReportJobsService) {}

  @Route(ROUTES.queueSynastryReport, queuedReport())
  async synastry({ caller, request, body: input }: Call<typeof ROUTES.queueSynastryReport>) {
    const report: ReportInput = {
      kind: 'synastry_premium',
      input: { person_a: input.person_a, person_b: input.person_b, house_system: input.house_system },
    };
    return this.reports.queue(jobRequester(caller, request), 'report_synastry_premium', report, input);
  }

  @Route(ROUTES.queueTransitWindowReport, queuedReport(checkTransitWindow))
  async transitWindow({ caller, request, body: input }: Call<typeof ROUTES.queueTransitWindowReport>) {
    const { birth_subject, start_date, end_date, house_system, name, timezone } = input;
    const report: ReportInput = {
      kind: 'transit_window',
      input: { birth_subject, start_date, end_date, house_system, name, ...(timezone ? { timezone } : {}) },
    };
    return this.reports.queue(jobRequester(caller, request), 'report_transit_window', report, input);
  }

  @Route(ROUTES.queueSolarReturnReport, queuedReport())
  async solarReturn({ caller, request, body: input }: Call<typeof ROUTES.queueSolarReturnReport>) {
    const { birth_subject, target_year, house_system, name } = input;
    const report: ReportInput = { kind: 'solar_return', input: { birth_subject, target_year, house_system, name } };
    return this.reports.queue(jobRequester(caller, request), 'report_solar_return', report, input);
  }

  @Route(ROUTES.queueSajuReport, queuedReport())
  async saju({ caller, request, body: input }: Call<typeof ROUTES.queueSajuReport>) {
    const { birth_subject, name, gender, as_of, dst, ja_hour_convention } = input;
    const report: ReportInput = {
      kind: 'saju',
      input: { birth_subject, name, gender, as_of: as_of ?? todayAt(birth_subject.timezoneOffsetMinutes * 60), dst, ja_hour_convention },
    };
    return this.reports.queue(jobRequester(caller, request), 'report_saju', report, input);
  }

  @Route(ROUTES.queueBaziReport, queuedReport())
  async bazi({ caller, request, body: input }: Call<typeof ROUTES.queueBaziReport>) {
    const { birth_subject, name, gender, as_of, dst, zi_hour, true_solar_time } = input;
    const report: ReportInput = {
      kind: 'bazi',
      input: {
        birth_subject,
        name,
        gender,
        as_of: as_of ?? todayAt(birth_subject.timezoneOffsetMinutes * 60),
        dst,
        zi_hour,
        true_solar_time,
      },
    };
    return this.reports.queue(jobRequester(caller, request), 'report_bazi', report, input);
  }
}
