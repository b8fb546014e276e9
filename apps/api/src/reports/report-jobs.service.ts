import { Injectable } from '@nestjs/common';
import { JobHandle, PricedOperation } from '@astro/contracts';
import { BrandingFields, ReportInput } from '@astro/rendering';
import { reportWorkflow } from '@astro/workflows';
import { BrandProfilesService } from '../accounts/brand-profiles.service';
import { JobQueueService, JobRequester } from '../jobs/job-queue.service';

export interface ReportOptions {
  locale: 'th' | 'en';
  /** Thai digits in a Thai edition's text (the request's `thai_digits`). */
  thai_digits: boolean;
  branding?: BrandingFields;
  brand_profile_id?: string;
}

/** Report jobs: the branding resolved at queueing, then charge, record and start (JobQueueService). */
@Injectable()
export class ReportJobsService {
  constructor(
    private readonly jobs: JobQueueService,
    private readonly profiles: BrandProfilesService,
  ) {}

  /**
   * Resolves the branding now (profile, then the request's fields), so the queued job renders
   * exactly what was asked even if the profile changes later, and queues the report workflow.
   */
  async queue(requester: JobRequester, operation: PricedOperation, report: ReportInput, options: ReportOptions): Promise<JobHandle> {
    const branding = await this.profiles.jobBranding(requester.caller.accountId, options.brand_profile_id, options.branding);
    const { handle } = await this.jobs.queue({
      ...requester,
      operation,
      kind: report.kind,
      workflow: reportWorkflow,
      workflowInput: (jobId) => ({
        jobId,
        report,
        locale: options.locale,
        branding,
        thaiDigits: options.thai_digits,
        livemode: requester.caller.livemode,
      }),
      body: { report, options },
    });
    return handle;
  }
}
