import { ZODIAC_SIGNS } from '@astro/ephemeris';
import { assertEveryServedRequestCharged, benchmarkAccounts, drive, figuresTable, machineLine, randomInstant, requireRunningApi } from './http-load';

const SIGNS = ZODIAC_SIGNS.map((s) => s.toLowerCase());

/**
 * Target of issue 19: a published horoscope served from the read model answers at least as many
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
    for (const sign of SIGNS) for (const locale of ['en', 'th']) await fetch(`${apiUrl}/api/v3/horoscopes/${sign}/daily?date=${date}&locale=${locale}`, { headers: auth });
    let n = 0;
    const before = await accounts.chargeCount();
    const horoscopes = await drive('API GET /api/v3/horoscopes/{sign}/daily (published)', apiUrl, {}, () => ({
      method: 'GET',
      path: `/api/v3/horoscopes/${SIGNS[n % 12]}/daily?date=${date}&locale=${n++ % 24 < 12 ? 'en' : 'th'}`,
      headers: auth,
    }));
    assertEveryServedRequestCharged(horoscopes, (await accounts.chargeCount()) - before);
    const planetsBefore = await accounts.chargeCount();
    const planets = await drive('API GET /v1/planets', apiUrl, {}, () => ({ method: 'GET', path: `/v1/planets?dt=${randomInstant().toISOString()}`, headers: auth }));
    assertEveryServedRequestCharged(planets, (await accounts.chargeCount()) - planetsBefore);
    console.log(`
Published horoscopes against GET /v1/planets, ${machineLine()}

${figuresTable([['published horoscope', horoscopes], ['GET /v1/planets', planets]])}

horoscope / planets throughput: ${(horoscopes.requestsPerSecond / planets.requestsPerSecond).toFixed(2)} (target ≥ 1.00)`);
  } finally {
    await accounts.close();
  }
}
