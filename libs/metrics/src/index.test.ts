import { PrometheusMetrics } from './index';

/** A process's registry with Node.js's metrics and one cumulative amount read at each scrape. */
class ProcessMetrics extends PrometheusMetrics {
  amount = 0;
  constructor() {
    super({ processMetrics: true });
    this.cumulativeCounter('test_work_seconds_total', 'Seconds of work so far', () => this.amount);
  }
}

/** `# TYPE` lines of an exposition: metric name → type. */
function types(exposition: string): Map<string, string> {
  return new Map([...exposition.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]));
}

describe('PrometheusMetrics', () => {
  it('gives no gauge a _total name: only counters carry _total (prometheus.io/docs/practices/naming)', async () => {
    const found = types(await new ProcessMetrics().registry.metrics());
    expect(found.get('nodejs_active_handles')).toBe('gauge');
    const misnamed = [...found].filter(([name, type]) => name.endsWith('_total') && type !== 'counter').map(([name]) => name);
    expect(misnamed).toEqual([]);
  });

  it('exposes a cumulative amount read at scrape time as a counter that follows it and never goes down', async () => {
    const metrics = new ProcessMetrics();
    const sample = async () => {
      const text = await metrics.registry.metrics();
      expect(types(text).get('test_work_seconds_total')).toBe('counter');
      return Number(/^test_work_seconds_total (\S+)$/m.exec(text)![1]);
    };
    metrics.amount = 1.5;
    expect(await sample()).toBe(1.5);
    metrics.amount = 4.25;
    expect(await sample()).toBe(4.25);
    // A smaller reading (a process gone and not yet reaped) never takes the counter back.
    metrics.amount = 3;
    expect(await sample()).toBe(4.25);
  });
});
