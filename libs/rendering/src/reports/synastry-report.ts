import { HouseSystem, instantFromLocal } from '@astro/ephemeris';
import { compositeChart, CompositeResult, ELEMENTS, natalChart, NatalChartResult, synastry, Synastry } from '@astro/western';
import { chartWheelSvg } from '../chart-wheel';
import { escapeHtml, fill } from '../html';
import {
  aspectName, aspectsTable, BirthSubjectInput, birthLine, chartOverview, disclaimer, heading, houseName, houseText, paragraph, planetName,
  RenderContext, signName, table,
} from './common';

export interface SynastryInput {
  person_a: BirthSubjectInput & { name: string };
  person_b: BirthSubjectInput & { name: string };
  house_system: HouseSystem;
}

export interface SynastryData {
  a: { name: string; birth: BirthSubjectInput; natal: NatalChartResult };
  b: { name: string; birth: BirthSubjectInput; natal: NatalChartResult };
  synastry: Synastry;
  composite: CompositeResult['chart'];
}

export function computeSynastry(input: SynastryInput, ephemerisPath: string): SynastryData {
  const person = (p: SynastryInput['person_a']) => {
    const instant = instantFromLocal(p.date, p.time, p.timezoneOffsetMinutes);
    return { name: p.name, birth: p, instant, natal: natalChart({ instant, latitude: p.latitude, longitude: p.longitude, houseSystem: input.house_system }, ephemerisPath) };
  };
  const a = person(input.person_a);
  const b = person(input.person_b);
  const place = (p: typeof a) => ({ instant: p.instant, latitude: p.birth.latitude, longitude: p.birth.longitude });
  const composite = compositeChart(place(a), place(b), input.house_system, { ephemerisPath, fromDate: a.instant, days: 0 });
  return {
    a: { name: a.name, birth: a.birth, natal: a.natal },
    b: { name: b.name, birth: b.birth, natal: b.natal },
    synastry: synastry(a.natal, b.natal),
    composite: composite.chart,
  };
}

function leadingElement(r: NatalChartResult): string {
  return ELEMENTS.reduce((best, e) => (r.chart.elements[e] > r.chart.elements[best] ? e : best), ELEMENTS[0]);
}

export function synastryTitle(ctx: RenderContext, data: SynastryData): { title: string; subtitle: string } {
  return { title: ctx.text.synastry.title, subtitle: fill(ctx.text.synastry.subtitle, { a: data.a.name, b: data.b.name }) };
}

export function synastryBody(ctx: RenderContext, data: SynastryData): string {
  const s = ctx.text.synastry;
  const t = ctx.text.table;
  const { a, b } = data;
  const biwheel = chartWheelSvg({
    ascendant: a.natal.chart.angles.ascendant,
    cusps: a.natal.chart.houses.map((h) => h.cusp),
    inner: a.natal.chart.planets,
    outer: b.natal.chart.planets,
    color: ctx.branding.primary_color,
    size: 440,
  });
  const parts: string[] = [paragraph(s.intro), heading(2, s.charts)];
  for (const p of [a, b]) {
    parts.push(heading(3, p.name), `<p class="muted">${escapeHtml(birthLine(ctx, p.birth))}</p>`);
    parts.push(chartOverview(ctx, p.natal));
  }
  parts.push(heading(2, s.biwheel, true), `<div class="wheel">${biwheel}</div>`, `<p class="muted">${escapeHtml(fill(s.biwheel_note, { a: a.name, b: b.name }))}</p>`);

  parts.push(heading(2, s.inter_aspects), paragraph(fill(s.inter_aspects_intro, { a: a.name, b: b.name })));
  parts.push(
    table(
      [`${t.planet} (${a.name})`, t.aspect, `${t.planet} (${b.name})`, t.orb, t.meaning],
      data.synastry.inter_aspects.slice(0, 30).map((x) => [
        planetName(ctx, x.a), aspectName(ctx, x.type), planetName(ctx, x.b), `${x.orb.toFixed(2)}°`, ctx.chart.aspects[x.type],
      ]),
    ),
  );

  parts.push(heading(2, s.overlays, true));
  for (const [from, to, overlays] of [[a, b, data.synastry.overlays_a_in_b], [b, a, data.synastry.overlays_b_in_a]] as const) {
    parts.push(heading(3, fill(s.overlay_heading, { a: from.name, b: to.name })));
    for (const o of overlays) {
      parts.push(paragraph(fill(s.overlay_text, { a: from.name, b: to.name, planet: planetName(ctx, o.planet), house: houseName(ctx, o.house), house_text: houseText(ctx, o.house) })));
    }
  }

  const ea = leadingElement(a.natal);
  const eb = leadingElement(b.natal);
  const compatible: Record<string, string[]> = { fire: ['air'], air: ['fire'], earth: ['water'], water: ['earth'] };
  const verdict = ea === eb ? s.balance_same : compatible[ea].includes(eb) ? s.balance_compatible : s.balance_different;
  parts.push(heading(2, s.balance));
  parts.push(
    table(
      [t.element, a.name, b.name],
      ELEMENTS.map((e) => [ctx.text.elements[e], a.natal.chart.elements[e], b.natal.chart.elements[e]]),
    ),
    table(
      [t.modality, a.name, b.name],
      (['cardinal', 'fixed', 'mutable'] as const).map((m) => [ctx.text.modalities[m], a.natal.chart.modalities[m], b.natal.chart.modalities[m]]),
    ),
    paragraph(fill(s.balance_text, { a: a.name, b: b.name, a_element: ctx.text.elements[ea as 'fire'], b_element: ctx.text.elements[eb as 'fire'], verdict })),
  );

  const comp = data.composite;
  const compSign = (name: string) => signName(ctx, comp.planets.find((p) => p.name === name)!.sign);
  const ascSign = comp.houses[0].sign;
  parts.push(heading(2, s.composite, true));
  parts.push(paragraph(fill(s.composite_text, { sun_sign: compSign('Sun'), moon_sign: compSign('Moon'), asc_sign: signName(ctx, ascSign) })));
  parts.push(
    `<div class="wheel">${chartWheelSvg({ ascendant: comp.angles.ascendant, cusps: comp.houses.map((h) => h.cusp), inner: comp.planets, color: ctx.branding.primary_color, size: 320 })}</div>`,
  );
  parts.push(aspectsTable(ctx, comp.aspects, 15));

  const score = data.synastry.compatibility;
  parts.push(heading(2, s.compatibility, true), `<p class="score">${escapeHtml(fill(s.score_text, { score: score.score }))}</p>`, paragraph(s.score_explained));
  if (score.factors.length === 0) parts.push(paragraph(s.no_factors));
  else {
    parts.push(
      table(
        [t.factor, t.points],
        score.factors.map((f) => [
          fill(s.factor[f.description_key as keyof typeof s.factor], {
            a: a.name, b: b.name, pa: planetName(ctx, f.a), pb: planetName(ctx, f.b), aspect: f.aspect ? aspectName(ctx, f.aspect) : '',
          }),
          (f.points > 0 ? '+' : '') + f.points.toFixed(1),
        ]),
      ),
    );
  }
  parts.push(disclaimer(ctx));
  return parts.join('\n');
}
