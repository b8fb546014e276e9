import { DashaPeriod, houseFrom, Koota, matchingLabels, SIGN_NAMES } from '@astro/vedic';
import { escapeHtml } from '../html';
import { heading, paragraph, RenderContext, table } from './common';
import { capitalise } from '@astro/text';
import {
  birthClockDate,
  chartFigure,
  fill,
  grahaLabel,
  grahaName,
  listed,
  nakshatraName,
  sentence,
  signName,
  vedicText,
} from './vedic-common';
import type { VedicMatchingData, VedicPartner } from './vedic-matching-data';

const points = (n: number) => String(n);

/** The class a koota reads for one partner, in the edition's words (the matching route gives the enum). */
function kootaClass(ctx: RenderContext, koota: Koota, value: string): string {
  const labels = matchingLabels(ctx.locale) as unknown as Record<string, Record<string, string>>;
  if (koota === 'graha_maitri') return grahaLabel(vedicText(ctx.locale), value);
  if (koota === 'bhakoot') return value;
  return capitalise(labels[koota]?.[value] ?? value);
}

/** The two Moons side by side: sign, nakshatra and pada, sign lord, and each koota class. */
export function coupleSection(ctx: RenderContext, data: VedicMatchingData): string {
  const t = vedicText(ctx.locale);
  const m = t.matching;
  const { groom: a, bride: b } = data.matching;
  const labels = matchingLabels(ctx.locale) as unknown as Record<string, Record<string, string>>;
  const row = (label: string, of: (x: typeof a) => string) => [label, capitalise(of(a)), capitalise(of(b))];
  const rows = [
    row(m.rows.moon_sign, (x) => signName(t, x.moon_sign)),
    row(m.rows.nakshatra, (x) => fill(m.nakshatra_value, { nakshatra: nakshatraName(t, x.nakshatra), pada: x.pada })),
    row(m.rows.lord, (x) => grahaLabel(t, x.sign_lord)),
    row(m.rows.varna, (x) => labels.varna[x.varna]),
    row(m.rows.vashya, (x) => labels.vashya[x.vashya]),
    row(m.rows.yoni, (x) => labels.yoni[x.yoni]),
    row(m.rows.gana, (x) => labels.gana[x.gana]),
    row(m.rows.nadi, (x) => labels.nadi[x.nadi]),
  ];
  return [
    heading(2, m.sections.couple, true),
    paragraph(sentence(ctx, m.couple_intro, { a: data.a.person.name, b: data.b.person.name })),
    table([m.headers.factor, data.a.person.name, data.b.person.name], rows),
  ].join('\n');
}

/** Both Rasi charts side by side, in the chosen style. */
export function chartsPart(ctx: RenderContext, data: VedicMatchingData): string {
  const m = vedicText(ctx.locale).matching;
  const figure = (p: VedicPartner) => chartFigure(p.kundli, 1, data.chart_style, ctx, p.person.name, 'large');
  return [heading(2, m.sections.charts, true), `<div class="vedic-figures">${figure(data.a)}${figure(data.b)}</div>`].join('\n');
}

/** The Ashtakoot table, then each koota read: what it measures, both partners' values and why, the points. */
export function kootasSection(ctx: RenderContext, data: VedicMatchingData): string {
  const m = vedicText(ctx.locale).matching;
  const labels = matchingLabels(ctx.locale);
  const kootas = data.matching.kootas;
  const rows = kootas.map((k) => [
    labels.kootas[k.koota],
    kootaClass(ctx, k.koota, k.groom),
    kootaClass(ctx, k.koota, k.bride),
    `${points(k.points)} / ${k.max}`,
  ]);
  const total = data.matching.total;
  const read = kootas.flatMap((k) => [
    heading(3, labels.kootas[k.koota]),
    paragraph(`${m.measures[k.koota]} ${k.reason} ${fill(m.points, { points: points(k.points), max: k.max })}`),
  ]);
  return [
    heading(2, m.sections.kootas, true),
    paragraph(m.kootas_intro),
    table([m.headers.koota, data.a.person.name, data.b.person.name, m.headers.points], [...rows, ['', '', '', `${points(total)} / 36`]]),
    ...read,
  ].join('\n');
}

/** The total out of 36 with the route's verdict and the tradition's reading of its band. */
export function verdictSection(ctx: RenderContext, data: VedicMatchingData): string {
  const m = vedicText(ctx.locale).matching;
  const v = data.matching.verdict;
  return [
    heading(2, m.sections.verdict, true),
    `<p class="score">${escapeHtml(fill(m.total, { total: points(data.matching.total) }))}</p>`,
    paragraph(`${v.text} ${m.bands[v.band]}`),
  ].join('\n');
}

/** Nadi and Bhakoot (and Gana) doshas: present or not, and the exceptions that cancel them. */
export function doshasSection(ctx: RenderContext, data: VedicMatchingData): string {
  const m = vedicText(ctx.locale).matching;
  const { doshas, cancellations } = data.matching;
  const about = (koota: 'nadi' | 'bhakoot') => {
    const found = doshas.find((d) => d.koota === koota);
    const texts = m[koota];
    if (!found) return texts.ok;
    const rules = cancellations.filter((c) => c.koota === koota).map((c) => c.text);
    return [texts.dosha, ...rules, found.cancelled ? texts.cancelled : ''].filter(Boolean).join(' ');
  };
  const gana = doshas.find((d) => d.koota === 'gana' && d.cancelled);
  const ganaRules = cancellations.filter((c) => c.koota === 'gana').map((c) => c.text);
  return [
    heading(2, m.sections.doshas, true),
    paragraph(about('nadi')),
    paragraph(about('bhakoot')),
    gana ? paragraph([m.gana_cancelled, ...ganaRules].join(' ')) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** Manglik dosha in each chart (where Mars stands from the lagna, the Moon and Venus, and what cancels it), and whether the two balance. */
export function manglikSection(ctx: RenderContext, data: VedicMatchingData): string {
  const t = vedicText(ctx.locale);
  const m = t.matching;
  const h = m.manglik_headers;
  const row = (p: VedicPartner) => {
    const signOf = (body: string) => SIGN_NAMES.indexOf(p.kundli.placements.find((x) => x.body === body)!.sign);
    const mars = signOf('Mars');
    const from = (body: string) => t.names.ordinals[houseFrom(signOf(body), mars) - 1];
    const a = p.manglik;
    const verdict =
      a.cancellations.length && a.afflictedFrom.length
        ? fill(m.manglik_cancelled, { list: listed(ctx, a.cancellations) })
        : t.names.severity[a.severity];
    return [p.person.name, signName(t, mars), from('Lagna'), from('Moon'), from('Venus'), verdict];
  };
  return [
    heading(2, m.sections.manglik, true),
    paragraph(m.manglik_intro),
    table([h.partner, h.mars, h.lagna, h.moon, h.venus, h.verdict], [row(data.a), row(data.b)]),
    `<p class="vedic-note">${escapeHtml(m.manglik_note)}</p>`,
    paragraph(data.matching.manglik.text),
  ].join('\n');
}

/** The antardashas of a partner that overlap the years ahead. */
function periodsAhead(p: VedicPartner, fromIso: string, years: number): { maha: string; antar: DashaPeriod }[] {
  const toMs = Date.parse(fromIso) + years * 365.25 * 86_400_000;
  return p.dasha.mahadashas.flatMap((maha) =>
    maha.antardashas
      .filter((a) => Date.parse(a.end) > Date.parse(fromIso) && Date.parse(a.start) < toMs)
      .map((antar) => ({ maha: maha.lord, antar })),
  );
}

/** The running periods of both partners and their antardashas for the years ahead, with the years both change together. */
export function dashasSection(ctx: RenderContext, data: VedicMatchingData): string {
  const t = vedicText(ctx.locale);
  const m = t.matching;
  const h = t.kundli.dasha.headers;
  const changeYears = (p: VedicPartner, from: string) =>
    new Set(
      periodsAhead(p, from, data.years_ahead)
        .slice(1)
        .map((x) => x.antar.start.slice(0, 4)),
    );
  const partner = (p: VedicPartner) => {
    const running = p.dasha.running;
    const from = running?.at ?? `${data.as_of}T12:00:00.000Z`;
    const ahead = periodsAhead(p, from, data.years_ahead);
    const date = (iso: string, style: 'long' | 'short' = 'short') => birthClockDate(ctx, iso, p.person.birth, style);
    return [
      heading(3, fill(m.dasha_heading, { name: p.person.name })),
      running && ahead.length
        ? paragraph(
            sentence(ctx, m.dasha_now, {
              name: p.person.name,
              maha: grahaName(t, running.maha),
              antar: grahaName(t, running.antar),
              end: date(ahead[0].antar.end, 'long'),
            }),
          )
        : '',
      table(
        [h.maha, h.antar, h.from, h.to],
        ahead.map((x) => [grahaLabel(t, x.maha), grahaLabel(t, x.antar.lord), date(x.antar.start), date(x.antar.end)]),
      ),
    ].join('\n');
  };
  const fromA = data.a.dasha.running?.at ?? `${data.as_of}T12:00:00.000Z`;
  const fromB = data.b.dasha.running?.at ?? `${data.as_of}T12:00:00.000Z`;
  const yearsB = changeYears(data.b, fromB);
  const together = [...changeYears(data.a, fromA)].filter((y) => yearsB.has(y)).sort();
  const yearLabel = (y: string) => (ctx.locale === 'th' ? String(Number(y) + 543) : y);
  return [
    heading(2, m.sections.dashas, true),
    paragraph(sentence(ctx, m.dashas_intro, { date: ctx.date(data.as_of), years: data.years_ahead })),
    partner(data.a),
    partner(data.b),
    paragraph(together.length ? sentence(ctx, m.both_change, { years: together.map(yearLabel).join(', ') }) : m.none_together),
  ].join('\n');
}
