import { SafetyMode } from '@astro/contracts';
import { birthOf, HouseSystem } from '@astro/ephemeris';
import {
  aspectBetween,
  compareBalance,
  CompatibilityFactor,
  CompositeResult,
  ELEMENTS,
  NatalChartResult,
  SCORE_ASPECTS,
  Synastry,
  SynastryPair,
  synastryReportCharts,
} from '@astro/western';
import { escapeHtml } from '../html';
import {
  aspectName,
  aspectGrid,
  aspectsTable,
  BirthSubjectInput,
  chartOverview,
  chartWheel,
  degree,
  disclaimer,
  heading,
  paragraph,
  planetName,
  RenderContext,
  renderContext,
  ReportLocale,
  table,
} from './common';
import { DEFAULT_BRANDING } from '../branding';
import { depthText } from './depth-text';
import { compositeSummary, contactsSection, contactText, echoText, elementsText, overlaysSection, overlayText } from './synastry-depth';
import { fill } from '@astro/text';

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

/** The report's data: the pair's calculation (@astro/western's synastryReportCharts) with the names and births it prints. */
export function computeSynastry(input: SynastryInput, ephemerisPath: string): SynastryData {
  const charts = synastryReportCharts(birthOf(input.person_a), birthOf(input.person_b), input.house_system, ephemerisPath);
  return {
    a: { name: input.person_a.name, birth: input.person_a, natal: charts.a },
    b: { name: input.person_b.name, birth: input.person_b, natal: charts.b },
    synastry: charts.synastry,
    composite: charts.composite,
  };
}

type Named = { name: string };
type WithChart = Named & { natal: NatalChartResult };

/** The element comparison of two charts: the paragraph written for their two leading elements. */
export function balanceText(ctx: RenderContext, a: WithChart, b: WithChart): string {
  const balance = compareBalance(a.natal, b.natal);
  return elementsText(ctx, { name: a.name, element: balance.a.leading_element }, { name: b.name, element: balance.b.leading_element });
}

const signed = (points: number) => (points > 0 ? '+' : '') + points.toFixed(1);

/** A name that ends in a bracket ("กลางฟ้า (MC)") keeps a space before the word that follows it. */
const spaced = (name: string) => (name.endsWith(')') ? `${name} ` : name);

/**
 * The label of one contact that the compatibility score counts: its kind (ease, friction, …) and
 * the contact. The contact itself is read in its own paragraph (contactText); a label never interprets.
 */
export function factorText(ctx: RenderContext, a: Named, b: Named, f: CompatibilityFactor): string {
  const labels = ctx.text.synastry.factor;
  return fill(labels[f.description_key as keyof typeof labels], {
    a: a.name,
    b: b.name,
    pa: spaced(planetName(ctx, f.a)),
    pb: spaced(planetName(ctx, f.b)),
    aspect: f.aspect
      ? (ctx.text.synastry.factor_aspect[f.aspect as keyof typeof ctx.text.synastry.factor_aspect] ?? aspectName(ctx, f.aspect))
      : '',
  });
}

/** The orb of a scored contact, from the two charts (the factor itself carries only its points). */
function factorOrb(a: WithChart, b: WithChart, f: CompatibilityFactor): number | null {
  const longitude = (p: WithChart, name: string) =>
    name === 'Ascendant'
      ? p.natal.chart.angles.ascendant
      : name === 'Midheaven'
        ? p.natal.chart.angles.midheaven
        : p.natal.chart.planets.find((x) => x.name === name)?.longitude;
  const [la, lb] = [longitude(a, f.a), longitude(b, f.b)];
  if (la === undefined || lb === undefined) return null;
  const aspect = aspectBetween({ name: f.a, longitude: la, speed: 0 }, { name: f.b, longitude: lb, speed: 0 }, SCORE_ASPECTS);
  return aspect && aspect.type === f.aspect ? aspect.orb : null;
}

/**
 * The report's texts for a synastry, as JSON, for POST /api/v3/western/synastry: every
 * inter-aspect (the 30 tightest) and every house overlay read by the paragraph written for that
 * factor alone, the same paragraphs as the PDF report (content/synastry.<locale>.json).
 */
export function synastryInterpretation(ctx: RenderContext, a: WithChart, b: WithChart, result: Synastry) {
  const s = ctx.text.synastry;
  const aspects = result.inter_aspects.slice(0, 30);
  return {
    intro: s.intro,
    inter_aspects: aspects.map((x, i) => {
      // The same pair in the same aspect the other way round (A's Moon trine B's Sun after A's Sun
      // trine B's Moon) reads its paragraph with the roles swapped, and says that it doubles the first.
      const first = aspects.slice(0, i).find((y) => y.type === x.type && y.a === x.b && y.b === x.a && x.a !== x.b);
      return {
        a: x.a,
        b: x.b,
        type: x.type,
        title: fill(s.aspect_title, {
          a: a.name,
          pa: planetName(ctx, x.a),
          aspect: aspectName(ctx, x.type),
          b: b.name,
          pb: planetName(ctx, x.b),
        }),
        meaning: [contactText(ctx, a.name, b.name, x)!, ...(first ? [echoText(ctx, a.name, b.name, first)] : [])].join(
          depthText(ctx).sentence_gap,
        ),
      };
    }),
    overlays_a_in_b: result.overlays_a_in_b.map((o) => overlayText(ctx, a.name, b.name, o)!),
    overlays_b_in_a: result.overlays_b_in_a.map((o) => overlayText(ctx, b.name, a.name, o)!),
    balance: balanceText(ctx, a, b),
    compatibility: {
      score: fill(s.score_text, { score: result.compatibility.score }),
      explained: s.score_explained,
      factors:
        result.compatibility.factors.length === 0 ? [s.no_factors] : result.compatibility.factors.map((f) => factorText(ctx, a, b, f)),
    },
  };
}

/** The contacts the compatibility score counts, in the score's order, each with the orb the score table prints. */
function scoredContactsOf(data: SynastryData) {
  return data.synastry.compatibility.factors.map((f) => ({ a: f.a, b: f.b, type: f.aspect ?? '', orb: factorOrb(data.a, data.b, f) }));
}

/** The report's section of the contacts behind the score (contactsSection), on its own: for the prose samples. */
export function synastryContactsHtml(ctx: RenderContext, data: SynastryData): string {
  return contactsSection(ctx, data.a, data.b, scoredContactsOf(data));
}

export function synastryTitle(ctx: RenderContext, data: SynastryData): { title: string; subtitle: string } {
  return { title: ctx.text.synastry.title, subtitle: fill(ctx.text.synastry.subtitle, { a: data.a.name, b: data.b.name }) };
}

export function synastryBody(ctx: RenderContext, data: SynastryData): string {
  const s = ctx.text.synastry;
  const t = ctx.text.table;
  const { a, b } = data;
  const biwheel = chartWheel(
    ctx,
    a.natal.chart,
    560,
    { planets: b.natal.chart.planets, inner: a.name, outer: b.name },
    a.natal.houseSystemUsed,
  );
  const parts: string[] = [paragraph(s.intro), heading(2, s.charts)];
  for (const p of [a, b]) {
    parts.push(heading(3, p.name));
    parts.push(chartOverview(ctx, p.natal));
  }
  parts.push(
    heading(2, s.biwheel, true),
    `<div class="wheel">${biwheel}</div>`,
    `<p class="muted">${escapeHtml(fill(s.biwheel_note, { a: a.name, b: b.name }))}</p>`,
    aspectGrid(ctx, a.natal.chart, { chart: b.natal.chart, names: { rows: a.name, columns: b.name } }),
  );

  parts.push(heading(2, s.inter_aspects), paragraph(fill(s.inter_aspects_intro, { a: a.name, b: b.name })));
  parts.push(
    table(
      [`${t.planet} (${a.name})`, t.aspect, `${t.planet} (${b.name})`, t.orb],
      data.synastry.inter_aspects
        .slice(0, 30)
        .map((x) => [planetName(ctx, x.a), aspectName(ctx, x.type), planetName(ctx, x.b), degree(x.orb)]),
    ),
  );
  const score = data.synastry.compatibility;
  const scored = scoredContactsOf(data);
  parts.push(contactsSection(ctx, a, b, scored));

  parts.push(overlaysSection(ctx, a, b, data.synastry));

  parts.push(heading(2, s.balance));
  parts.push(
    table(
      [t.element, a.name, b.name],
      ELEMENTS.map((e) => [ctx.text.elements[e], a.natal.chart.elements[e], b.natal.chart.elements[e]]),
    ),
    table(
      [t.modality, a.name, b.name],
      (['cardinal', 'fixed', 'mutable'] as const).map((m) => [
        ctx.text.modalities[m],
        a.natal.chart.modalities[m],
        b.natal.chart.modalities[m],
      ]),
    ),
    paragraph(balanceText(ctx, a, b)),
  );

  const comp = data.composite;
  // The method once, then each composite placement read once (compositeSummary), then its wheel under its own heading.
  parts.push(heading(2, s.composite, true), paragraph(s.composite_text));
  parts.push(compositeSummary(ctx, comp));
  parts.push(heading(3, s.composite_wheel), `<div class="wheel">${chartWheel(ctx, comp, 440)}</div>`);
  // compact rows, like the contributors after it: the composite's fifteen tightest aspects under its wheel
  parts.push(`<div class="compact">${aspectsTable(ctx, comp.aspects, 15)}</div>`);

  parts.push(
    heading(2, s.compatibility, true),
    `<p class="score">${escapeHtml(fill(s.score_text, { score: score.score }))}</p>`,
    paragraph(s.score_explained),
  );
  if (score.factors.length === 0) parts.push(paragraph(s.no_factors));
  else {
    parts.push(
      // compact rows, so that the contributors and the disclaimer close the report on the score's page
      `<div class="compact">${table(
        [t.factor, t.orb, t.points],
        [
          ...score.factors.map((f, i) => [
            factorText(ctx, a, b, f),
            scored[i].orb === null ? '' : degree(scored[i].orb!),
            signed(f.points),
          ]),
          [fill(s.score_total, { score: score.score }), '', signed(score.factors.reduce((sum, f) => sum + f.points, 0))],
        ],
      )}</div>`,
    );
  }
  parts.push(disclaimer(ctx));
  return parts.join('\n');
}

/**
 * The written interpretation of POST /api/v3/western/synastry (synastryInterpretation) for a pair
 * computed by synastryCharts, in the request's language and safety mode; the answer around it is
 * @astro/western's synastryResponse.
 */
export function synastryReading(
  people: { a: { name: string }; b: { name: string } },
  pair: SynastryPair,
  locale: ReportLocale,
  safetyMode: SafetyMode = 'default',
) {
  const ctx = renderContext(locale, { ...DEFAULT_BRANDING, safety_mode: safetyMode }, null);
  return synastryInterpretation(ctx, { name: people.a.name, natal: pair.a }, { name: people.b.name, natal: pair.b }, pair.synastry);
}
