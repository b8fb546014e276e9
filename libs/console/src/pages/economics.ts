import type { z } from 'zod';
import type { VisualEconomics } from '@astro/contracts';
import { html } from '../html';
import { Frame, page } from '../layout';
import { formatNumber } from '../text';

/** The reading economics answer, as `GET /v1/visual-readings/economics` gives it. */
export type EconomicsData = z.infer<typeof VisualEconomics>;

export function economicsPage(frame: Frame, data: EconomicsData): string {
  const t = frame.text.economics;
  const c = t.columns;
  const n = (v: number) => formatNumber(frame.locale, v);
  const rate = (v: number | null) => (v === null ? frame.text.app.none : `${(v * 100).toFixed(1)} %`);
  return page(
    frame,
    t.title,
    'economics',
    html`<p>${t.intro}</p>
      ${
        data.lines.length
          ? html`<table>
              <thead>
                <tr>
                  <th scope="col">${c.line}</th>
                  <th scope="col" class="num">${c.price}</th>
                  <th scope="col" class="num">${c.jobs}</th>
                  <th scope="col" class="num">${c.succeeded}</th>
                  <th scope="col" class="num">${c.failed}</th>
                  <th scope="col" class="num">${c.in_progress}</th>
                  <th scope="col" class="num">${c.charged}</th>
                  <th scope="col" class="num">${c.refunded}</th>
                  <th scope="col" class="num">${c.refund_rate}</th>
                  <th scope="col" class="num">${c.median}</th>
                </tr>
              </thead>
              <tbody>
                ${data.lines.map(
                  (l) =>
                    html`<tr>
                      <th scope="row">${l.family} · ${l.sku}</th>
                      <td class="num">${n(l.price_credits)}</td>
                      <td class="num">${n(l.jobs)}</td>
                      <td class="num">${n(l.succeeded)}</td>
                      <td class="num">${n(l.failed)}</td>
                      <td class="num">${n(l.in_progress)}</td>
                      <td class="num">${n(l.credits_charged)}</td>
                      <td class="num">${n(l.credits_refunded)}</td>
                      <td class="num">${rate(l.refund_rate)}</td>
                      <td class="num">
                        ${l.median_seconds_to_result === null ? frame.text.app.none : l.median_seconds_to_result.toFixed(1)}
                      </td>
                    </tr>`,
                )}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">${t.totals}</th>
                  <td></td>
                  <td class="num">${n(data.totals.jobs)}</td>
                  <td></td>
                  <td></td>
                  <td></td>
                  <td class="num">${n(data.totals.credits_charged)}</td>
                  <td class="num">${n(data.totals.credits_refunded)}</td>
                  <td class="num">${rate(data.totals.refund_rate)}</td>
                  <td></td>
                </tr>
              </tfoot>
            </table>`
          : html`<p>${t.none}</p>`
      }`,
  );
}
