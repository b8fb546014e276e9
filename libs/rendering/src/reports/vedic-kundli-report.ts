import { disclaimer, paragraph, RenderContext } from './common';
import { sentence, VEDIC_STYLE, vedicText } from './vedic-common';
import type { VedicKundliData } from './vedic-kundli-data';
import { birthSection, chartsSection, grahasSection, vargasSection } from './vedic-kundli-sections';
import { dashaSection } from './vedic-dasha-section';
import { doshasSection, remediesSection, yogasSection } from './vedic-yoga-dosha-sections';
import { strengthSection } from './vedic-strength-section';

export { computeVedicKundli } from './vedic-kundli-data';
export type { VedicKundliData, VedicKundliInput } from './vedic-kundli-data';

export function vedicKundliTitle(ctx: RenderContext, data: VedicKundliData): { title: string; subtitle: string } {
  const t = vedicText(ctx.locale).kundli;
  return { title: t.title, subtitle: sentence(ctx, t.subtitle, { name: data.person.name }) };
}

export function vedicKundliBody(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale).kundli;
  return [
    VEDIC_STYLE,
    paragraph(sentence(ctx, t.intro, { name: data.person.name })),
    birthSection(ctx, data),
    chartsSection(ctx, data),
    grahasSection(ctx, data),
    vargasSection(ctx, data),
    dashaSection(ctx, data),
    yogasSection(ctx, data),
    doshasSection(ctx, data),
    remediesSection(ctx, data),
    strengthSection(ctx, data),
    disclaimer(ctx),
  ].join('\n');
}
