import { ApiError } from './api-error';
import { TenantBudget, TenantSlots } from './tenant-slots';

const BUDGET: TenantBudget = {
  concurrent: 2,
  perTenant: 1,
  waitingPerTenant: 2,
  waitingTotal: 4,
  burstMs: 10_000,
  refillMsPerSecond: 250,
  queueFullRetryAfterSeconds: 5,
};

/** A piece of work the test finishes by hand, and a log of the order pieces started in. */
function harness(budget = BUDGET) {
  let clock = 0;
  const slots = new TenantSlots(budget, 'image work', () => clock);
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const piece = (tenant: string, name: string) =>
    slots.run(tenant, () => {
      started.push(name);
      return new Promise<string>((resolve) => finishers.set(name, () => resolve(name)));
    });
  const finish = async (name: string, tookMs = 0) => {
    clock += tookMs;
    finishers.get(name)!();
    await new Promise((r) => setImmediate(r));
  };
  const tick = () => new Promise((r) => setImmediate(r));
  return { slots, started, piece, finish, tick, advance: (ms: number) => (clock += ms) };
}

const refusalOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('the piece was not refused');
};

describe('TenantSlots', () => {
  it("never makes another tenant wait behind one tenant's queue: a flooding tenant holds one slot of two", async () => {
    const h = harness();
    const flood = ['a1', 'a2', 'a3'].map((name) => h.piece('a', name));
    await h.tick();
    expect(h.started).toEqual(['a1']);
    void h.piece('b', 'b1');
    await h.tick();
    // b starts at once, beside a's running piece, ahead of a's two waiting ones.
    expect(h.started).toEqual(['a1', 'b1']);
    await h.finish('a1');
    expect(h.started).toEqual(['a1', 'b1', 'a2']);
    await h.finish('b1');
    await h.finish('a2');
    await h.finish('a3');
    await Promise.all(flood);
  });

  it('hands a freed slot to the tenants with waiting work in turn', async () => {
    const h = harness({ ...BUDGET, concurrent: 1, waitingTotal: 10 });
    for (const name of ['a1', 'a2', 'a3']) void h.piece('a', name);
    for (const name of ['b1', 'b2']) void h.piece('b', name);
    void h.piece('c', 'c1');
    await h.tick();
    for (const name of ['a1', 'a2', 'b1', 'c1', 'a3']) await h.finish(name);
    expect(h.started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2']);
  });

  it("refuses a tenant's piece beyond its queue with 429 and Retry-After, and still takes another tenant's", async () => {
    const h = harness();
    for (const name of ['a1', 'a2', 'a3']) void h.piece('a', name);
    const refused = await refusalOf(h.piece('a', 'a4'));
    expect(refused.status).toBe(429);
    expect(refused.headers).toEqual({ 'Retry-After': '5' });
    expect(refused.message).toMatch(/^too much image work of this account is waiting; retry after 5 s$/);
    void h.piece('b', 'b1');
    await h.tick();
    expect(h.started).toContain('b1');
  });

  it('refuses everyone once the whole queue is full', async () => {
    const h = harness({ ...BUDGET, waitingTotal: 2 });
    for (const name of ['a1', 'a2']) void h.piece('a', name);
    for (const name of ['b1', 'b2']) void h.piece('b', name);
    const refused = await refusalOf(h.piece('c', 'c1'));
    expect(refused.message).toBe('too much image work is waiting; retry after 5 s');
  });

  it('charges the time a piece held its slot to its tenant, refuses past the budget until it has refilled, and says when', async () => {
    const h = harness();
    void h.piece('a', 'long');
    await h.tick();
    // 20 s in a slot: the burst of 10 s and the 5 s refilled meanwhile are spent, 5 s overdrawn.
    await h.finish('long', 20_000);
    const refused = await refusalOf(h.piece('a', 'next'));
    expect(refused.headers).toEqual({ 'Retry-After': '21' });
    expect(refused.message).toBe('this account has used its image work time for now (10 s at a time); retry after 21 s');
    // Another tenant is untouched; the first is served again once its budget has refilled.
    void h.piece('b', 'b1');
    h.advance(21_000);
    void h.piece('a', 'later');
    await h.tick();
    expect(h.started).toEqual(['long', 'b1', 'later']);
  });
});
