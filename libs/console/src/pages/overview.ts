import { consolePath, html } from '../html';
import { Frame, page } from '../layout';
import { usageChart, UsageDay } from '../usage-chart';
import { formatDay, formatNumber } from '../text';
import { DeliveryRow, deliveriesTable, JobRow, jobsTable } from './shared';
import { fill } from '@astro/text';

export interface OverviewData {
  account: { name: string; tier: string; credits_balance: number };
  usage: { from: string; to: string; totals: { credits_used: number }; days: UsageDay[] };
  jobs: JobRow[];
  failing: DeliveryRow[];
}

export function overviewPage(frame: Frame, data: OverviewData): string {
  const t = frame.text.overview;
  const n = (v: number) => formatNumber(frame.locale, v);
  const caption = fill(t.usage_caption, {
    from: formatDay(frame.locale, data.usage.from),
    to: formatDay(frame.locale, data.usage.to),
    total: n(data.usage.totals.credits_used),
  });
  return page(
    frame,
    t.title,
    'overview',
    html`<dl class="figures">
        <div>
          <dt>${t.balance}</dt>
          <dd>${n(data.account.credits_balance)}</dd>
        </div>
        <div>
          <dt>${t.tier}</dt>
          <dd>${data.account.tier}</dd>
        </div>
        <div>
          <dt>${t.used_30}</dt>
          <dd>${n(data.usage.totals.credits_used)}</dd>
        </div>
      </dl>
      <section aria-labelledby="usage-title">
        <h2 id="usage-title">${t.usage_title}</h2>
        <figure>
          ${usageChart(frame.locale, data.usage.days, caption)}
          <figcaption>${caption}</figcaption>
        </figure>
        <details>
          <summary>${t.usage_table}</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">${t.date}</th>
                <th scope="col" class="num">${t.credits}</th>
                <th scope="col" class="num">${t.calls}</th>
              </tr>
            </thead>
            <tbody>
              ${data.usage.days.map(
                (d) =>
                  html`<tr>
                    <td>${formatDay(frame.locale, d.date)}</td>
                    <td class="num">${n(d.credits_used)}</td>
                    <td class="num">${n(d.calls)}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </details>
      </section>
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">${t.recent_jobs}</h2>
        ${data.jobs.length ? jobsTable(frame, data.jobs) : html`<p>${t.no_jobs}</p>`}
        <p><a href="${consolePath('/jobs')}">${t.all_jobs}</a></p>
      </section>
      <section aria-labelledby="failing-title">
        <h2 id="failing-title">${t.failing}</h2>
        ${data.failing.length ? deliveriesTable(frame, data.failing) : html`<p>${t.no_failing}</p>`}
      </section>`,
  );
}
