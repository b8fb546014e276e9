import { Injectable } from '@nestjs/common';
import { ROUTES } from '@astro/contracts';
import { badRequest } from '../http/api-error';
import { Call, Route } from '../http/route';
import { VisualEconomicsService } from './visual-economics.service';

const DAY_MS = 86_400_000;
const instantOf = (value: string) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value);

/** `GET /v1/visual-readings/economics` of the Customer visual readings tag (session, free). */
@Injectable()
export class VisualEconomicsRoutes {
  constructor(private readonly economicsOf: VisualEconomicsService) {}

  @Route(ROUTES.visualReadingEconomics)
  async economics({ caller, query }: Call<typeof ROUTES.visualReadingEconomics>) {
    const input = query;
    const to = input.to ? instantOf(input.to) : new Date();
    const from = input.from ? instantOf(input.from) : new Date(to.getTime() - 30 * DAY_MS);
    if (!(from < to)) throw badRequest('invalid query: to: must be after from');
    if (to.getTime() - from.getTime() > 366 * DAY_MS) throw badRequest('invalid query: to: the period is at most 366 days');
    const lines = await this.economicsOf.lines(caller.accountId, from, to);
    const charged = lines.reduce((s, l) => s + l.credits_charged, 0);
    const refunded = lines.reduce((s, l) => s + l.credits_refunded, 0);
    return {
      period: { from: from.toISOString(), to: to.toISOString() },
      lines,
      totals: {
        jobs: lines.reduce((s, l) => s + l.jobs, 0),
        credits_charged: charged,
        credits_refunded: refunded,
        refund_rate: charged > 0 ? Math.round((refunded / charged) * 10_000) / 10_000 : null,
      },
    };
  }
}
