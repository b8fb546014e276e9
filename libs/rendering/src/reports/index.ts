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
import { BaziReportInput, computeBaziReport, computeSajuReport, FourPillarsData, SajuReportInput } from './four-pillars/compute';
import { FourPillarsDocument } from './four-pillars/document';
import { fourPillarsBody, fourPillarsDocument } from './four-pillars/report';
import { computeVedicKundli, VedicKundliData, VedicKundliInput, vedicKundliBody, vedicKundliTitle } from './vedic-kundli-report';
import {
  computeVedicMatching,
  VedicMatchingData,
  VedicMatchingInput,
  vedicMatchingBody,
  vedicMatchingTitle,
} from './vedic-matching-report';
import { personFacts, vedicText } from './vedic-common';
import { computeThaiLife, ThaiLifeData, ThaiLifeInput, thaiLifeBody, thaiLifeCover, thaiLifeTitle } from './thai-life/report';
import { computeQimenReport, qimenBody, qimenCover, QimenReportData, QimenReportInput, qimenTitle } from './qimen/report';
import { computeTarotReport, tarotBody, tarotCover, TarotReportData, TarotReportInput, tarotTitle } from './tarot/report';

export const REPORT_KINDS = [
  'synastry_premium',
  'transit_window',
  'solar_return',
  'saju',
  'bazi',
  'vedic_kundli',
  'vedic_matching',
  'thai_life',
  'qimen',
  'tarot',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export type ReportInput =
  | { kind: 'synastry_premium'; input: SynastryInput }
  | { kind: 'transit_window'; input: TransitWindowInput }
  | { kind: 'solar_return'; input: SolarReturnInput }
  | { kind: 'saju'; input: SajuReportInput }
  | { kind: 'bazi'; input: BaziReportInput }
  | { kind: 'vedic_kundli'; input: VedicKundliInput }
  | { kind: 'vedic_matching'; input: VedicMatchingInput }
  | { kind: 'thai_life'; input: ThaiLifeInput }
  | { kind: 'qimen'; input: QimenReportInput }
  | { kind: 'tarot'; input: TarotReportInput };

export type ReportData =
  | { kind: 'synastry_premium'; data: SynastryData }
  | { kind: 'transit_window'; data: TransitWindowData }
  | { kind: 'solar_return'; data: SolarReturnData }
  | { kind: 'saju'; data: FourPillarsData }
  | { kind: 'bazi'; data: FourPillarsData }
  | { kind: 'vedic_kundli'; data: VedicKundliData }
  | { kind: 'vedic_matching'; data: VedicMatchingData }
  | { kind: 'thai_life'; data: ThaiLifeData }
  | { kind: 'qimen'; data: QimenReportData }
  | { kind: 'tarot'; data: TarotReportData };

/** The astronomy of a report (plain data, no text): the compute step of the report workflow. */
export function computeReportData(report: ReportInput, ephemerisPath: string): ReportData {
  switch (report.kind) {
    case 'synastry_premium':
      return { kind: report.kind, data: computeSynastry(report.input, ephemerisPath) };
    case 'transit_window':
      return { kind: report.kind, data: computeTransitWindow(report.input, ephemerisPath) };
    case 'solar_return':
      return { kind: report.kind, data: computeSolarReturn(report.input, ephemerisPath) };
    case 'saju':
      return { kind: report.kind, data: computeSajuReport(report.input, ephemerisPath) };
    case 'bazi':
      return { kind: report.kind, data: computeBaziReport(report.input, ephemerisPath) };
    case 'vedic_kundli':
      return { kind: report.kind, data: computeVedicKundli(report.input, ephemerisPath) };
    case 'vedic_matching':
      return { kind: report.kind, data: computeVedicMatching(report.input, ephemerisPath) };
    case 'thai_life':
      return { kind: report.kind, data: computeThaiLife(report.input) };
    case 'qimen':
      return { kind: report.kind, data: computeQimenReport(report.input, ephemerisPath) };
    case 'tarot':
      return { kind: report.kind, data: computeTarotReport(report.input) };
  }
}

/**
 * The report as a JSON document (the job's `json` artifact): a Saju or BaZi report, written from a
 * document first, is that document; any other report is every value it computed, `{kind, data}`.
 */
export function reportJsonDocument(report: ReportData, ctx: RenderContext): FourPillarsDocument | ReportData {
  return report.kind === 'saju' || report.kind === 'bazi' ? fourPillarsDocument(report.kind, report.data, ctx) : report;
}

type CoverPerson = { name?: string; rows: [string, string][] };

/** The title, the body (before the edition's digits and spacing) and the cover rows of a report, per person (named where there are two). */
function reportParts(
  report: ReportData,
  ctx: RenderContext,
): { heading: { title: string; subtitle: string }; written: string; cover: CoverPerson[] } {
  switch (report.kind) {
    case 'synastry_premium':
      return {
        heading: synastryTitle(ctx, report.data),
        written: synastryBody(ctx, report.data),
        cover: [report.data.a, report.data.b].map((p) => ({ name: p.name, rows: [...birthFacts(ctx, p.birth), chartFact(ctx, p.natal)] })),
      };
    case 'transit_window':
      return {
        heading: transitWindowTitle(ctx, report.data),
        written: transitWindowBody(ctx, report.data),
        cover: [{ rows: [...birthFacts(ctx, report.data.birth), chartFact(ctx, report.data.natal)] }],
      };
    case 'solar_return':
      return {
        heading: solarReturnTitle(ctx, report.data),
        written: solarReturnBody(ctx, report.data),
        cover: [{ rows: [...birthFacts(ctx, report.data.birth), chartFact(ctx, report.data.chart)] }],
      };
    case 'saju':
    case 'bazi': {
      const doc = fourPillarsDocument(report.kind, report.data, ctx);
      return { heading: doc, written: fourPillarsBody(doc, ctx), cover: [{ rows: doc.cover }] };
    }
    case 'vedic_kundli':
      return {
        heading: vedicKundliTitle(ctx, report.data),
        written: vedicKundliBody(ctx, report.data),
        cover: [{ rows: [...personFacts(ctx, report.data.person), [ctx.text.cover.chart, vedicText(ctx.locale).names.cover_chart]] }],
      };
    case 'vedic_matching':
      return {
        heading: vedicMatchingTitle(ctx, report.data),
        written: vedicMatchingBody(ctx, report.data),
        cover: [report.data.a, report.data.b].map((p) => ({ name: p.person.name, rows: personFacts(ctx, p.person) })),
      };
    case 'thai_life':
      return {
        heading: thaiLifeTitle(ctx, report.data),
        written: thaiLifeBody(ctx, report.data),
        cover: [{ rows: thaiLifeCover(ctx, report.data) }],
      };
    case 'qimen':
      return {
        heading: qimenTitle(ctx, report.data),
        written: qimenBody(ctx, report.data),
        cover: [{ rows: qimenCover(ctx, report.data) }],
      };
    case 'tarot':
      return {
        heading: tarotTitle(ctx, report.data),
        written: tarotBody(ctx, report.data),
        cover: [{ rows: tarotCover(ctx, report.data) }],
      };
  }
}

/** The whole HTML document of a report in the context's language and branding. */
export function reportHtml(report: ReportData, ctx: RenderContext): string {
  const { heading, written, cover } = reportParts(report, ctx);
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
    cover: { people: cover.map((p) => ({ name: p.name, rows: p.rows.map(([l, v]) => [l, digits(v)]) })) },
    contentsTitle: ctx.text.contents,
  });
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
