import { ROUTES } from '@astro/contracts';
import { callerOf, Principal, takingCaller } from './caller';

const key: Principal = { kind: 'api_key', accountId: 'acct_1', tier: 'pro', subjectId: 'key_9', livemode: false };

describe('callerOf', () => {
  it('is none for a request admission let in without a principal (open, signed-URL and operator routes)', () => {
    expect(callerOf(undefined, 'req_1', undefined)).toBeUndefined();
  });

  it("carries the principal, the request's ids and the actor its events name", () => {
    expect(callerOf(key, 'req_1', 'client-7')).toEqual({
      kind: 'api_key',
      accountId: 'acct_1',
      tier: 'pro',
      subjectId: 'key_9',
      livemode: false,
      requestId: 'req_1',
      clientRequestId: 'client-7',
      actor: 'key:key_9',
    });
    expect(callerOf({ ...key, kind: 'session', subjectId: 'usr_3' }, 'req_2', undefined)?.actor).toBe('user:usr_3');
  });
});

describe('takingCaller', () => {
  it('passes a route that takes a key or a session, and refuses one that takes neither', () => {
    expect(takingCaller(ROUTES.listJobs)).toBe(ROUTES.listJobs);
    expect(() => takingCaller(ROUTES.metrics)).toThrow(/takes no key or session \(auth operator\)/);
    expect(() => takingCaller(ROUTES.health)).toThrow(/auth none/);
  });
});
