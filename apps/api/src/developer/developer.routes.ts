import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { DeveloperService } from './developer.service';
import { Call, Route } from '../http/route';

/** The `Developer workflow` tag: free of charge (no priced operation), rate limited by the AccessGuard. */
@Injectable()
export class DeveloperRoutes {
  constructor(private readonly developer: DeveloperService) {}

  @Route(ROUTES.developerPreflight)
  preflight({ request, body }: Call<typeof ROUTES.developerPreflight>) {
    return this.developer.preflight(request, body.operations);
  }

  @Route(ROUTES.developerCreditEstimates)
  creditEstimates({ request, body }: Call<typeof ROUTES.developerCreditEstimates>) {
    return this.developer.creditEstimate(request, body.workload);
  }
}
