import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { DeveloperService } from './developer.service';
import { Call, Route } from '../http/route';

/** The `Developer workflow` tag: free of charge (no priced operation), rate limited by the AccessGuard. */
@Injectable()
export class DeveloperRoutes {
  constructor(private readonly developer: DeveloperService) {}

  @Route(ROUTES.developerPreflight)
  preflight({ caller, request, body }: Call<typeof ROUTES.developerPreflight>) {
    return this.developer.preflight(caller, request.rateLimit?.headers ?? {}, body.operations);
  }

  @Route(ROUTES.developerCreditEstimates)
  creditEstimates({ caller, body }: Call<typeof ROUTES.developerCreditEstimates>) {
    return this.developer.creditEstimate(caller, body.workload);
  }
}
