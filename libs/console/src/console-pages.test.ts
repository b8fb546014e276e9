import { brandsPage, frameFor, html, jobsPage, keysPage, overviewPage, webhooksPage } from './index';
import { consoleText } from './text';

const HOSTILE = `<img src=x onerror="alert(1)">"'&`;
const frame = (locale: 'en' | 'th') => frameFor(locale, '/console/keys', { csrf: 'token', accountName: HOSTILE });

describe('console pages', () => {
  it('encode every interpolated value, and take markup only from other templates', () => {
    expect(html`<p title="${HOSTILE}">${HOSTILE}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&quot;&#39;&amp;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&quot;&#39;&amp;</p>',
    );
    expect(html`<div>${html`<b>${'a<b'}</b>`}</div>`.value).toBe('<div><b>a&lt;b</b></div>');
  });

  it('show hostile brand names, labels, URLs and delivery errors as text, with no inline script or style', () => {
    const pages = [
      keysPage(frame('en'), [
        {
          id: 'key_0123456789abcdef01234567',
          label: HOSTILE,
          key_prefix: 'ak_live_ab',
          status: 'active',
          created_at: '2026-01-01T00:00:00Z',
          last_used_at: null,
          expires_at: null,
          usage: { requests: 3 },
        },
      ]),
      brandsPage(frame('en'), [
        {
          id: 'brand_0123456789abcdef01234567',
          name: HOSTILE,
          branding: { brand_name: HOSTILE, primary_color: `red" onload="x` },
          updated_at: '2026-01-01T00:00:00Z',
        },
      ]),
      webhooksPage(frame('th'), {
        report: [
          {
            id: 'whs_0123456789abcdef01234567',
            url: `https://x.example/?a=${HOSTILE}`,
            events: ['report.completed'],
            enabled: true,
            disabled_reason: HOSTILE,
          },
        ],
        visual: [],
        horoscopes: [],
        reportDeliveries: [
          {
            id: 'msg_1',
            subscription_id: 'whs_1',
            report_job_id: 'job_0123456789abcdef01234567',
            status: 'exhausted',
            attempt: 3,
            response_status: 500,
            attempt_duration_ms: 12,
            last_error: HOSTILE,
            created_at: '2026-01-01T00:00:00Z',
            delivered_at: null,
          },
        ],
        visualDeliveries: [],
      }),
      jobsPage(frame('th'), [], { kind: HOSTILE }, null),
    ];
    for (const page of pages) {
      expect(page).not.toContain('<img src=x');
      // No inline script, no style attribute, no event handler attribute (attributes read as name="value" pairs).
      expect(page).not.toMatch(/<script>|<script [^>]*>[^<]/i);
      expect(page).not.toMatch(/<[a-z]+(\s+[a-z-]+(="[^"]*")?)*\s+(style|on[a-z]+)=/i);
      expect(page).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    }
    // A colour that is not #rrggbb is shown as text only, never drawn.
    expect(pages[1]).not.toContain('fill="red');
  });

  it('write the Thai console in Thai: the same keys as the English one, a Thai page with lang="th"', () => {
    const keys = (value: unknown, prefix = ''): string[] =>
      value && typeof value === 'object' ? Object.entries(value).flatMap(([k, v]) => keys(v, `${prefix}${k}.`)) : [prefix];
    expect(keys(consoleText('th'))).toEqual(keys(consoleText('en')));
    const page = overviewPage(frame('th'), {
      account: { name: 'Lotus', tier: 'pro', credits_balance: 1200 },
      usage: {
        from: '2026-11-07',
        to: '2026-12-06',
        totals: { credits_used: 45 },
        days: [{ date: '2026-12-06', credits_used: 45, calls: 3 }],
      },
      jobs: [],
      failing: [],
    });
    expect(page).toContain('<html lang="th">');
    expect(page).toContain('ภาพรวม');
    expect(page).toContain('lang="en"'); // the switch to English names itself in English
  });
});
