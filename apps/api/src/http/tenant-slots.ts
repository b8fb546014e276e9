import { ApiError } from './api-error';

/**
 * What one API process lets tenants spend on free, expensive work (docs/security.md, "Free work
 * budgets"): a few pieces at once in all, fewer per tenant, a short queue per tenant and in all,
 * and a time budget per tenant that refills over time.
 */
export interface TenantBudget {
  /** pieces of work at once in this process, all tenants together */
  concurrent: number;
  /** pieces of work at once for one tenant: fewer than `concurrent`, so one tenant never holds them all */
  perTenant: number;
  /** a tenant's pieces waiting behind its running ones */
  waitingPerTenant: number;
  /** every tenant's waiting pieces together */
  waitingTotal: number;
  /** the time a tenant's work may hold slots in a burst (ms), and how much of it comes back each second */
  burstMs: number;
  refillMsPerSecond: number;
  /** what a refusal for a full queue tells the client to wait: about the time one piece may take */
  queueFullRetryAfterSeconds: number;
}

/** Tenants remembered before the idle ones (nothing running or waiting, budget full again) are forgotten. */
const REMEMBERED_TENANTS = 1_000;

interface Tenant {
  running: number;
  waiting: (() => void)[];
  /** slot time left to spend (ms; below zero after a piece that took more than was left) */
  balanceMs: number;
  /** when the balance was last brought up to date (ms) */
  at: number;
}

/**
 * A bounded, fair queue for work that costs CPU and is free to ask for (drawing a logo, decoding a
 * photo). A tenant's piece of work starts when a slot is free and the tenant runs fewer than its
 * share; slots are handed to waiting tenants in turn (round robin), so another tenant's request
 * never waits behind a flooding tenant's queue: it waits at most for a running piece to finish,
 * and only when every slot is held by other tenants. A tenant whose queue is full, whose time
 * budget is spent, or who finds the whole queue full is refused at once with a 429 and
 * Retry-After. The time a piece holds its slot is charged to its tenant (each slot is a child
 * process with one thread, so that is at most the CPU of one core). Per process, like the login
 * throttle's verification slots: it guards this process's CPU.
 */
export class TenantSlots {
  private readonly tenants = new Map<string, Tenant>();
  /** tenants with waiting work, in the order their turn comes */
  private readonly turns: string[] = [];
  private running = 0;
  private waitingTotal = 0;

  constructor(
    readonly budget: TenantBudget,
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(tenantId: string, work: () => Promise<T>): Promise<T> {
    const tenant = this.tenantOf(tenantId);
    this.refill(tenant);
    this.refuseIfOverBudget(tenant);
    if (this.running < this.budget.concurrent && tenant.running < this.budget.perTenant) {
      this.running++;
      tenant.running++;
    } else {
      // The slot is handed over already counted (see release), so nothing is counted here.
      await new Promise<void>((resolve) => {
        tenant.waiting.push(resolve);
        this.waitingTotal++;
        if (!this.turns.includes(tenantId)) this.turns.push(tenantId);
      });
    }
    const started = this.now();
    try {
      return await work();
    } finally {
      tenant.balanceMs -= this.now() - started;
      this.release(tenant);
    }
  }

  /** Pieces of work running now, all tenants together (for tests and metrics). */
  get active(): number {
    return this.running;
  }

  private tenantOf(tenantId: string): Tenant {
    let tenant = this.tenants.get(tenantId);
    if (!tenant) {
      if (this.tenants.size >= REMEMBERED_TENANTS) this.forgetIdle();
      tenant = { running: 0, waiting: [], balanceMs: this.budget.burstMs, at: this.now() };
      this.tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  private refill(tenant: Tenant): void {
    const now = this.now();
    tenant.balanceMs = Math.min(this.budget.burstMs, tenant.balanceMs + ((now - tenant.at) / 1000) * this.budget.refillMsPerSecond);
    tenant.at = now;
  }

  private refuseIfOverBudget(tenant: Tenant): void {
    const { budget } = this;
    if (tenant.balanceMs <= 0) {
      const seconds = Math.max(1, Math.ceil((-tenant.balanceMs + 1) / budget.refillMsPerSecond));
      throw this.refusal(`this account has used its ${this.what} time for now (${budget.burstMs / 1000} s at a time)`, seconds);
    }
    const ownQueueFull = tenant.running >= budget.perTenant && tenant.waiting.length >= budget.waitingPerTenant;
    const queueFull = this.running >= budget.concurrent && this.waitingTotal >= budget.waitingTotal;
    if (ownQueueFull || queueFull) {
      const whose = ownQueueFull ? 'of this account ' : '';
      throw this.refusal(`too much ${this.what} ${whose}is waiting`, budget.queueFullRetryAfterSeconds);
    }
  }

  private refusal(why: string, retryAfterSeconds: number): ApiError {
    return new ApiError(
      429,
      `${why}; retry after ${retryAfterSeconds} s`,
      { 'Retry-After': String(retryAfterSeconds) },
      { code: 'work_budget_exceeded' },
    );
  }

  /** Frees a slot of `tenant`, or hands it straight to the next tenant whose turn it is. */
  private release(tenant: Tenant): void {
    tenant.running--;
    this.running--;
    for (let i = 0; i < this.turns.length; i++) {
      const nextId = this.turns[i];
      const next = this.tenants.get(nextId)!;
      if (next.running >= this.budget.perTenant) continue;
      const resolve = next.waiting.shift()!;
      this.turns.splice(i, 1);
      if (next.waiting.length > 0) this.turns.push(nextId);
      this.waitingTotal--;
      this.running++;
      next.running++;
      resolve();
      break;
    }
  }

  /** Forgets the tenants with nothing running or waiting whose budget has filled up again. */
  private forgetIdle(): void {
    for (const [id, tenant] of this.tenants) {
      if (tenant.running > 0 || tenant.waiting.length > 0) continue;
      this.refill(tenant);
      if (tenant.balanceMs >= this.budget.burstMs) this.tenants.delete(id);
    }
  }
}
