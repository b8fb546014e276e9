import { ZODIAC_SIGNS } from '@astro/ephemeris';
import {
  assertEveryServedRequestCharged,
  benchmarkAccounts,
  drive,
  DURATION_SECONDS,
  figuresTable,
  interleaved,
  machineLine,
  randomInstant,
  requireRunningApi,
} from './http-load';

const SIGNS = ZODIAC_SIGNS.map((s) => s.toLowerCase());

/**
 * Target (docs/benchmarks.md): a published horoscope served from the read model answers at least as many
 * requests per second as GET /v1/planets, both through the running API (`npm start`), both
 * authenticated and charged. The 12 signs × 2 locales of one day are published by a warm-up pass,
 * so the measured requests only read.
 */
export default async function bench(): Promise<void> {
  const apiUrl = await requireRunningApi();
  const accounts = await benchmarkAccounts(1);
  const auth = { Authorization: `Bearer ${accounts.apiKeys[0]}` };
  try {
    const date = '2030-06-15';
    for (const sign of SIGNS)
      for (const locale of ['en', 'th'])
        await fetch(`${apiUrl}/api/v3/horoscopes/${sign}/daily?date=${date}&locale=${locale}`, { headers: auth });
    let n = 0;
    const rounds = Number(process.env.BENCH_ROUNDS || 4);
    const seconds = Math.max(2, Math.round(DURATION_SECONDS / 2));
    const before = await accounts.chargeCount();
    const [horoscopes, planets] = await interleaved(
      rounds,
      () =>
        drive(
          'API GET /api/v3/horoscopes/{sign}/daily (published)',
          apiUrl,
          {},
          () => ({
            method: 'GET',
            path: `/api/v3/horoscopes/${SIGNS[n % 12]}/daily?date=${date}&locale=${n++ % 24 < 12 ? 'en' : 'th'}`,
            headers: auth,
          }),
          seconds,
        ),
      () =>
        drive(
          'API GET /v1/planets',
          apiUrl,
          {},
          () => ({ method: 'GET', path: `/v1/planets?dt=${randomInstant().toISOString()}`, headers: auth }),
          seconds,
        ),
    );
    // Both targets charge the same account: every served request of either has its charge.
    assertEveryServedRequestCharged(
      {
        ...horoscopes,
        total: horoscopes.total + planets.total,
        non2xx: horoscopes.non2xx + planets.non2xx,
        errors: horoscopes.errors + planets.errors,
      },
      (await accounts.chargeCount()) - before,
      rounds * 2,
    );
    console.log(`
Published horoscopes against GET /v1/planets, ${machineLine()}, ${rounds} interleaved rounds of ${seconds} s each

${figuresTable([
  ['published horoscope', horoscopes],
  ['GET /v1/planets', planets],
])}

horoscope / planets throughput: ${(horoscopes.requestsPerSecond / planets.requestsPerSecond).toFixed(2)} (target ≥ 1.00)`);
  } finally {
    await accounts.close();
  }
}
