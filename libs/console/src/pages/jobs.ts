import { consolePath, html, SafeHtml } from '../html';
import { actionButton, Frame, Notice, page } from '../layout';
import { formatInstant, formatNumber } from '../text';
import { DeliveryRow, deliveriesTable, JobRow, jobsTable, statusBadge } from './shared';
import { fill } from '@astro/text';

export interface JobFilters {
  status?: string;
  kind?: string;
  created_from?: string;
  created_to?: string;
}

export const JOB_STATUS_FILTERS = ['queued', 'running', 'succeeded', 'failed'] as const;

export function jobsPage(frame: Frame, jobs: JobRow[], filters: JobFilters, nextCursor: string | null, notice?: Notice): string {
  const t = frame.text.jobs;
  const statuses = frame.text.status as Record<string, string>;
  return page(
    frame,
    t.title,
    'jobs',
    html`<p>${t.intro}</p>
      <form method="get" action="/console/jobs" class="filters" aria-label="${t.filters}">
        <div>
          <label for="status">${t.status}</label>
          <select id="status" name="status">
            <option value="">${t.any}</option>
            ${JOB_STATUS_FILTERS.map(
              (s) => html`<option value="${s}" ${filters.status === s ? html` selected` : null}>${statuses[s]}</option>`,
            )}
          </select>
        </div>
        <div>
          <label for="kind">${t.kind}</label>
          <input id="kind" name="kind" value="${filters.kind ?? ''}" maxlength="60" aria-describedby="kind-help" />
          <p id="kind-help" class="help">${t.kind_help}</p>
        </div>
        <div>
          <label for="created_from">${t.created_from}</label
          ><input id="created_from" name="created_from" type="date" value="${filters.created_from ?? ''}" />
        </div>
        <div>
          <label for="created_to">${t.created_to}</label
          ><input id="created_to" name="created_to" type="date" value="${filters.created_to ?? ''}" />
        </div>
        <div class="buttons"><button type="submit" class="primary">${t.apply}</button> <a href="/console/jobs">${t.reset}</a></div>
      </form>
      ${jobsTable(frame, jobs)}
      ${nextCursor ? html`<p><a href="${consolePath('/jobs', { ...filters, cursor: nextCursor })}">${frame.text.app.next_page}</a></p>` : null}`,
    notice,
  );
}

/** A job's record as both job routes answer it, brought to one shape by the console. */
export interface JobDetail {
  job_id: string;
  kind: string;
  status: string;
  stage: string;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  credits_charged: number;
  credits_refunded: number;
  error_code: string | null;
  error_message: string | null;
  artifacts: { name: string; url: string }[];
  warnings: string[];
}

function timeline(frame: Frame, job: JobDetail): SafeHtml {
  const t = frame.text.jobs;
  const n = (v: number) => formatNumber(frame.locale, v);
  const steps: { when: string | null; text: string; state: string }[] = [
    { when: job.created_at, text: fill(t.queued_at, { credits: n(job.credits_charged) }), state: 'done' },
  ];
  if (job.started_at) steps.push({ when: job.started_at, text: t.started_at, state: 'done' });
  if (job.status === 'queued' || job.status === 'running')
    steps.push({ when: null, text: fill(t.stage_now, { stage: job.stage }), state: 'current' });
  if (job.status === 'succeeded') steps.push({ when: job.finished_at, text: t.succeeded_at, state: 'done' });
  if (job.status === 'failed') {
    steps.push({ when: job.finished_at, text: fill(t.failed_at, { error: job.error_message ?? job.error_code ?? '' }), state: 'failed' });
  }
  if (job.credits_refunded > 0) steps.push({ when: null, text: fill(t.refunded, { credits: n(job.credits_refunded) }), state: 'done' });
  return html`<ol class="timeline">
    ${steps.map(
      (s) =>
        html`<li class="${s.state}">
          ${s.when ? html`<time datetime="${s.when}">${formatInstant(frame.locale, s.when)}</time> ` : null}<span>${s.text}</span>
        </li>`,
    )}
  </ol>`;
}

export function jobPage(frame: Frame, job: JobDetail, attempts: DeliveryRow[], notice?: Notice): string {
  const t = frame.text.jobs;
  const retry = (d: DeliveryRow) =>
    d.status === 'succeeded' || d.status === 'exhausted'
      ? actionButton(frame, `/console/deliveries/${encodeURIComponent(d.id)}/retry?job=${encodeURIComponent(job.job_id)}`, t.retry, d.id)
      : null;
  return page(
    frame,
    fill(t.detail_title, { id: job.job_id }),
    'jobs',
    html`<p>${job.kind} · ${statusBadge(frame, job.status)}</p>
      <section aria-labelledby="timeline-title">
        <h2 id="timeline-title">${t.timeline}</h2>
        ${timeline(frame, job)}
      </section>
      <section aria-labelledby="artifacts-title">
        <h2 id="artifacts-title">${t.artifacts}</h2>
        ${
          job.artifacts.length
            ? html`<ul class="artifacts">
                ${job.artifacts.map((a) => html`<li><a href="${a.url}" download>${fill(t.download, { name: a.name })}</a></li>`)}
              </ul>`
            : html`<p>${t.no_artifacts}</p>`
        }
        ${
          job.warnings.length
            ? html`<h3>${t.warnings}</h3>
                <ul>
                  ${job.warnings.map((w) => html`<li>${w}</li>`)}
                </ul>`
            : null
        }
      </section>
      <section aria-labelledby="attempts-title">
        <h2 id="attempts-title">${t.attempts}</h2>
        ${attempts.length ? deliveriesTable(frame, attempts, retry) : html`<p>${t.no_attempts}</p>`}
      </section>`,
    notice,
  );
}
