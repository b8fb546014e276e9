import { loadConfig } from './config';
import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from './retry-schedule';

describe('WEBHOOK_RETRY_SCHEDULE', () => {
  it('defaults to immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(parseRetrySchedule(undefined)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(DEFAULT_RETRY_SCHEDULE).toBe('0,5,300,1800,7200,18000,36000,36000');
  });

  it('parses seconds and refuses anything else with the variable named', () => {
    expect(parseRetrySchedule('0, 1,2.5')).toEqual([0, 1, 2.5]);
    for (const bad of ['0,,1', 'soon', '-1', '0,99999999']) expect(() => parseRetrySchedule(bad)).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
  });
});

describe('secrets', () => {
  it('refuses to start in production without a configured secret, naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/ARTIFACT_URL_SECRET is not set/);
  });
});
