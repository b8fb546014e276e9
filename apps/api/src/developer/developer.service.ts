import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PlatformConfig } from '@astro/config';
import {
  CreditEstimateResponse,
  PreflightResponse,
  PRICES,
  PricedOperation,
  RouteName,
  ROUTES,
  RouteSpec,
  Tier,
  TIERS,
  tierAdmits,
} from '@astro/contracts';
import { findAccount } from '@astro/ledger';
import { badRequest, notFound } from '../http/api-error';
import { Caller } from '../http/caller';
import { toErrorResponse } from '../http/error-response';
import { logUnexpected } from '../http/exception.filter';
import { RoutePipeline } from '../http/serve-route';
import { CONFIG } from '../platform/platform';

/**
 * The routes of each priced operation, the price table's endpoint first: thai_lunar_date has two
 * (lunar date of a civil date and back), the visual-reading skus share their family's route.
 */
export const OPERATION_ROUTES: Record<PricedOperation, RouteName[]> = Object.fromEntries(
  (Object.keys(PRICES) as PricedOperation[]).map((operation) => {
    const entries = Object.entries(ROUTES) as [RouteName, RouteSpec][];
    const endpoint = PRICES[operation].endpoint;
    const byEndpoint = entries.filter(([, r]) => `${r.method} ${r.path}` === endpoint).map(([name]) => name);
    const byOperation = entries.filter(([name, r]) => r.operation === operation && !byEndpoint.includes(name)).map(([name]) => name);
    return [operation, [...byEndpoint, ...byOperation]];
  }),
) as Record<PricedOperation, RouteName[]>;

const minTierOf = (route: RouteSpec): Tier => route.minTier ?? 'free';

interface PreflightItem {
  operation: PricedOperation;
  operation_id?: string;
  count: number;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  path?: Record<string, string>;
}

/** Preflight and credit estimates of the `Developer workflow` tag: free, nothing computed or charged. */
@Injectable()
export class DeveloperService {
  constructor(
    private readonly db: Database,
    @Inject(CONFIG) private readonly config: PlatformConfig,
    private readonly routes: RoutePipeline,
  ) {}

  private routeOf(item: PreflightItem, index: number): [RouteName, RouteSpec] {
    const names = OPERATION_ROUTES[item.operation];
    const name = item.operation_id === undefined ? names[0] : names.find((n) => ROUTES[n].operationId === item.operation_id);
    if (!name) {
      const known = names.map((n) => ROUTES[n].operationId).join(', ');
      throw badRequest(`invalid body: operations.${index}.operation_id: ${item.operation} is served by ${known}`);
    }
    return [name, ROUTES[name]];
  }

  private async balanceOf(accountId: string): Promise<number> {
    const account = await findAccount(this.db, accountId);
    if (!account) throw notFound('account');
    return account.balance;
  }

  /** `rateLimitHeaders`: the RateLimit-* headers of this call's own admission, its headroom. */
  async preflight(caller: Caller, rateLimitHeaders: Record<string, string>, items: PreflightItem[]): Promise<PreflightResponse> {
    const routes = items.map((item, i) => this.routeOf(item, i));
    const operations: PreflightResponse['operations'] = [];
    for (const [i, item] of items.entries()) {
      const [name, route] = routes[i];
      const creditsEach = PRICES[item.operation].credits;
      operations.push({
        operation: item.operation,
        operation_id: route.operationId,
        endpoint: `${route.method} ${route.path}`,
        count: item.count,
        credits_each: creditsEach,
        credits: creditsEach * item.count,
        min_tier: minTierOf(route),
        entitled: tierAdmits(caller.tier, minTierOf(route)),
        validation:
          item.body === undefined && item.query === undefined && item.path === undefined ? null : await this.dryRun(caller, name, item),
      });
    }
    const balance = await this.balanceOf(caller.accountId);
    const total = operations.reduce((sum, o) => sum + o.credits, 0);
    const { windowSeconds, perTier } = this.config.rateLimits;
    const header = (name: string, fallback: number) => (rateLimitHeaders[name] === undefined ? fallback : Number(rateLimitHeaders[name]));
    return {
      tier: caller.tier,
      credits_balance: balance,
      total_credits: total,
      balance_covers: balance >= total,
      balance_after: balance - total,
      all_entitled: operations.every((o) => o.entitled),
      all_valid: operations.every((o) => o.validation === null || o.validation.valid),
      rate_limit: {
        limit: header('RateLimit-Limit', perTier[caller.tier]),
        remaining: header('RateLimit-Remaining', perTier[caller.tier]),
        reset_seconds: header('RateLimit-Reset', windowSeconds),
        window_seconds: windowSeconds,
      },
      operations,
    };
  }

  /** The endpoint's own input handling, its answer mapped by the same error envelope; a 5xx is this request's failure, not the input's. */
  private async dryRun(caller: Caller, name: RouteName, item: PreflightItem) {
    try {
      // The route's own parse and check (serveRoute's); a dry run draws nothing: a logo is checked
      // (sanitised, within its limits) but not rasterised.
      await this.routes.dryRun(
        ROUTES[name],
        { body: item.body, query: item.query, params: item.path },
        { db: this.db, accountId: caller.accountId },
      );
      return { valid: true, status: null, error: null, message: null };
    } catch (err) {
      const answer = toErrorResponse(err, caller.requestId, logUnexpected);
      if (answer.status >= 500) throw err;
      return { valid: false, status: answer.status, error: answer.body.error, message: answer.body.message };
    }
  }

  async creditEstimate(caller: Caller, workload: { operation: PricedOperation; count: number }[]): Promise<CreditEstimateResponse> {
    const lines = workload.map(({ operation, count }) => {
      const creditsEach = PRICES[operation].credits;
      return {
        operation,
        count,
        credits_each: creditsEach,
        credits: creditsEach * count,
        min_tier: minTierOf(ROUTES[OPERATION_ROUTES[operation][0]]),
      };
    });
    const balance = await this.balanceOf(caller.accountId);
    const total = lines.reduce((sum, l) => sum + l.credits, 0);
    const tierNeeded = TIERS.find((tier) => lines.every((l) => tierAdmits(tier, l.min_tier)))!;
    return {
      tier: caller.tier,
      credits_balance: balance,
      lines,
      total_credits: total,
      balance_after: balance - total,
      balance_covers: balance >= total,
      credits_short: Math.max(0, total - balance),
      tier_needed: tierNeeded,
      tier_sufficient: tierAdmits(caller.tier, tierNeeded),
    };
  }
}
