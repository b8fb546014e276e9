import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ROUTES, TAROT_REPORT_OPERATION } from '@astro/contracts';
import { ReportInput } from '@astro/rendering';
import { queuedReport } from './checks';
import { Call, Route } from '../http/route';
import { jobRequester } from '../jobs/job-requester';
import { ReportJobsService } from './report-jobs.service';

/** The tarot reading PDF. */
@Injectable()
export class TarotReportsRoutes {
  constructor(private readonly reports: ReportJobsService) {}

  @Route(ROUTES.queueTarotReport, queuedReport())
  async tarot({ caller, request, body: input }: Call<typeof ROUTES.queueTarotReport>) {
    const { spread, question, name, allow_reversed, locale } = input;
    // Without a seed, one is drawn here (128 bits of the CSPRNG) and travels with the job: a retried
    // render lays the same cards, and report.json names the seed that lays them again.
    const seed = input.seed ?? randomBytes(16).toString('hex');
    const report: ReportInput = {
      kind: 'tarot',
      input: { spread, seed, allow_reversed, question: question ?? null, name: name ?? null, locale },
    };
    // An Idempotency-Key compares the request as sent, not the seed drawn for it, within every spread's price.
    return this.reports.queue(jobRequester(caller, request), TAROT_REPORT_OPERATION[spread], report, input, {
      body: { request: input },
      scope: 'report_tarot',
    });
  }
}
