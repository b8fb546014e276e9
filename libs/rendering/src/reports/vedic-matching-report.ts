import { disclaimer, paragraph, RenderContext } from './common';
import { sentence, VEDIC_STYLE, vedicText } from './vedic-common';
import type { VedicMatchingData } from './vedic-matching-data';
import {
  chartsPart,
  coupleSection,
  dashasSection,
  doshasSection,
  kootasSection,
  manglikSection,
  verdictSection,
} from './vedic-matching-sections';

export { computeVedicMatching } from './vedic-matching-data';
export type { VedicMatchingData, VedicMatchingInput } from './vedic-matching-data';

export function vedicMatchingTitle(ctx: RenderContext, data: VedicMatchingData): { title: string; subtitle: string } {
  const t = vedicText(ctx.locale).matching;
  return { title: t.title, subtitle: sentence(ctx, t.subtitle, { a: data.a.person.name, b: data.b.person.name }) };
}

export function vedicMatchingBody(ctx: RenderContext, data: VedicMatchingData): string {
  const t = vedicText(ctx.locale).matching;
  return [
    VEDIC_STYLE,
    paragraph(sentence(ctx, t.intro, { a: data.a.person.name, b: data.b.person.name })),
    coupleSection(ctx, data),
    chartsPart(ctx, data),
    kootasSection(ctx, data),
    verdictSection(ctx, data),
    doshasSection(ctx, data),
    manglikSection(ctx, data),
    dashasSection(ctx, data),
    disclaimer(ctx),
  ].join('\n');
}
