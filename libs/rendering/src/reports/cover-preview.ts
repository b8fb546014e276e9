import { ResolvedBranding } from '../branding';
import { escapeHtml } from '../html';
import { reportDocument } from '../layout';
import { renderContext, ReportLocale } from './common';
import { fill } from '@astro/text';

/**
 * The first page of a report as the renderer draws it for a branding, with a sample client in place
 * of a real one: the same document shell, logo, brand colour and contacts as every report, so a
 * designer sees the cover before a report is ordered. `year` is the Gregorian year of the sample
 * title (a Thai edition writes it in the Buddhist Era).
 */
export function coverPreviewHtml(locale: ReportLocale, branding: ResolvedBranding, logoDataUrl: string | null, year: number): string {
  const ctx = renderContext(locale, branding, logoDataUrl);
  const sample = ctx.text.cover_preview;
  return reportDocument({
    lang: locale,
    title: fill(ctx.text.solar_return.title, { year: String(locale === 'th' ? year + 543 : year) }),
    subtitle: fill(ctx.text.prepared_for, { name: sample.name }),
    branding: ctx.branding,
    logoDataUrl,
    body: `<p class="muted">${escapeHtml(sample.note)}</p>`,
    pageLabel: ctx.text.page,
    cover: {
      people: [
        {
          rows: [
            [ctx.text.cover.born, sample.born],
            [ctx.text.cover.place, sample.place],
          ],
        },
      ],
    },
  });
}
