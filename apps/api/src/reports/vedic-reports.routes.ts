import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { ReportInput } from '@astro/rendering';
import { queuedReport } from './checks';
import { Call, Route } from '../http/route';
import { jobRequester } from '../jobs/job-requester';
import { ReportJobsService } from './report-jobs.service';

/** The day a report reads its running periods on when the request names none: today, fixed at queueing so a retried job reads the same day. */
const today = () => new Date().toISOString().slice(0, 10);

/** The Vedic PDF reports: the kundli and the match. */
@Injectable()
export class VedicReportsRoutes {
  constructor(private readonly reports: ReportJobsService) {}

  @Route(ROUTES.queueVedicKundliReport, queuedReport())
  async kundli({ caller, request, body: input }: Call<typeof ROUTES.queueVedicKundliReport>) {
    const { birth_subject, name, chart_style, node, locale } = input;
    const report: ReportInput = {
      kind: 'vedic_kundli',
      input: { birth_subject, name, chart_style, node, as_of: input.as_of ?? today(), locale },
    };
    return this.reports.queue(jobRequester(caller, request), 'report_vedic_kundli', report, input);
  }

  @Route(ROUTES.queueVedicMatchingReport, queuedReport())
  async matching({ caller, request, body: input }: Call<typeof ROUTES.queueVedicMatchingReport>) {
    const { person_a, person_b, chart_style, locale } = input;
    const report: ReportInput = {
      kind: 'vedic_matching',
      input: { person_a, person_b, chart_style, as_of: input.as_of ?? today(), locale },
    };
    return this.reports.queue(jobRequester(caller, request), 'report_vedic_matching', report, input);
  }
}
