import { html, SafeHtml } from '../html';
import { actionButton, csrfField, Frame, Notice, page } from '../layout';
import { formatInstant, formatNumber } from '../text';
import { fill } from '@astro/text';

export interface KeyRow {
  id: string;
  label: string;
  key_prefix: string;
  status: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string | null;
  usage: { requests: number };
}

/** A key shown once: just created, or the new key of a rotation (with the old key's end of overlap). */
export interface IssuedKey {
  key: string;
  label: string;
  previousValidUntil?: string;
}

/** A secret shown once, with a copy button that the console's script wires up (without script, select and copy). */
export function secretOnce(frame: Frame, id: string, secret: string, message: string): SafeHtml {
  return html`<div class="secret" role="status">
    <p>${message}</p>
    <p>
      <output id="${id}" class="secret-value">${secret}</output>
      <button type="button" class="secondary copy" data-copy="${id}" data-copied="${frame.text.keys.copied}" hidden>
        ${frame.text.keys.copy}
      </button>
    </p>
  </div>`;
}

export function keysPage(frame: Frame, keys: KeyRow[], issued?: IssuedKey, notice?: Notice): string {
  const t = frame.text.keys;
  const c = t.columns;
  const statuses = t.status as Record<string, string>;
  const shown = issued
    ? secretOnce(
        frame,
        'new-key',
        issued.key,
        issued.previousValidUntil
          ? `${fill(t.rotated, { label: issued.label, until: formatInstant(frame.locale, issued.previousValidUntil) })} ${t.shown_once}`
          : t.shown_once,
      )
    : null;
  const rows = keys.map((k) => {
    const usable = k.status === 'active';
    return html`<tr>
      <td>${k.label}</td>
      <td><code>${k.key_prefix}…</code></td>
      <td><span class="badge ${k.status}">${statuses[k.status] ?? k.status}</span></td>
      <td>${formatInstant(frame.locale, k.created_at)}</td>
      <td>${k.last_used_at ? formatInstant(frame.locale, k.last_used_at) : frame.text.app.never}</td>
      <td>${formatInstant(frame.locale, k.expires_at)}</td>
      <td class="num">${formatNumber(frame.locale, k.usage.requests)}</td>
      <td class="actions">
        ${
          usable
            ? html`${actionButton(frame, `/console/keys/${encodeURIComponent(k.id)}/rotate`, t.rotate, k.label)}
              ${actionButton(frame, `/console/keys/${encodeURIComponent(k.id)}/revoke`, t.revoke, k.label, 'danger')}`
            : k.status === 'rotating'
              ? actionButton(frame, `/console/keys/${encodeURIComponent(k.id)}/revoke`, t.revoke, k.label, 'danger')
              : null
        }
      </td>
    </tr>`;
  });
  return page(
    frame,
    t.title,
    'keys',
    html`<p>${t.intro}</p>
      ${shown}
      <section aria-labelledby="new-key-title">
        <h2 id="new-key-title">${t.new_title}</h2>
        <form method="post" action="/console/keys" class="stack narrow">
          ${csrfField(frame)}
          <label for="label">${t.label}</label>
          <input id="label" name="label" required maxlength="100" aria-describedby="label-help" />
          <p id="label-help" class="help">${t.label_help}</p>
          <button type="submit" class="primary">${t.create}</button>
        </form>
      </section>
      ${
        keys.length
          ? html`<table>
              <thead>
                <tr>
                  <th scope="col">${c.label}</th>
                  <th scope="col">${c.prefix}</th>
                  <th scope="col">${c.status}</th>
                  <th scope="col">${c.created}</th>
                  <th scope="col">${c.last_used}</th>
                  <th scope="col">${c.expires}</th>
                  <th scope="col" class="num">${c.requests}</th>
                  <th scope="col">${c.actions}</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`
          : html`<p>${t.none}</p>`
      }`,
    notice,
  );
}
