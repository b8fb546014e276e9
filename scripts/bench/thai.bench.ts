import { almanacMonth, civilToThaiLunar, dayVerdictOf, epochDay, isoOfEpochDay, thaiLunarToCivil } from '@astro/thai';
import {
  assertEveryServedRequestCharged,
  benchmarkAccount,
  CONNECTIONS,
  drive,
  DURATION_SECONDS,
  Figures,
  figuresTable,
  machineLine,
  randomInstant,
  requireRunningApi,
} from './http-load';
import { printTimings, timeInProcess } from './in-process';

/**
 * The Thai calendar in-process: a civil → lunar conversion, the reverse, one day's auspiciousness and a
 * full almanac month, each run a different date 1901–2199. Then, against a running API (`npm start`
 * or BENCH_API_URL), `POST /api/v3/thai/lunar-date` and `POST /api/v3/thai/almanac` against
 * `POST /v1/natal-chart` on one enterprise account, every request authenticated and charged.
 */
export default async function bench(): Promise<void> {
  const first = epochDay('1901-01-01');
  const span = epochDay('2199-12-31') - first;
  const dateAt = (i: number) => isoOfEpochDay(first + Math.floor(((i * 0.6180339887) % 1) * span));
  const dates = Array.from({ length: 5_000 }, (_, i) => dateAt(i));
  const lunars = dates.map(civilToThaiLunar);
  const toLunar = timeInProcess('thai: civil → lunar date', (i) => civilToThaiLunar(dates[i % dates.length]), 20_000, 2_000);
  const toCivil = timeInProcess('thai: lunar → civil date', (i) => thaiLunarToCivil(lunars[i % lunars.length]), 20_000, 2_000);
  const verdict = timeInProcess(
    "thai: one day's auspiciousness",
    (i) => dayVerdictOf(dates[i % dates.length], { activity: 'wedding' }),
    20_000,
    2_000,
  );
  const month = timeInProcess('thai: almanac month', (i) => {
    const [y, m] = dates[i % dates.length].split('-').map(Number);
    return almanacMonth(y, m);
  });
  printTimings('Thai calendar in-process', [toLunar, toCivil, verdict, month], {
    'thai: civil → lunar date': 0.02,
    'thai: almanac month': 2,
  });

  let apiUrl: string;
  try {
    apiUrl = await requireRunningApi();
  } catch (err) {
    console.log(`\nHTTP comparison skipped: ${(err as Error).message}`);
    return;
  }
  const account = await benchmarkAccount();
  const headers = { Authorization: `Bearer ${account.apiKey}` };
  const randomPlace = () => ({ latitude: Math.random() * 120 - 60, longitude: Math.random() * 360 - 180 });
  let n = 0;
  const targets: [string, () => { method: 'POST'; path: string; body: string }][] = [
    [
      'POST /v1/natal-chart',
      () => ({
        method: 'POST',
        path: '/v1/natal-chart',
        body: JSON.stringify({ birth_datetime: randomInstant().toISOString(), ...randomPlace(), house_system: 'P' }),
      }),
    ],
    [
      'POST /api/v3/thai/lunar-date',
      () => ({ method: 'POST', path: '/api/v3/thai/lunar-date', body: JSON.stringify({ date: dateAt(n++) }) }),
    ],
    [
      'POST /api/v3/thai/almanac',
      () => {
        const [year, m] = dateAt(n++).split('-').map(Number);
        return { method: 'POST', path: '/api/v3/thai/almanac', body: JSON.stringify({ year, month: m }) };
      },
    ],
  ];
  const rows: [string, Figures][] = [];
  try {
    for (const [label, next] of targets) {
      const before = await account.chargeCount();
      const figures = await drive(label, apiUrl, headers, next);
      assertEveryServedRequestCharged(figures, (await account.chargeCount()) - before);
      rows.push([label, figures]);
    }
  } finally {
    await account.close();
  }
  const natal = rows[0][1].requestsPerSecond;
  console.log(`
Thai endpoints against POST /v1/natal-chart, ${machineLine()}
${CONNECTIONS} connections, ${DURATION_SECONDS} s each, one enterprise account; every request authenticated, rate limited, validated and charged

${figuresTable(rows)}

throughput / natal-chart: ${rows
    .slice(1)
    .map(([label, f]) => `${label} ${(f.requestsPerSecond / natal).toFixed(2)}`)
    .join(', ')} (target ≥ 1.00)`);
}
