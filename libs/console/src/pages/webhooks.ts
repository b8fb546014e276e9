import { html, SafeHtml } from '../html';
import { actionButton, csrfField, Frame, Notice, page } from '../layout';
import { formatInstant } from '../text';
import { secretOnce } from './keys';
import { DeliveryRow, deliveriesTable } from './shared';

export interface SubscriptionRow {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
}

export interface HoroscopeRow {
  id: string;
  url: string;
  cadence: string;
  paused: boolean;
  enabled: boolean;
  next_runs: string[];
  recent_deliveries: DeliveryRow[];
}

export interface WebhooksData {
  report: SubscriptionRow[];
  visual: SubscriptionRow[];
  horoscopes: HoroscopeRow[];
  reportDeliveries: DeliveryRow[];
  visualDeliveries: DeliveryRow[];
}

/** Where a subscription's actions post: report webhooks, visual-reading subscriptions or horoscope deliveries. */
export type SubscriptionFamily = 'report' | 'visual' | 'horoscope';

function subscriptionsTable(frame: Frame, family: SubscriptionFamily, rows: SubscriptionRow[]): SafeHtml {
  const t = frame.text.webhooks;
  const c = t.columns;
  if (rows.length === 0) return html`<p>${t.none}</p>`;
  const base = (id: string) => `/console/webhooks/${family}/${encodeURIComponent(id)}`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">${c.url}</th>
        <th scope="col">${c.events}</th>
        <th scope="col">${c.state}</th>
        <th scope="col">${c.actions}</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (s) =>
          html`<tr>
            <td class="url">${s.url}</td>
            <td>${s.events.join(', ')}</td>
            <td>
              ${s.enabled ? t.enabled : t.paused}${s.disabled_reason ? html` <span class="help">(${s.disabled_reason})</span>` : null}
            </td>
            <td class="actions">
              ${
                s.enabled
                  ? actionButton(frame, `${base(s.id)}/pause`, t.pause, s.url)
                  : actionButton(frame, `${base(s.id)}/resume`, t.resume, s.url)
              }
              ${actionButton(frame, `${base(s.id)}/rotate-secret`, t.rotate_secret, s.url)}
            </td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

function horoscopesTable(frame: Frame, rows: HoroscopeRow[]): SafeHtml {
  const t = frame.text.webhooks;
  const c = t.columns;
  if (rows.length === 0) return html`<p>${t.none}</p>`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">${c.url}</th>
        <th scope="col">${t.cadence}</th>
        <th scope="col">${c.state}</th>
        <th scope="col">${t.next_run}</th>
        <th scope="col">${c.response}</th>
        <th scope="col">${c.actions}</th>
      </tr>
    </thead>
    <tbody>
      ${rows.map((h) => {
        const last = h.recent_deliveries[0];
        const base = `/console/webhooks/horoscope/${encodeURIComponent(h.id)}`;
        return html`<tr>
          <td class="url">${h.url}</td>
          <td>${h.cadence}</td>
          <td>${h.paused || !h.enabled ? t.paused : t.enabled}</td>
          <td>${formatInstant(frame.locale, h.next_runs[0])}</td>
          <td class="num">${last?.response_status ?? frame.text.app.none}</td>
          <td class="actions">
            ${h.paused ? actionButton(frame, `${base}/resume`, t.resume, h.url) : actionButton(frame, `${base}/pause`, t.pause, h.url)}
          </td>
        </tr>`;
      })}
    </tbody>
  </table>`;
}

export function webhooksPage(frame: Frame, data: WebhooksData, secret?: string, notice?: Notice): string {
  const t = frame.text.webhooks;
  return page(
    frame,
    t.title,
    'webhooks',
    html`<p>${t.intro}</p>
      ${secret ? secretOnce(frame, 'new-secret', secret, t.secret_once) : null}
      <section aria-labelledby="report-title">
        <h2 id="report-title">${t.report_title}</h2>
        ${subscriptionsTable(frame, 'report', data.report)}
        <details>
          <summary>${t.add_title}</summary>
          <form method="post" action="/console/webhooks/report" class="stack narrow">
            ${csrfField(frame)}
            <label for="url">${t.url}</label>
            <input id="url" name="url" type="url" required maxlength="2048" aria-describedby="url-help" />
            <p id="url-help" class="help">${t.url_help}</p>
            <label for="description">${t.description}</label>
            <input id="description" name="description" maxlength="500" />
            <button type="submit" class="primary">${t.add}</button>
          </form>
        </details>
      </section>
      <section aria-labelledby="report-deliveries-title">
        <h2 id="report-deliveries-title">${t.deliveries_title}</h2>
        ${deliveriesTable(frame, data.reportDeliveries, (d) =>
          d.status === 'succeeded' || d.status === 'exhausted'
            ? actionButton(frame, `/console/deliveries/${encodeURIComponent(d.id)}/retry`, frame.text.jobs.retry, d.id)
            : null,
        )}
      </section>
      <section aria-labelledby="visual-title">
        <h2 id="visual-title">${t.visual_title}</h2>
        ${subscriptionsTable(frame, 'visual', data.visual)}
      </section>
      <section aria-labelledby="visual-deliveries-title">
        <h2 id="visual-deliveries-title">${t.visual_deliveries_title}</h2>
        ${deliveriesTable(frame, data.visualDeliveries)}
      </section>
      <section aria-labelledby="horoscope-title">
        <h2 id="horoscope-title">${t.horoscope_title}</h2>
        ${horoscopesTable(frame, data.horoscopes)}
      </section>`,
    notice,
  );
}
