import { fill, toThaiDigits } from '@astro/text';
import { NatalChartResult } from '@astro/western';
import { reportDocument } from '../layout';
import { birthFacts, RenderContext } from './common';
import { computeSolarReturn, SolarReturnData, SolarReturnInput, solarReturnBody, solarReturnTitle } from './solar-return-report';
import { computeSynastry, SynastryData, SynastryInput, synastryBody, synastryTitle } from './synastry-report';
import {
  computeTransitWindow,
  TransitWindowData,
  TransitWindowInput,
  transitWindowBody,
  transitWindowTitle,
} from './transit-window-report';
import { computeVedicKundli, VedicKundliData, VedicKundliInput, vedicKundliBody, vedicKundliTitle } from './vedic-kundli-report';
import {
  computeVedicMatching,
  VedicMatchingData,
  VedicMatchingInput,
  vedicMatchingBody,
  vedicMatchingTitle,
} from './vedic-matching-report';
import { personFacts, vedicText } from './vedic-common';

export const REPORT_KINDS = ['synastry_premium', 'transit_window', 'solar_return', 'vedic_kundli', 'vedic_matching'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export type ReportInput =
  | { kind: 'synastry_premium'; input: SynastryInput }
  | { kind: 'transit_window'; input: TransitWindowInput }
  | { kind: 'solar_return'; input: SolarReturnInput }
  | { kind: 'vedic_kundli'; input: VedicKundliInput }
  | { kind: 'vedic_matching'; input: VedicMatchingInput };

export type ReportData =
  | { kind: 'synastry_premium'; data: SynastryData }
  | { kind: 'transit_window'; data: TransitWindowData }
  | { kind: 'solar_return'; data: SolarReturnData }
  | { kind: 'vedic_kundli'; data: VedicKundliData }
  | { kind: 'vedic_matching'; data: VedicMatchingData };

/** The astronomy of a report (plain data, no text): the compute step of the report workflow. */
export function computeReportData(report: ReportInput, ephemerisPath: string): ReportData {
  switch (report.kind) {
    case 'synastry_premium':
      return { kind: report.kind, data: computeSynastry(report.input, ephemerisPath) };
    case 'transit_window':
      return { kind: report.kind, data: computeTransitWindow(report.input, ephemerisPath) };
    case 'solar_return':
      return { kind: report.kind, data: computeSolarReturn(report.input, ephemerisPath) };
    case 'vedic_kundli':
      return { kind: report.kind, data: computeVedicKundli(report.input, ephemerisPath) };
    case 'vedic_matching':
      return { kind: report.kind, data: computeVedicMatching(report.input, ephemerisPath) };
  }
}

/** The whole HTML document of a report in the context's language and branding. */
export function reportHtml(report: ReportData, ctx: RenderContext): string {
  const [heading, written] = documentOf(report, ctx);
  const digits = ctx.thaiDigits ? toThaiDigits : (text: string) => text;
  const body = ctx.locale === 'th' ? thaiSpacingInHtml(written) : written;
  return reportDocument({
    lang: ctx.locale,
    title: digits(heading.title),
    subtitle: digits(heading.subtitle),
    branding: ctx.branding,
    logoDataUrl: ctx.logoDataUrl,
    body: ctx.thaiDigits ? thaiDigitsInHtml(body) : body,
    pageLabel: ctx.text.page,
    pageCounterStyle: ctx.thaiDigits ? 'thai' : 'decimal',
    cover: { people: coverPeople(report, ctx).map((p) => ({ name: p.name, rows: p.rows.map(([l, v]) => [l, digits(v)]) })) },
    contentsTitle: ctx.text.contents,
  });
}

/** A report's title and subtitle, and its body before the edition's digits and spacing. */
function documentOf(report: ReportData, ctx: RenderContext): [{ title: string; subtitle: string }, string] {
  switch (report.kind) {
    case 'synastry_premium':
      return [synastryTitle(ctx, report.data), synastryBody(ctx, report.data)];
    case 'transit_window':
      return [transitWindowTitle(ctx, report.data), transitWindowBody(ctx, report.data)];
    case 'solar_return':
      return [solarReturnTitle(ctx, report.data), solarReturnBody(ctx, report.data)];
    case 'vedic_kundli':
      return [vedicKundliTitle(ctx, report.data), vedicKundliBody(ctx, report.data)];
    case 'vedic_matching':
      return [vedicMatchingTitle(ctx, report.data), vedicMatchingBody(ctx, report.data)];
  }
}

/** The birth data on a report's cover, per person (named where there are two). */
function coverPeople(report: ReportData, ctx: RenderContext): { name?: string; rows: [string, string][] }[] {
  switch (report.kind) {
    case 'synastry_premium':
      return [report.data.a, report.data.b].map((p) => ({ name: p.name, rows: [...birthFacts(ctx, p.birth), chartFact(ctx, p.natal)] }));
    case 'transit_window':
      return [{ rows: [...birthFacts(ctx, report.data.birth), chartFact(ctx, report.data.natal)] }];
    case 'solar_return':
      return [{ rows: [...birthFacts(ctx, report.data.birth), chartFact(ctx, report.data.chart)] }];
    case 'vedic_kundli':
      return [{ rows: [...personFacts(ctx, report.data.person), [ctx.text.cover.chart, vedicText(ctx.locale).names.cover_chart]] }];
    case 'vedic_matching':
      return [report.data.a, report.data.b].map((p) => ({ name: p.person.name, rows: personFacts(ctx, p.person) }));
  }
}

/** The zodiac and the house system the charts were cast in, as an astrologer checks them first. */
function chartFact(ctx: RenderContext, chart: NatalChartResult): [string, string] {
  const names = ctx.text.house_system_names as Record<string, string>;
  return [ctx.text.cover.chart, fill(ctx.text.cover.chart_value, { system: names[chart.houseSystemUsed] ?? chart.houseSystemUsed })];
}

/**
 * Rewrites the text of an HTML fragment between its tags, never inside a tag (attributes, URLs), a
 * <style> or an <svg> (coordinates; the wheel keeps its own labels).
 */
function mapHtmlText(html: string, rewrite: (text: string) => string): string {
  let skip = 0;
  return html.replace(/(<[^>]*>)|([^<]+)/g, (_whole, tag: string | undefined, text: string | undefined) => {
    if (tag !== undefined) {
      if (/^<(style|svg)\b/i.test(tag) && !tag.endsWith('/>')) skip++;
      else if (/^<\/(style|svg)\s*>/i.test(tag)) skip = Math.max(0, skip - 1);
      return tag;
    }
    return skip > 0 ? text! : rewrite(text!);
  });
}

/**
 * A Thai word after a closing bracket or a number is set off by a space, as Thai typesetting does
 * ("กลางฟ้า (MC) ของ", "เรือนที่ 11 ของ"): templates that put a name, a number or a bracketed
 * abbreviation before a Thai word cannot all know what follows them. Only text between tags changes.
 */
export function thaiSpacingInHtml(html: string): string {
  return mapHtmlText(html, (text) => text.replace(/([)\d])(?=[\u0E01-\u0E2E\u0E40-\u0E44])/g, '$1 '));
}

/** Thai digits in the text of an HTML fragment; character references (&#39;) keep their digits. */
export function thaiDigitsInHtml(html: string): string {
  return mapHtmlText(html, (text) =>
    text
      .split(/(&#?[0-9a-zA-Z]+;)/)
      .map((part, i) => (i % 2 === 1 ? part : toThaiDigits(part)))
      .join(''),
  );
}
