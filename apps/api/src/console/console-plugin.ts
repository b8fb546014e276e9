import { createHash } from 'node:crypto';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  brandFormPage,
  BrandRow,
  brandsPage,
  CONSOLE_CSS,
  CONSOLE_JS,
  ConsoleLocale,
  DeliveryRow,
  economicsPage,
  errorPage,
  EconomicsData,
  Frame,
  frameFor,
  JobDetail,
  JobFilters,
  jobPage,
  JobRow,
  jobsPage,
  KeyRow,
  keysPage,
  Notice,
  overviewPage,
  OverviewData,
  signInPage,
  webhooksPage,
  WebhooksData,
} from '@astro/console';
import { LOGO_LIMITS } from '@astro/contracts';
import { REPORT_CSP } from '@astro/rendering';
import {
  ApiRefusal,
  ConsoleApi,
  consoleReturnPath,
  cookiesOf,
  csrfMatches,
  csrfTokenOf,
  LANGUAGE_COOKIE,
  localeOf,
  sameOrigin,
  sendPage,
  SESSION_COOKIE,
  setCookie,
} from './console-http';

/** What a signed-in request of the console has: the session's API client and the page frame. */
interface Signed {
  token: string;
  api: ConsoleApi;
  frame: Frame;
}

class SignedOut extends Error {}
class ForgedForm extends Error {}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const ASSETS = {
  'console.css': { type: 'text/css; charset=utf-8', body: CONSOLE_CSS },
  'console.js': { type: 'text/javascript; charset=utf-8', body: CONSOLE_JS },
} as const;
const ASSET_ETAG = Object.fromEntries(
  Object.entries(ASSETS).map(([name, a]) => [name, `"${createHash('sha256').update(a.body).digest('hex').slice(0, 16)}"`]),
);

/** The `done` codes a redirect after a change carries, and where each page finds its words. */
const DONE: Record<string, (frame: Frame) => string> = {
  revoked: (f) => f.text.keys.revoked,
  brand_created: (f) => f.text.brands.created,
  brand_saved: (f) => f.text.brands.saved,
  retried: (f) => f.text.jobs.retried,
  paused: (f) => f.text.webhooks.paused_done,
  resumed: (f) => f.text.webhooks.resumed_done,
  signed_out: (f) => f.text.sign_in.signed_out,
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const nonEmpty = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
const queryOf = (request: FastifyRequest) => request.query as Record<string, unknown>;

function doneNotice(request: FastifyRequest, frame: Frame): Notice | undefined {
  const done = text(queryOf(request).done);
  return done && DONE[done] ? { kind: 'ok', text: DONE[done](frame) } : undefined;
}

function refusalNotice(frame: Frame, err: ApiRefusal): Notice {
  return { kind: 'error', text: frame.text.app.failed.replace('{message}', () => err.message) };
}

/**
 * The console at /console: server-rendered pages in English and Thai (docs/console.md), each a
 * client of the public API with the customer session kept in an HttpOnly cookie. This file and
 * console-http.ts are the console's HTTP adapter, the only console code that reads Fastify's
 * request and writes its reply: the pages are @astro/console's functions of plain values.
 */
export function registerConsole(app: FastifyInstance): void {
  // Not awaited: Fastify loads the plugin with the others when the app starts, so its routes (and the
  // routes registered before it) get the error handler Nest installs at init, as every route does.
  void app.register(
    async (scope) => {
      await scope.register(formbody, { bodyLimit: 64 * 1024 });
      await scope.register(multipart, {
        limits: { fileSize: LOGO_LIMITS.uploadMaxBytes, files: 1, fields: 20, fieldSize: 4096, parts: 21 },
      });
      consoleRoutes(scope, app);
    },
    { prefix: '/console' },
  );
}

function consoleRoutes(scope: FastifyInstance, app: FastifyInstance): void {
  /** The session of a request, checked by the API itself (GET /v1/account); none sends the browser to sign in. */
  async function signedIn(request: FastifyRequest, locale: ConsoleLocale): Promise<Signed> {
    const token = cookiesOf(request)[SESSION_COOKIE];
    if (!token) throw new SignedOut();
    const api = new ConsoleApi(app, token, request.ip);
    const account = await api.call<{ name: string }>('GET', '/v1/account');
    if (account.status === 401) throw new SignedOut();
    if (account.status >= 400)
      throw new ApiRefusal(account.status, (account.body as { message?: string })?.message ?? `HTTP ${account.status}`);
    return { token, api, frame: frameFor(locale, request.url, { csrf: csrfTokenOf(token), accountName: account.body.name }) };
  }

  /** A page or action of a signed-in user: sign-in when the session is gone, the error page when the API refused. */
  const signedPage =
    (handle: (signed: Signed, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>, changes = false): Handler =>
    async (request, reply) => {
      const locale = localeOf(request);
      let signed: Signed | undefined;
      try {
        signed = await signedIn(request, locale);
        if (changes) {
          const body = (request.body ?? {}) as Record<string, unknown>;
          // A multipart form checks its token itself, after reading its fields (brand forms).
          if (!sameOrigin(request) || (!request.isMultipart() && !csrfMatches(signed.token, body.csrf))) throw new ForgedForm();
        }
        return await handle(signed, request, reply);
      } catch (err) {
        if (err instanceof SignedOut) {
          setCookie(reply, request, SESSION_COOKIE, '', 0);
          return reply.redirect('/console/sign-in', 303);
        }
        const frame = signed?.frame ?? frameFor(locale, request.url);
        if (err instanceof ForgedForm) return sendPage(reply, errorPage(frame, { kind: 'error', text: frame.text.app.form_expired }), 403);
        if (err instanceof ApiRefusal) {
          // The API's answer, as the page's status: a 404 of an unknown job, a 429 of the rate limit, …
          const status = err.status >= 500 ? 502 : err.status === 401 ? 403 : err.status;
          return sendPage(reply, errorPage(frame, refusalNotice(frame, err)), status);
        }
        throw err;
      }
    };

  scope.get('/', async (_request, reply) => reply.redirect('/console/overview', 303));

  scope.get('/assets/:name', async (request, reply) => {
    const name = (request.params as { name: string }).name as keyof typeof ASSETS;
    const asset = ASSETS[name];
    if (!asset) return reply.status(404).header('Content-Type', 'text/plain; charset=utf-8').send('not found');
    if (request.headers['if-none-match'] === ASSET_ETAG[name]) return reply.status(304).send();
    return reply.header('Content-Type', asset.type).header('ETag', ASSET_ETAG[name]).header('Cache-Control', 'no-cache').send(asset.body);
  });

  scope.get('/language', async (request, reply) => {
    const query = queryOf(request);
    const to = query.to === 'th' ? 'th' : 'en';
    setCookie(reply, request, LANGUAGE_COOKIE, to, 365 * 86_400);
    return reply.redirect(consoleReturnPath(query.next), 303);
  });

  // ----- sign-in -----
  scope.get('/sign-in', async (request, reply) => {
    const frame = frameFor(localeOf(request), request.url);
    return sendPage(reply, signInPage(frame, { notice: doneNotice(request, frame) }));
  });

  scope.post('/sign-in', async (request, reply) => {
    const frame = frameFor(localeOf(request), request.url);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const email = text(body.email) ?? '';
    if (!sameOrigin(request))
      return sendPage(reply, signInPage(frame, { email, notice: { kind: 'error', text: frame.text.app.form_expired } }), 403);
    // The API's own login: its throttling per e-mail and address applies (the browser's address is passed on).
    const login = await new ConsoleApi(app, null, request.ip).call<{ token: string; expires_at: string; message?: string }>(
      'POST',
      '/v1/sessions',
      {
        email,
        password: text(body.password) ?? '',
      },
    );
    if (login.status !== 201) {
      const notice: Notice =
        login.status === 401 || login.status === 400
          ? { kind: 'error', text: frame.text.sign_in.wrong }
          : refusalNotice(frame, new ApiRefusal(login.status, login.body?.message ?? `HTTP ${login.status}`));
      if (login.headers['retry-after']) void reply.header('Retry-After', String(login.headers['retry-after']));
      return sendPage(reply, signInPage(frame, { email, notice }), login.status === 429 ? 429 : 401);
    }
    setCookie(reply, request, SESSION_COOKIE, login.body.token, (Date.parse(login.body.expires_at) - Date.now()) / 1000);
    return reply.redirect('/console/overview', 303);
  });

  scope.post(
    '/sign-out',
    signedPage(async (_signed, request, reply) => {
      setCookie(reply, request, SESSION_COOKIE, '', 0);
      return reply.redirect('/console/sign-in?done=signed_out', 303);
    }, true),
  );

  // ----- overview -----
  scope.get(
    '/overview',
    signedPage(async ({ api, frame }, _request, reply) => {
      const [account, usage, jobs, failed, exhausted] = await Promise.all([
        api.expect<OverviewData['account']>('GET', '/v1/account'),
        api.expect<OverviewData['usage']>('GET', '/v1/account/usage'),
        api.expect<{ jobs: JobRow[] }>('GET', '/api/v3/jobs?limit=5'),
        api.expect<{ deliveries: DeliveryRow[] }>('GET', '/v1/report-webhooks/deliveries?status=failed&limit=5'),
        api.expect<{ deliveries: DeliveryRow[] }>('GET', '/v1/report-webhooks/deliveries?status=exhausted&limit=5'),
      ]);
      const failing = [...failed.deliveries, ...exhausted.deliveries].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 5);
      return sendPage(reply, overviewPage(frame, { account, usage, jobs: jobs.jobs, failing }));
    }),
  );

  // ----- API keys -----
  const keyList = (api: ConsoleApi) => api.expect<{ keys: KeyRow[] }>('GET', '/v1/api-keys?include_inactive=true').then((r) => r.keys);

  scope.get(
    '/keys',
    signedPage(async ({ api, frame }, request, reply) =>
      sendPage(reply, keysPage(frame, await keyList(api), undefined, doneNotice(request, frame))),
    ),
  );

  scope.post(
    '/keys',
    signedPage(async ({ api, frame }, request, reply) => {
      const label = text((request.body as Record<string, unknown>).label) ?? '';
      const created = await api.call<{ key: string; api_key: KeyRow; message?: string }>('POST', '/v1/api-keys', { label });
      if (created.status !== 201) {
        return sendPage(
          reply,
          keysPage(frame, await keyList(api), undefined, refusalNotice(frame, new ApiRefusal(created.status, created.body?.message ?? ''))),
          created.status,
        );
      }
      return sendPage(reply, keysPage(frame, await keyList(api), { key: created.body.key, label: created.body.api_key.label }));
    }, true),
  );

  scope.post(
    '/keys/:id/rotate',
    signedPage(async ({ api, frame }, request, reply) => {
      const id = (request.params as { id: string }).id;
      const rotated = await api.call<{ key: string; api_key: KeyRow; previous: KeyRow; message?: string }>(
        'POST',
        `/v1/api-keys/${encodeURIComponent(id)}/rotate`,
      );
      if (rotated.status !== 201) {
        return sendPage(
          reply,
          keysPage(frame, await keyList(api), undefined, refusalNotice(frame, new ApiRefusal(rotated.status, rotated.body?.message ?? ''))),
          rotated.status,
        );
      }
      const issued = {
        key: rotated.body.key,
        label: rotated.body.previous.label,
        previousValidUntil: rotated.body.previous.expires_at ?? undefined,
      };
      return sendPage(reply, keysPage(frame, await keyList(api), issued));
    }, true),
  );

  scope.post(
    '/keys/:id/revoke',
    signedPage(async ({ api }, request, reply) => {
      await api.expect('DELETE', `/v1/api-keys/${encodeURIComponent((request.params as { id: string }).id)}`);
      return reply.redirect('/console/keys?done=revoked', 303);
    }, true),
  );

  // ----- brand profiles -----
  scope.get(
    '/brands',
    signedPage(async ({ api, frame }, request, reply) => {
      const list = await api.expect<{ profiles: BrandRow[] }>('GET', '/v1/report-brand-profiles?limit=100');
      return sendPage(reply, brandsPage(frame, list.profiles, doneNotice(request, frame)));
    }),
  );

  scope.get(
    '/brands/new',
    signedPage(async ({ frame }, _request, reply) => sendPage(reply, brandFormPage(frame, null, frame.locale))),
  );

  const previewLocale = (request: FastifyRequest, frame: Frame) => {
    const asked = queryOf(request).preview;
    return asked === 'th' || asked === 'en' ? asked : frame.locale;
  };

  scope.get(
    '/brands/:id',
    signedPage(async ({ api, frame }, request, reply) => {
      const profile = await api.expect<BrandRow>(
        'GET',
        `/v1/report-brand-profiles/${encodeURIComponent((request.params as { id: string }).id)}`,
      );
      return sendPage(reply, brandFormPage(frame, profile, previewLocale(request, frame), doneNotice(request, frame)));
    }),
  );

  const saveBrand = (existing: boolean): Handler =>
    signedPage(async ({ api, token, frame }, request, reply) => {
      const id = existing ? (request.params as { id: string }).id : null;
      const form = await readBrandForm(request);
      if (!csrfMatches(token, form.fields.csrf)) throw new ForgedForm();
      const current = id ? await api.expect<BrandRow>('GET', `/v1/report-brand-profiles/${encodeURIComponent(id)}`) : null;
      const refused = (err: ApiRefusal) =>
        sendPage(reply, brandFormPage(frame, current, frame.locale, refusalNotice(frame, err), form.fields), err.status);
      try {
        const branding: Record<string, string> = {};
        for (const field of [
          'brand_name',
          'primary_color',
          'contact_email',
          'contact_phone',
          'contact_url',
          'tone',
          'audience',
          'safety_mode',
        ]) {
          const value = nonEmpty(form.fields[field]);
          if (value !== undefined) branding[field] = value;
        }
        if (form.logo) branding.logo_upload_id = await uploadLogo(api, form.logo);
        const body = { name: nonEmpty(form.fields.name) ?? '', branding };
        const saved = id
          ? await api.expect<BrandRow>('PATCH', `/v1/report-brand-profiles/${encodeURIComponent(id)}`, body)
          : await api.expect<BrandRow>('POST', '/v1/report-brand-profiles', body);
        return reply.redirect(`/console/brands/${encodeURIComponent(saved.id)}?done=${id ? 'brand_saved' : 'brand_created'}`, 303);
      } catch (err) {
        if (err instanceof ApiRefusal) return refused(err);
        throw err;
      }
    }, true);
  scope.post('/brands', saveBrand(false));
  scope.post('/brands/:id', saveBrand(true));

  scope.get(
    '/brands/:id/cover',
    signedPage(async ({ api }, request, reply) => {
      const id = (request.params as { id: string }).id;
      const locale = queryOf(request).locale === 'th' ? 'th' : 'en';
      const cover = await api.call<unknown>('GET', `/v1/report-brand-profiles/${encodeURIComponent(id)}/cover-preview?locale=${locale}`);
      if (cover.status !== 200)
        return reply
          .status(cover.status === 401 ? 403 : cover.status)
          .header('Content-Type', 'text/plain; charset=utf-8')
          .send('');
      // The renderer's own document and policy (no script, no network), framed only by the console.
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', `${REPORT_CSP}; sandbox; frame-ancestors 'self'`)
        .header('X-Frame-Options', 'SAMEORIGIN')
        .header('Cache-Control', 'no-store')
        .send(cover.text);
    }),
  );

  // ----- jobs -----
  scope.get(
    '/jobs',
    signedPage(async ({ api, frame }, request, reply) => {
      const query = queryOf(request);
      const filters: JobFilters = {
        status: nonEmpty(query.status),
        kind: nonEmpty(query.kind),
        created_from: nonEmpty(query.created_from),
        created_to: nonEmpty(query.created_to),
      };
      const params = new URLSearchParams({ limit: '25' });
      for (const [key, value] of Object.entries({ ...filters, cursor: nonEmpty(query.cursor) })) if (value) params.set(key, value);
      const answer = await api.call<{ jobs: JobRow[]; next_cursor: string | null; message?: string }>('GET', `/api/v3/jobs?${params}`);
      if (answer.status !== 200) {
        const notice = refusalNotice(frame, new ApiRefusal(answer.status, answer.body?.message ?? ''));
        return sendPage(reply, jobsPage(frame, [], filters, null, notice), answer.status);
      }
      return sendPage(reply, jobsPage(frame, answer.body.jobs, filters, answer.body.next_cursor));
    }),
  );

  scope.get(
    '/jobs/:id',
    signedPage(async ({ api, frame }, request, reply) => {
      const id = (request.params as { id: string }).id;
      const { job, attempts } = await jobWithAttempts(api, id);
      return sendPage(reply, jobPage(frame, job, attempts, doneNotice(request, frame)));
    }),
  );

  scope.post(
    '/deliveries/:id/retry',
    signedPage(async ({ api }, request, reply) => {
      await api.expect('POST', `/v1/report-webhooks/deliveries/${encodeURIComponent((request.params as { id: string }).id)}/retry`);
      const job = text(queryOf(request).job);
      return reply.redirect(
        job && /^job_[a-f0-9]{24}$/.test(job) ? `/console/jobs/${job}?done=retried` : '/console/webhooks?done=retried',
        303,
      );
    }, true),
  );

  // ----- webhooks and deliveries -----
  const webhooksData = async (api: ConsoleApi): Promise<WebhooksData> => {
    const [report, visual, horoscopes, reportDeliveries, visualDeliveries] = await Promise.all([
      api.expect<{ subscriptions: WebhooksData['report'] }>('GET', '/v1/report-webhooks?limit=100'),
      api.expect<{ subscriptions: WebhooksData['visual'] }>('GET', '/v1/visual-reading-deliveries/subscriptions?limit=100'),
      api.expect<{ horoscope_deliveries: WebhooksData['horoscopes'] }>('GET', '/v1/horoscope-deliveries?limit=100'),
      api.expect<{ deliveries: DeliveryRow[] }>('GET', '/v1/report-webhooks/deliveries?limit=20'),
      api.expect<{ deliveries: DeliveryRow[] }>('GET', '/v1/visual-reading-deliveries/events?limit=20'),
    ]);
    return {
      report: report.subscriptions,
      visual: visual.subscriptions,
      horoscopes: horoscopes.horoscope_deliveries,
      reportDeliveries: reportDeliveries.deliveries,
      visualDeliveries: visualDeliveries.deliveries,
    };
  };

  scope.get(
    '/webhooks',
    signedPage(async ({ api, frame }, request, reply) =>
      sendPage(reply, webhooksPage(frame, await webhooksData(api), undefined, doneNotice(request, frame))),
    ),
  );

  scope.post(
    '/webhooks/report',
    signedPage(async ({ api, frame }, request, reply) => {
      const body = request.body as Record<string, unknown>;
      const created = await api.call<{ secret: string; message?: string }>('POST', '/v1/report-webhooks', {
        url: text(body.url) ?? '',
        events: ['report.completed'],
        ...(nonEmpty(body.description) ? { description: nonEmpty(body.description) } : {}),
      });
      if (created.status !== 201) {
        const notice = refusalNotice(frame, new ApiRefusal(created.status, created.body?.message ?? ''));
        return sendPage(reply, webhooksPage(frame, await webhooksData(api), undefined, notice), created.status);
      }
      return sendPage(
        reply,
        webhooksPage(frame, await webhooksData(api), created.body.secret, { kind: 'ok', text: frame.text.webhooks.added_done }),
      );
    }, true),
  );

  const SUBSCRIPTION_PATHS = {
    report: '/v1/report-webhooks',
    visual: '/v1/visual-reading-deliveries/subscriptions',
    horoscope: '/v1/horoscope-deliveries',
  };
  scope.post(
    '/webhooks/:family/:id/:action',
    signedPage(async ({ api, frame }, request, reply) => {
      const { family, id, action } = request.params as { family: string; id: string; action: string };
      const base = SUBSCRIPTION_PATHS[family as keyof typeof SUBSCRIPTION_PATHS];
      if (!base || !['pause', 'resume', 'rotate-secret'].includes(action) || (family === 'horoscope' && action === 'rotate-secret')) {
        throw new ApiRefusal(404, 'no such action');
      }
      const path = `${base}/${encodeURIComponent(id)}`;
      if (action === 'rotate-secret') {
        const rotated = await api.expect<{ secret: string }>('POST', `${path}/rotate-secret`);
        return sendPage(reply, webhooksPage(frame, await webhooksData(api), rotated.secret));
      }
      const pause = action === 'pause';
      await api.expect('PATCH', path, family === 'horoscope' ? { paused: pause } : { enabled: !pause });
      return reply.redirect(`/console/webhooks?done=${pause ? 'paused' : 'resumed'}`, 303);
    }, true),
  );

  // ----- visual-reading economics -----
  scope.get(
    '/economics',
    signedPage(async ({ api, frame }, _request, reply) =>
      sendPage(reply, economicsPage(frame, await api.expect<EconomicsData>('GET', '/v1/visual-readings/economics'))),
    ),
  );
}

interface BrandForm {
  fields: Record<string, string>;
  logo: { bytes: Buffer; contentType: string } | null;
}

/** A brand form (multipart, for its logo): its text fields, and the logo file when one was chosen. */
async function readBrandForm(request: FastifyRequest): Promise<BrandForm> {
  const fields: Record<string, string> = {};
  let logo: BrandForm['logo'] = null;
  if (!request.isMultipart()) {
    for (const [key, value] of Object.entries((request.body ?? {}) as Record<string, unknown>))
      if (typeof value === 'string') fields[key] = value;
    return { fields, logo };
  }
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'logo' && bytes.length > 0) logo = { bytes, contentType: part.mimetype };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, logo };
}

/** A logo through the public upload routes, as any client uploads one: create, PUT the bytes, complete. */
async function uploadLogo(api: ConsoleApi, logo: { bytes: Buffer; contentType: string }): Promise<string> {
  const created = await api.expect<{ upload_id: string; upload_url: string }>('POST', '/api/v3/visual-readings/uploads', {
    kind: 'logo',
    content_type: logo.contentType,
    byte_size: logo.bytes.length,
  });
  const stored = await api.call<{ message?: string }>('PUT', created.upload_url, undefined, logo);
  if (stored.status >= 400) throw new ApiRefusal(stored.status, stored.body?.message ?? `HTTP ${stored.status}`);
  await api.expect('POST', `/api/v3/visual-readings/uploads/${created.upload_id}/complete`);
  return created.upload_id;
}

/** A report or visual-reading job in the one shape the job page shows, with its webhook attempts. */
async function jobWithAttempts(api: ConsoleApi, id: string): Promise<{ job: JobDetail; attempts: DeliveryRow[] }> {
  const artifactLinks = (entries: [string, { url: string | null }][]) =>
    entries.filter(([, a]) => typeof a.url === 'string' && a.url.startsWith('/v1/artifacts/')).map(([name, a]) => ({ name, url: a.url! }));
  if (id.startsWith('vrj_')) {
    const [poll, events] = await Promise.all([
      api.expect<{
        job: Record<string, unknown> & { id: string; family: string; credits: number };
        artifacts: Record<string, { url: string | null }>;
      }>('GET', `/api/v3/visual-readings/jobs/${encodeURIComponent(id)}`),
      api.expect<{ deliveries: DeliveryRow[] }>(
        'GET',
        `/v1/visual-reading-deliveries/events?subject_id=${encodeURIComponent(id)}&limit=50`,
      ),
    ]);
    const j = poll.job as unknown as JobDetail & { id: string; family: string; credits: number };
    return {
      job: {
        ...j,
        job_id: j.id,
        kind: `visual_${j.family}`,
        credits_charged: j.credits,
        artifacts: artifactLinks(Object.entries(poll.artifacts)),
        warnings: [],
      },
      attempts: events.deliveries,
    };
  }
  const [record, deliveries] = await Promise.all([
    api.expect<Omit<JobDetail, 'artifacts'> & { artifacts: Record<string, { url: string }> }>(
      'GET',
      `/api/v3/jobs/${encodeURIComponent(id)}`,
    ),
    api.expect<{ deliveries: DeliveryRow[] }>('GET', `/v1/report-webhooks/deliveries?report_job_id=${encodeURIComponent(id)}&limit=50`),
  ]);
  return { job: { ...record, artifacts: artifactLinks(Object.entries(record.artifacts)) }, attempts: deliveries.deliveries };
}
