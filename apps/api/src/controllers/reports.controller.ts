import { Body, Controller, Headers, Inject, Req } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { IdempotencyKeyHeader, PricedOperation, ROUTES } from '@astro/contracts';
import { BrandingFields, ReportInput, resolveBranding } from '@astro/rendering';
import { birthInstant } from '../http/birth-instant';
import { checkBrandProfile, checkPeople, checkTransitWindow } from '../http/input-checks';
import { Endpoint } from '../http/endpoint.decorator';
import { parseInput } from '../http/validation';
import { JobQueueService } from '../jobs/job-queue.service';
import { Platform, PLATFORM } from '../platform';

interface ReportOptions {
  locale: 'th' | 'en';
  thai_digits: boolean;
  branding?: BrandingFields;
  brand_profile_id?: string;
}

@Controller()
export class ReportsController {
  constructor(@Inject(PLATFORM) private readonly platform: Platform, private readonly queue: JobQueueService) {}

  @Endpoint(ROUTES.queueSynastryReport)
  async synastry(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queueSynastryReport.body, body, 'body');
    checkPeople(input);
    const report: ReportInput = { kind: 'synastry_premium', input: { person_a: input.person_a, person_b: input.person_b, house_system: input.house_system } };
    return this.queueReport(request, idempotencyKey, 'report_synastry_premium', report, input);
  }

  @Endpoint(ROUTES.queueTransitWindowReport)
  async transitWindow(@Req() request: FastifyRequest, @Body() body: unknown, @Headers('idempotency-key') idempotencyKey?: string) {
    const input = parseInput(ROUTES.queueTransitWindowReport.body, body, 'body');
    checkTransitWindow(input);
    const { birth_subject, start_date, end_date, house_system, name, timezone } = input;
    const report: ReportInput = { kind: 'transit_window', input: { birth_subject, start_date, end_date, house_system, name, ...(timezone ? { timezone } : {}) } };
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

  /**
   * Resolves the branding now (profile, then the request's fields), so the queued job renders
   * exactly what was asked even if the profile changes later, and queues the report workflow.
   */
  private async queueReport(
    request: FastifyRequest,
    idempotencyKey: string | undefined,
    operation: PricedOperation,
    report: ReportInput,
    options: ReportOptions,
  ) {
    const principal = request.principal!;
    const key = idempotencyKey === undefined ? undefined : parseInput(IdempotencyKeyHeader, idempotencyKey, 'header');
    const profile = await checkBrandProfile({ db: this.platform.db, accountId: principal.accountId }, options.brand_profile_id);
    const branding = resolveBranding((profile?.branding as BrandingFields | undefined) ?? null, options.branding);
    const { handle } = await this.queue.queue({
      principal,
      requestId: String(request.id),
      operation,
      kind: report.kind,
      workflowType: 'reportWorkflow',
      workflowInput: (jobId) => ({ jobId, report, locale: options.locale, branding, thaiDigits: options.thai_digits }),
      idempotencyKey: key,
      body: { report, options },
    });
    return handle;
  }
}
