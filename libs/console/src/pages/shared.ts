import { consolePath, html, SafeHtml } from '../html';
import { Frame } from '../layout';
import { formatInstant, formatNumber } from '../text';

/** A job as the lists show it (the API's JobSummary). */
export interface JobRow {
  job_id: string;
  kind: string;
  status: string;
  stage: string;
  credits_charged: number;
  credits_refunded: number;
  created_at: string;
  finished_at: string | null;
}

/** A delivery attempt as the delivery lists answer it. */
export interface DeliveryRow {
  id: string;
  subscription_id: string;
  report_job_id?: string;
  subject_id?: string;
  status: string;
  attempt: number;
  response_status: number | null;
  attempt_duration_ms: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export function statusBadge(frame: Frame, status: string): SafeHtml {
  const words = frame.text.status as Record<string, string>;
  return html`<span class="badge ${/^[a-z_]+$/.test(status) ? status : 'unknown'}">${words[status] ?? status}</span>`;
}

export function jobsTable(frame: Frame, jobs: JobRow[]): SafeHtml {
  const t = frame.text.jobs;
  const c = t.columns;
  if (jobs.length === 0) return html`<p>${t.none}</p>`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">${c.id}</th>
        <th scope="col">${c.kind}</th>
        <th scope="col">${c.status}</th>
        <th scope="col">${c.stage}</th>
        <th scope="col" class="num">${c.credits}</th>
        <th scope="col">${c.created}</th>
        <th scope="col">${c.finished}</th>
      </tr>
    </thead>
    <tbody>
      ${jobs.map(
        (job) =>
          html`<tr>
            <td>
              <a href="${consolePath(`/jobs/${encodeURIComponent(job.job_id)}`)}"><code>${job.job_id}</code></a>
            </td>
            <td>${job.kind}</td>
            <td>${statusBadge(frame, job.status)}</td>
            <td>${job.stage}</td>
            <td class="num">${formatNumber(frame.locale, job.credits_charged - job.credits_refunded)}</td>
            <td>${formatInstant(frame.locale, job.created_at)}</td>
            <td>${formatInstant(frame.locale, job.finished_at)}</td>
          </tr>`,
      )}
    </tbody>
  </table>`;
}

export function deliveriesTable(frame: Frame, deliveries: DeliveryRow[], retry?: (d: DeliveryRow) => SafeHtml | null): SafeHtml {
  const t = frame.text.webhooks;
  const c = t.columns;
  if (deliveries.length === 0) return html`<p>${t.none}</p>`;
  return html`<table>
    <thead>
      <tr>
        <th scope="col">${c.delivery}</th>
        <th scope="col">${c.subject}</th>
        <th scope="col">${c.status}</th>
        <th scope="col" class="num">${c.response}</th>
        <th scope="col" class="num">${c.attempt}</th>
        <th scope="col" class="num">${c.duration}</th>
        <th scope="col">${c.error}</th>
        <th scope="col">${c.when}</th>
        ${retry ? html`<th scope="col">${c.actions}</th>` : null}
      </tr>
    </thead>
    <tbody>
      ${deliveries.map((d) => {
        const subject = d.report_job_id ?? d.subject_id ?? '';
        return html`<tr>
          <td><code>${d.id}</code></td>
          <td>
            ${subject.startsWith('job_') || subject.startsWith('vrj_') ? html`<a href="${consolePath(`/jobs/${encodeURIComponent(subject)}`)}"><code>${subject}</code></a>` : html`<code>${subject}</code>`}
          </td>
          <td>${statusBadge(frame, d.status)}</td>
          <td class="num">${d.response_status ?? frame.text.app.none}</td>
          <td class="num">${d.attempt}</td>
          <td class="num">${d.attempt_duration_ms ?? frame.text.app.none}</td>
          <td class="error-text">${d.last_error ?? frame.text.app.none}</td>
          <td>${formatInstant(frame.locale, d.delivered_at ?? d.created_at)}</td>
          ${retry ? html`<td>${retry(d)}</td>` : null}
        </tr>`;
      })}
    </tbody>
  </table>`;
}
