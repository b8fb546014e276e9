import { PRICES, TarotCard, TarotReading, TarotReadingRequest } from '@astro/contracts';
import { Database } from '@astro/database';
import { readStream } from '@astro/ledger';
import { createAccount, TestApi } from './support/harness';
import { useTestPlatform } from './support/fixture';

let db: Database;
let api: TestApi;

useTestPlatform((p) => ({ db, api } = p));

const chargesOf = async (accountId: string) => (await readStream(db, `account:${accountId}`)).filter((e) => e.type === 'CreditsCharged');
const picks = (body: TarotReading) => body.cards.map((c) => `${c.card.id}:${c.orientation}`);

describe('POST /api/v3/tarot/readings', () => {
  it('is reproducible with a seed: the same seed and spread give the same cards for every caller (the first call: the recorded OpenAPI example)', async () => {
    const first = await createAccount(db, { credits: 10 });
    const second = await createAccount(db, { credits: 10 });
    const body = { spread: 'three_card', seed: 'example', allow_reversed: true };
    const a = await api.http.post('/api/v3/tarot/readings', body, { key: first.apiKey });
    const b = await api.http.post('/api/v3/tarot/readings', { ...body, locale: 'th' }, { key: second.apiKey });
    expect(a.status).toBe(200);
    expect(picks(a.body)).toEqual(['queen-of-wands:reversed', 'five-of-cups:reversed', 'four-of-cups:upright']);
    expect(picks(b.body)).toEqual(picks(a.body));
  });

  it('draws a Celtic Cross with meanings and a synthesis, and charges tarot_reading once', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      '/api/v3/tarot/readings',
      { spread: 'celtic_cross', question: 'งานใหม่จะเป็นอย่างไร', locale: 'th' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    expect(TarotReading.safeParse(response.body).error?.issues ?? []).toEqual([]);
    expect(response.body.cards).toHaveLength(10);
    expect(response.body.cards[0].position.name).toEqual({ en: 'The present', th: 'ปัจจุบัน' });
    expect(response.body.synthesis).toMatch(/[\u0E00-\u0E7F]/);
    expect(response.body.seed).toBeNull();
    expect((await chargesOf(accountId)).map((c) => c.payload)).toEqual([
      { operation: 'tarot_reading', amount: PRICES.tarot_reading.credits, request_id: response.headers.get('x-request-id') },
    ]);
  });

  it('reads each position with its card and names the pattern of the spread, in both languages', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      '/api/v3/tarot/readings',
      { spread: 'horseshoe', seed: 'pattern-7', locale: 'th' },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    const body = response.body as TarotReading;
    for (const drawn of body.cards) {
      expect(drawn.interpretation.en).toContain(drawn.orientation);
      expect(drawn.interpretation.en).toContain(drawn.meaning.en);
      expect(drawn.interpretation.th).toContain(`ไพ่${drawn.card.name.th}`);
      expect(drawn.interpretation.th).toContain(drawn.meaning.th);
    }
    expect(body.pattern.major_arcana + body.pattern.minor_arcana).toBe(7);
    expect(body.pattern.reversed).toBe(body.cards.filter((c) => c.orientation === 'reversed').length);
    expect(body.synthesis).toBe(body.synthesis_localized.th);
    expect(body.synthesis).not.toMatch(/[A-Za-z]{3,}/);
    expect(body.svg).toBeUndefined();
  });

  it('draws the spread with the card faces on request (include_svg), in the reading’s language, reversed cards upside down', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post(
      '/api/v3/tarot/readings',
      { spread: 'three_card', seed: 'example', locale: 'th', include_svg: true },
      { key: apiKey },
    );
    expect(response.status).toBe(200);
    const body = response.body as TarotReading;
    expect(TarotReading.safeParse(body).error?.issues ?? []).toEqual([]);
    expect(picks(body)).toEqual(['queen-of-wands:reversed', 'five-of-cups:reversed', 'four-of-cups:upright']);
    const svg = body.svg!;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(
      [...svg.matchAll(/data-card="([a-z-]+)"( data-reversed="true")?/g)].map((m) => `${m[1]}:${m[2] ? 'reversed' : 'upright'}`),
    ).toEqual(picks(body));
    for (const drawn of body.cards) expect(svg).toContain(`>${drawn.card.name.th}</text>`);
    expect(svg).toContain('>1 · อดีต</text>');
    expect(svg).not.toMatch(/<script|[\u2660-\u2667]/);
    expect(await chargesOf(accountId)).toHaveLength(1);
  });

  it('answers the OpenAPI example for the example request (scripts/tarot-numerology-uranian-examples.ts)', async () => {
    const { apiKey } = await createAccount(db, { credits: 10 });
    const response = await api.http.post('/api/v3/tarot/readings', TarotReadingRequest.meta()!.example, { key: apiKey });
    expect(response.body).toEqual(TarotReading.meta()!.example);
  });

  it('an unknown spread or an empty seed is a 400 naming the field and charges nothing', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const spread = await api.http.post('/api/v3/tarot/readings', { spread: 'pyramid' }, { key: apiKey });
    expect(spread.status).toBe(400);
    expect(spread.body.message).toMatch(/spread:/);
    const seed = await api.http.post('/api/v3/tarot/readings', { spread: 'single', seed: '' }, { key: apiKey });
    expect(seed.status).toBe(400);
    expect(seed.body.message).toMatch(/seed: must be 1 to 128 characters/);
    expect(await chargesOf(accountId)).toEqual([]);
  });
});

describe('GET /api/v3/tarot/cards', () => {
  it('lists the 78 cards and one card by id, free of charge; an unknown id is a 404', async () => {
    const { accountId, apiKey } = await createAccount(db, { credits: 10 });
    const deck = await api.http.get('/api/v3/tarot/cards', { key: apiKey });
    expect(deck.status).toBe(200);
    expect(deck.body.count).toBe(78);
    const card = await api.http.get('/api/v3/tarot/cards/the-star', { key: apiKey });
    expect(card.status).toBe(200);
    expect(TarotCard.safeParse(card.body).success).toBe(true);
    expect(card.body.upright.th).toMatch(/[\u0E00-\u0E7F]/);
    expect((await api.http.get('/api/v3/tarot/cards/the-nothing', { key: apiKey })).status).toBe(404);
    expect((await api.http.get('/api/v3/tarot/cards/BAD_ID', { key: apiKey })).status).toBe(400);
    expect(await chargesOf(accountId)).toEqual([]);
  });
});

describe('OpenAPI document', () => {
  it('lists the Horoscopes, Tarot & Numerology and Uranian routes under their tags, with examples', async () => {
    const json = await api.http.get('/docs-json');
    expect(json.status).toBe(200);
    const tagOf = (path: string, method: string) => json.body.paths[path]?.[method]?.tags?.[0];
    expect(tagOf('/api/v3/horoscopes/{sign}/{period}', 'get')).toBe('Horoscopes');
    expect(tagOf('/api/v3/horoscopes/{sign}', 'get')).toBe('Horoscopes');
    expect(tagOf('/api/v3/horoscopes/personal', 'post')).toBe('Horoscopes');
    expect(tagOf('/api/v3/tarot/readings', 'post')).toBe('Tarot & Numerology');
    expect(tagOf('/api/v3/tarot/cards', 'get')).toBe('Tarot & Numerology');
    expect(tagOf('/api/v3/tarot/cards/{id}', 'get')).toBe('Tarot & Numerology');
    expect(tagOf('/api/v3/numerology/profile', 'post')).toBe('Tarot & Numerology');
    expect(tagOf('/api/v3/numerology/compatibility', 'post')).toBe('Tarot & Numerology');
    expect(tagOf('/api/v3/uranian/chart', 'post')).toBe('Uranian');
    expect(tagOf('/api/v3/uranian/dial', 'post')).toBe('Uranian');
    expect(json.body.paths['/api/v3/tarot/readings'].post['x-credits']).toBe(PRICES.tarot_reading.credits);
    for (const id of ['TarotReadingRequest', 'NumerologyProfileRequest', 'UranianChartRequest', 'PersonalHoroscopeRequest']) {
      expect(json.body.components.schemas[id]).toBeDefined();
    }
  });
});
