import { Database } from '@astro/database';
import { findAccount } from '@astro/ledger';
import { logoRasterisations } from '@astro/rendering';
import { useTestPlatform } from './support/fixture';
import { createAccount, TestApi } from './support/harness';

/**
 * Free CPU from SVG logos (an attacker's probe): a 1.6 KB SVG with blur filters took 0.8 s of the
 * API's event loop, a 2 KB `<use>` tree 16 s, and the developer preflight took 50 of them per
 * request, free. A drawing over the limits is refused with a 400 naming the field before anything
 * draws it, whatever is drawn runs in a budgeted child process, and a preflight draws nothing.
 */
let db: Database;
let api: TestApi;
useTestPlatform((p) => ({ db, api } = p));

const SVG_NS = 'http://www.w3.org/2000/svg';
const dataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;

/** The probe's blur logo: one filter of blurs run over every rectangle. */
const BLUR_LOGO =
  `<svg xmlns="${SVG_NS}" width="600" height="600"><filter id="b" x="-50%" y="-50%" width="200%" height="200%">` +
  `${'<feGaussianBlur stdDeviation="12"/>'.repeat(6)}</filter>${'<rect width="600" height="600" filter="url(#b)"/>'.repeat(12)}</svg>`;

/** The probe's `<use>` tree: six levels of ten copies of the level below (10^6 rectangles). */
function useTreeLogo(): string {
  let svg = `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100"><defs><g id="a0"><rect width="1" height="1"/></g>`;
  for (let level = 1; level <= 6; level++) svg += `<g id="a${level}">${`<use xlink:href="#a${level - 1}"/>`.repeat(10)}</g>`;
  return `${svg}</defs><use xlink:href="#a6"/></svg>`;
}

/** At the filter limits, the most expensive logo allowed: 4 full-size rectangles through 4 blurs each. */
const HEAVY_BUT_ALLOWED_LOGO =
  `<svg xmlns="${SVG_NS}" width="600" height="600"><filter id="b">${'<feGaussianBlur stdDeviation="20"/>'.repeat(4)}</filter>` +
  `${'<rect width="600" height="600" fill="#1a7f5a" filter="url(#b)"/>'.repeat(4)}</svg>`;

/** A plain logo with a drop shadow. */
const PLAIN_LOGO =
  `<svg xmlns="${SVG_NS}" width="200" height="50"><filter id="s"><feGaussianBlur stdDeviation="2"/><feOffset dx="1" dy="1"/></filter>` +
  '<rect width="200" height="50" fill="#e67e22" filter="url(#s)"/></svg>';

const BIRTH = { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };

describe('SVG logos cannot buy CPU', () => {
  it.each([
    ['the blur-filter logo', BLUR_LOGO, /branding\.logo_url: the SVG runs 72 filter primitives to draw .*more than 16/],
    ['the deep <use> tree', useTreeLogo(), /branding\.logo_url: the SVG nests <use> 7 deep .*more than 4/],
  ])('refuses %s as a brand profile logo and a report logo with a 400 naming the field, charging nothing', async (_, svg, message) => {
    const { accountId, apiKey } = await createAccount(db, { tier: 'pro', credits: 100 });
    const before = logoRasterisations();
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Hostile', branding: { brand_name: 'Hostile', logo_url: dataUrl(svg) } },
      { key: apiKey },
    );
    expect([profile.status, profile.body.error, profile.body.message]).toEqual([400, 'bad_request', expect.stringMatching(message)]);
    const report = await api.http.post(
      '/api/v3/reports/solar-return/pdf',
      { birth_subject: BIRTH, target_year: 2026, name: 'Somchai Jaidee', branding: { logo_url: dataUrl(svg) } },
      { key: apiKey },
    );
    expect([report.status, report.body.message]).toEqual([400, expect.stringMatching(message)]);
    expect((await findAccount(db, accountId))!.balance).toBe(100);
    // Refused by the sanitiser's limits: nothing was handed to the rasteriser.
    expect(logoRasterisations()).toBe(before);
  });

  it('refuses the <use> tree as an uploaded logo, naming file', async () => {
    const { apiKey } = await createAccount(db, { tier: 'pro' });
    const bytes = Buffer.from(useTreeLogo());
    const created = await api.http.post(
      '/api/v3/visual-readings/uploads',
      { kind: 'logo', content_type: 'image/svg+xml', byte_size: bytes.length },
      { key: apiKey },
    );
    await api.http.request('PUT', created.body.upload_url, { raw: bytes, contentType: 'image/svg+xml' });
    const completed = await api.http.post(`/api/v3/visual-readings/uploads/${created.body.upload_id}/complete`, undefined, { key: apiKey });
    expect([completed.status, completed.body.message]).toEqual([400, expect.stringMatching(/file: the SVG nests <use> 7 deep/)]);
  });

  it('answers a preflight of 50 hostile logos without drawing any, and the real endpoint draws a logo only in the budgeted rasteriser', async () => {
    const { apiKey } = await createAccount(db, { tier: 'pro', credits: 100 });
    const logos = Array.from({ length: 50 }, (_, i) => [BLUR_LOGO, useTreeLogo(), HEAVY_BUT_ALLOWED_LOGO][i % 3]);
    const before = logoRasterisations();
    const preflight = await api.http.post(
      '/api/v3/developer/preflight',
      {
        operations: logos.map((svg) => ({
          operation: 'report_solar_return',
          body: { birth_subject: BIRTH, target_year: 2026, name: 'Somchai Jaidee', branding: { logo_url: dataUrl(svg) } },
        })),
      },
      { key: apiKey },
    );
    expect(preflight.status).toBe(200);
    const validations = preflight.body.operations.map(
      (o: { validation: { valid: boolean; status: number | null; message: string | null } }) => o.validation,
    );
    expect(validations).toHaveLength(50);
    logos.forEach((svg, i) => {
      if (svg === HEAVY_BUT_ALLOWED_LOGO) expect(validations[i]).toMatchObject({ valid: true });
      else
        expect(validations[i]).toMatchObject({
          valid: false,
          status: 400,
          message: expect.stringMatching(/^invalid body: branding\.logo_url: the SVG /),
        });
    });
    // A dry run checks each logo (sanitised, within its limits) and draws none of them.
    expect(logoRasterisations()).toBe(before);

    // The real endpoint does draw a logo it accepts, in the rasteriser's child process (which the counter counts).
    const profile = await api.http.post(
      '/v1/report-brand-profiles',
      { name: 'Plain', branding: { brand_name: 'Plain', logo_url: dataUrl(PLAIN_LOGO) } },
      { key: apiKey },
    );
    expect(profile.status).toBe(201);
    expect(logoRasterisations()).toBe(before + 1);
  });
});
