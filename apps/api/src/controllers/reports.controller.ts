import { Body, Controller, Headers, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { PricedOperation, ROUTES } from '@astro/contracts';
import { ReportInput } from '@astro/rendering';
import { birthInstant } from '../http/birth-instant';
import { checkLogoUrl, checkPeople, checkTransitWindow } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { jobRequester } from '../jobs/job-queue.service';
import { ReportJobsService, ReportOptions } from '../jobs/report-jobs.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportJobsService) {}

  @Endpoint(ROUTES.queueSynastryReport)
  async synastry(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queueSynastryReport.body, body, 'body');
    checkPeople(input);
    const report: ReportInput = {
      kind: 'synastry_premium',
      input: { person_a: input.person_a, person_b: input.person_b, house_system: input.house_system },
    };
    return this.queueReport(request, idempotencyKey, 'report_synastry_premium', report, input);
  }

  @Endpoint(ROUTES.queueTransitWindowReport)
  async transitWindow(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queueTransitWindowReport.body, body, 'body');
    checkTransitWindow(input);
    const { birth_subject, start_date, end_date, house_system, name, timezone } = input;
    const report: ReportInput = {
      kind: 'transit_window',
      input: { birth_subject, start_date, end_date, house_system, name, ...(timezone ? { timezone } : {}) },
    };
    return this.queueReport(request, idempotencyKey, 'report_transit_window', report, input);
  }

  @Endpoint(ROUTES.queueSolarReturnReport)
  async solarReturn(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queueSolarReturnReport.body, body, 'body');
    birthInstant(input.birth_subject, 'birth_subject');
    const { birth_subject, target_year, house_system, name } = input;
    const report: ReportInput = { kind: 'solar_return', input: { birth_subject, target_year, house_system, name } };
    return this.queueReport(request, idempotencyKey, 'report_solar_return', report, input);
  }

  private async queueReport(
    request: FastifyRequest,
    idempotencyKey: string | undefined,
    operation: PricedOperation,
    report: ReportInput,
    options: ReportOptions,
  ) {
    await checkLogoUrl(options.branding?.logo_url, 'branding.logo_url');
    return this.reports.queue(jobRequester(request, idempotencyKey), operation, report, options);
  }
}
