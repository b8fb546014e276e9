import { chartLabels, GRAHAS, houseFrom, KundliPlacement, SIGN_LORDS, SIGN_NAMES, ShodashVarga } from '@astro/vedic';
import { escapeHtml } from '../html';
import { degree, heading, paragraph, RenderContext, table } from './common';
import {
  chartFigure,
  dignityName,
  fill,
  grahaLabel,
  grahaName,
  houseName,
  listed,
  nakshatraName,
  namesOf,
  personFacts,
  sentence,
  signName,
  vedicText,
} from './vedic-common';
import type { VedicKundliData } from './vedic-kundli-data';

/** Label and value rows as a compact table (birth details, panchang). */
export function factsTable(rows: [string, string][]): string {
  return `<table class="vedic-facts"><tbody>${rows
    .map(([label, value]) => `<tr><td class="label">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`)
    .join('')}</tbody></table>`;
}

const placementOf = (data: VedicKundliData, body: string) => data.kundli.placements.find((p) => p.body === body)!;

/** The birth as the customer reads it, the reckoning used, and the panchang of the moment with what each limb means. */
export function birthSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const b = t.kundli.birth;
  const [born, place] = personFacts(ctx, data.person);
  const facts = factsTable([
    [b.labels.name, data.person.name],
    [b.labels.born, born[1]],
    [b.labels.place, place[1]],
    [b.labels.ayanamsa, fill(b.ayanamsa_value, { value: degree(data.kundli.ayanamsa.degrees) })],
    [b.labels.nodes, b.nodes_value[data.kundli.node]],
    [b.labels.houses, b.houses_value],
  ]);
  const parts = [heading(2, t.kundli.sections.birth, true), facts, heading(3, b.panchang_heading)];
  const p = data.panchang;
  if (!p) return [...parts, paragraph(b.no_sunrise)].join('\n');
  const moon = placementOf(data, 'Moon');
  const month = (m: { name: string; adhika: boolean }) => {
    const name = namesOf(t, 'lunar_months')[m.name] ?? m.name;
    return m.adhika ? fill(b.adhika, { month: name }) : name;
  };
  const tithiName = namesOf(t, 'tithis')[p.tithi.name] ?? p.tithi.name;
  const limbs = factsTable([
    [b.panchang_labels.vara, namesOf(t, 'varas')[p.vara.name]],
    [b.panchang_labels.tithi, fill(b.tithi_value, { tithi: tithiName, number: p.tithi.number, paksha: t.names.paksha[p.tithi.paksha] })],
    [
      b.panchang_labels.nakshatra,
      fill(b.nakshatra_value, { nakshatra: nakshatraName(t, p.nakshatra.name), pada: moon.pada, lord: grahaLabel(t, p.nakshatra.lord) }),
    ],
    [b.panchang_labels.yoga, namesOf(t, 'nitya_yogas')[p.yoga.name] ?? p.yoga.name],
    [b.panchang_labels.karana, namesOf(t, 'karanas')[p.karana.name] ?? p.karana.name],
    [
      b.panchang_labels.month,
      fill(b.month_value, { amanta: month(p.day.lunar_month.amanta), purnimanta: month(p.day.lunar_month.purnimanta) }),
    ],
    [b.panchang_labels.samvat, fill(b.samvat_value, { vikram: p.day.samvat.vikram, shaka: p.day.samvat.shaka })],
  ]);
  const k = t.kundli;
  const beforeSunrise = p.day.date !== data.person.birth.date;
  const sunrise = p.day.sunrise.slice(11, 16);
  return [
    ...parts,
    paragraph(b.panchang_intro),
    limbs,
    beforeSunrise ? paragraph(sentence(ctx, b.before_sunrise, { sunrise })) : '',
    paragraph(`${k.nakshatra_lead} ${(k.nakshatras as Record<string, string>)[p.nakshatra.name]}`),
    paragraph(
      [
        (k.varas as Record<string, string>)[p.vara.name],
        (k.tithis as Record<string, string>)[p.tithi.name],
        k.paksha_text[p.tithi.paksha],
        (k.nitya_yogas as Record<string, string>)[p.yoga.name],
        (k.karanas as Record<string, string>)[p.karana.name],
      ].join(' '),
    ),
  ].join('\n');
}

/** The Rasi and Navamsa charts in the chosen style, the lagna and its lord, the Moon, vargottama grahas, the Navamsa lagna. */
export function chartsSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const c = t.kundli.charts;
  const k = data.kundli;
  const lagna = placementOf(data, 'Lagna');
  const lagnaSign = SIGN_NAMES.indexOf(lagna.sign);
  const lord = SIGN_LORDS[lagnaSign];
  const lordAt = placementOf(data, lord);
  const moon = placementOf(data, 'Moon');
  const d9 = k.vargas.find((v) => v.division === 9)!.signs;
  const vargottama = k.placements.filter((p) => p.body !== 'Lagna' && d9[p.body] === p.sign).map((p) => grahaName(t, p.body));
  const d9Lagna = SIGN_NAMES.indexOf(d9.Lagna);
  const d9Lord = SIGN_LORDS[d9Lagna];
  return [
    heading(2, t.kundli.sections.charts, true),
    paragraph(c.intro),
    `<div class="vedic-figures">${chartFigure(k, 1, data.chart_style, ctx, c.caption_d1, 'large')}${chartFigure(k, 9, data.chart_style, ctx, c.caption_d9, 'large')}</div>`,
    paragraph(
      `${sentence(ctx, c.lagna_lead, { sign: signName(t, lagna.sign), degree: degree(lagna.degree), nakshatra: nakshatraName(t, lagna.nakshatra) })} ${
        (c.lagna as Record<string, string>)[lagna.sign]
      }`,
    ),
    paragraph(
      `${sentence(ctx, c.lord_lead, {
        lord: grahaName(t, lord),
        house: houseName(t, lordAt.house),
        sign: signName(t, lordAt.sign),
        dignity: dignityName(t, lordAt.dignity),
      })} ${(c.lord_in_house as Record<string, string>)[String(lordAt.house)]}`,
    ),
    paragraph(
      [
        sentence(ctx, c.moon_lead, { sign: signName(t, moon.sign), house: houseName(t, moon.house) }),
        vargottama.length ? sentence(ctx, c.vargottama, { list: listed(ctx, vargottama) }) : c.vargottama_none,
        sentence(ctx, c.navamsa_lead, {
          sign: signName(t, d9Lagna),
          lord: grahaName(t, d9Lord),
          lord_sign: signName(t, d9[d9Lord]),
          venus_sign: signName(t, d9.Venus),
        }),
      ].join(' '),
    ),
  ].join('\n');
}

/** The grahas' table (sign, degree, nakshatra and pada, dignity, house, retrograde and combust marks) and what stands out. */
export function grahasSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const g = t.kundli.grahas;
  const h = g.headers;
  const rows = data.kundli.placements.map((p: KundliPlacement) => [
    grahaLabel(t, p.body),
    signName(t, p.sign),
    degree(p.degree),
    fill(t.matching.nakshatra_value, { nakshatra: nakshatraName(t, p.nakshatra), pada: p.pada }),
    dignityName(t, p.dignity),
    p.house,
    [p.retrograde && p.body !== 'Rahu' && p.body !== 'Ketu' ? g.retrograde : '', p.combust ? g.combust : ''].filter(Boolean).join(' '),
  ]);
  const grahas = data.kundli.placements.filter((p) => (GRAHAS as readonly string[]).includes(p.body));
  const names = (ps: KundliPlacement[]) =>
    listed(
      ctx,
      ps.map((p) => grahaName(t, p.body)),
    );
  const strong = grahas.filter((p) => ['exalted', 'moolatrikona', 'own'].includes(p.dignity ?? ''));
  const weak = grahas.filter((p) => p.dignity === 'debilitated');
  const combust = grahas.filter((p) => p.combust);
  const retrograde = grahas.filter((p) => p.retrograde);
  const notes = [
    strong.length ? sentence(ctx, g.strong, { list: names(strong) }) : '',
    weak.length ? sentence(ctx, g.weak, { list: names(weak) }) : '',
    combust.length ? sentence(ctx, g.combust_list, { list: names(combust) }) : '',
    retrograde.length ? sentence(ctx, g.retrograde_list, { list: names(retrograde) }) : '',
  ].filter(Boolean);
  return [
    heading(2, t.kundli.sections.grahas, true),
    paragraph(g.intro),
    table([h.graha, h.sign, h.degree, h.nakshatra, h.dignity, h.house, h.marks], rows),
    `<p class="vedic-note">${escapeHtml(g.legend)}</p>`,
    notes.length ? paragraph(notes.join(' ')) : '',
  ].join('\n');
}

const SMALL_VARGAS: ShodashVarga[] = [2, 3, 7, 10, 12];

/** The five divisional charts a reader uses most, small, each with what it shows in this chart. */
export function vargasSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const v = t.kundli.vargas;
  const signsOf = (division: number) => data.kundli.vargas.find((x) => x.division === division)!.signs;
  const signIdx = (division: number, body: string) => SIGN_NAMES.indexOf(signsOf(division)[body]);
  const inSign = (division: number, sign: number) => GRAHAS.filter((g) => signIdx(division, g) === sign).map((g) => grahaName(t, g));
  const some = (list: string[]) => (list.length ? listed(ctx, list) : v.nobody);
  // the vargas by the names the charts print
  const vargaNames = chartLabels(ctx.locale).vargas as Record<string, string>;
  const figures = SMALL_VARGAS.map((d) =>
    chartFigure(data.kundli, d, data.chart_style, ctx, fill(v.caption, { name: vargaNames[d], division: d }), 'small'),
  ).join('');
  const sunHora = inSign(2, 4);
  const moonHora = inSign(2, 3);
  const verdict = sunHora.length > moonHora.length ? v.hora_sun : sunHora.length < moonHora.length ? v.hora_moon : v.hora_even;
  const d7Lagna = signIdx(7, 'Lagna');
  const d10Lagna = signIdx(10, 'Lagna');
  const texts = [
    sentence(ctx, v['2'], { sun_hora: some(sunHora), moon_hora: some(moonHora), verdict }),
    sentence(ctx, v['3'], { lagna: signName(t, signIdx(3, 'Lagna')), mars_sign: signName(t, signIdx(3, 'Mars')) }),
    sentence(ctx, v['7'], {
      lagna: signName(t, d7Lagna),
      jupiter_sign: signName(t, signIdx(7, 'Jupiter')),
      jupiter_house: houseName(t, houseFrom(d7Lagna, signIdx(7, 'Jupiter'))),
    }),
    sentence(ctx, v['10'], {
      lagna: signName(t, d10Lagna),
      tenth: signName(t, (d10Lagna + 9) % 12),
      tenth_grahas: some(inSign(10, (d10Lagna + 9) % 12)),
    }),
    sentence(ctx, v['12'], { sun_sign: signName(t, signIdx(12, 'Sun')), moon_sign: signName(t, signIdx(12, 'Moon')) }),
  ];
  return [
    heading(2, t.kundli.sections.vargas, true),
    paragraph(v.intro),
    `<div class="vedic-figures">${figures}</div>`,
    ...texts.map(paragraph),
  ].join('\n');
}
