import { ApplicationFailure, Context } from '@temporalio/activity';
import { PlatformConfig } from '@astro/config';
import { ArtifactStore } from '@astro/jobs';
import { heartbeating } from './heartbeating';
import { rethrowActivityError } from './input-failure';
import { logoSources } from './logo-sources';
import { computeReportData, loadLogo, PdfRenderer, renderContext, reportHtml, reportJsonDocument, withTestMark } from '@astro/rendering';
import type { ReportActivities } from '@astro/workflows';

export const RENDER_FAILED = 'render_failed';

export function reportActivities(deps: { config: PlatformConfig; artifacts: ArtifactStore; renderer: PdfRenderer }): ReportActivities {
  const logos = logoSources(deps.config, deps.artifacts);
  return {
    async computeReport({ report }) {
      try {
        return computeReportData(report, deps.config.ephemerisPath);
      } catch (err) {
        rethrowActivityError(err);
      }
    },
    async renderReportPdf({ jobId, data, locale, branding, thaiDigits, livemode }) {
      const context = Context.current();
      const warnings: string[] = [];
      // An uploaded logo, a data: URL (sanitised and rasterised again) or a public URL; never a failure.
      const logo = await loadLogo(branding, logos);
      const logoDataUrl = logo.dataUrl;
      if (logo.warning) warnings.push(logo.warning);
      context.heartbeat('logo');
      const ctx = renderContext(locale, branding, logoDataUrl, { thaiDigits: thaiDigits ?? false });
      let pdf: Buffer;
      let html: string;
      try {
        html = reportHtml(data, ctx);
        // A test key's report: the TEST mark on every page of the PDF and over the hosted page.
        if (livemode === false) html = withTestMark(html, locale);
        pdf = await heartbeating('rendering', () => deps.renderer.render(html));
      } catch (err) {
        // Retried by the workflow's policy; after the last attempt the job fails with this code.
        throw ApplicationFailure.retryable(`rendering the PDF failed: ${(err as Error).message}`, RENDER_FAILED);
      }
      context.heartbeat('rendered');
      const artifact = await deps.artifacts.put(jobId, 'report.pdf', pdf, 'application/pdf');
      // The same document as a page to host, and as JSON (a Saju or BaZi report's document, any other's `{kind, data}`).
      const json = JSON.stringify(reportJsonDocument(data, ctx), null, 2);
      const more = {
        hosted: await deps.artifacts.put(jobId, 'report.html', Buffer.from(html), 'text/html; charset=utf-8'),
        json: await deps.artifacts.put(jobId, 'report.json', Buffer.from(json), 'application/json'),
      };
      return { artifact, more, warnings };
    },
  };
}
