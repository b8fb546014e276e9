import { DoshaFinding, Yoga, YogaWeakening } from '@astro/vedic';
import { escapeHtml } from '../html';
import { heading, paragraph, RenderContext, table } from './common';
import { fill, grahaLabel, grahaName, houseName, listed, namesOf, sentence, signName, VedicText, vedicText } from './vedic-common';
import type { VedicKundliData } from './vedic-kundli-data';

const list = (items: string[]) => (items.length ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '');
const LORD_YOGAS = ['raja', 'dhana'] as const;

function weakenings(ctx: RenderContext, t: VedicText, yoga: Yoga): string[] {
  const reasons = t.kundli.yogas.weakened.reasons;
  return yoga.weakened_by.map((w) => fill(reasons[w.reason], { graha: grahaName(t, w.graha) }));
}

/** A single yoga (Pancha Mahapurusha, Gaja Kesari, Budha-Aditya, Chandra-Mangala): its meaning, the placements that formed it, what weakens it. */
function namedYoga(ctx: RenderContext, t: VedicText, yoga: Yoga): string {
  const y = t.kundli.yogas;
  const places = yoga.grahas.map((g) =>
    fill(y.graha_place, { graha: grahaName(t, g.graha), sign: signName(t, g.sign), house: houseName(t, g.house) }),
  );
  const weak = weakenings(ctx, t, yoga);
  return [
    heading(3, namesOf(t, 'yogas')[yoga.name]),
    paragraph(
      [
        (y.texts as Record<string, string>)[yoga.name],
        sentence(ctx, y.formed_by, { grahas: listed(ctx, places) }),
        weak.length ? sentence(ctx, y.weakened.label, { list: listed(ctx, weak) }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    ),
  ].join('\n');
}

/** Raja or Dhana yogas: what they mean, then every combination of lords in a table. */
function lordYogas(ctx: RenderContext, t: VedicText, name: 'raja' | 'dhana', yogas: Yoga[]): string {
  if (yogas.length === 0) return '';
  const y = t.kundli.yogas;
  const lead = [
    y.texts[name],
    name === 'raja' && yogas.some((x) => x.bond === 'yogakaraka') ? y.texts.yogakaraka : '',
    name === 'dhana' && yogas.some((x) => x.bond === 'fifth_and_eleventh') ? y.texts.fifth_and_eleventh : '',
    fill(y.combinations, { count: yogas.length }),
  ].filter(Boolean);
  const h = y.headers;
  const rows = yogas.map((yoga) => [
    yoga.grahas.map((g) => grahaLabel(t, g.graha)).join(', '),
    yoga.grahas.map((g) => g.rules.join(', ') || '—').join(' / '),
    yoga.grahas.map((g) => `${signName(t, g.sign)} (${g.house})`).join(' / '),
    namesOf(t, 'bonds')[yoga.bond],
    weakenings(ctx, t, yoga).join(', '),
  ]);
  return [heading(3, namesOf(t, 'yogas')[name]), paragraph(lead.join(' ')), table([h.grahas, h.rules, h.where, h.how, h.notes], rows)].join(
    '\n',
  );
}

/** The yogas the chart forms, each with the placements that formed it, and what weakens them. */
export function yogasSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const y = t.kundli.yogas;
  const parts = [heading(2, t.kundli.sections.yogas, true), paragraph(y.intro)];
  if (data.yogas.length === 0) return [...parts, paragraph(y.none)].join('\n');
  const named = data.yogas.filter((x) => !(LORD_YOGAS as readonly string[]).includes(x.name));
  parts.push(...named.map((yoga) => namedYoga(ctx, t, yoga)));
  for (const name of LORD_YOGAS)
    parts.push(
      lordYogas(
        ctx,
        t,
        name,
        data.yogas.filter((x) => x.name === name),
      ),
    );
  const reasons = [...new Set(data.yogas.flatMap((x) => x.weakened_by.map((w) => w.reason)))] as YogaWeakening[];
  if (reasons.length) parts.push(heading(3, y.weakened.notes_heading), paragraph(reasons.map((r) => y.weakened.notes[r]).join(' ')));
  return parts.filter(Boolean).join('\n');
}

function dosha(ctx: RenderContext, t: VedicText, finding: DoshaFinding, withRemedies: boolean): string {
  const d = t.kundli.doshas;
  const unsaid = finding.cancellations.filter((c) => !finding.description.includes(c)).map((c) => c.replace(/\.$/, ''));
  return [
    paragraph(
      [
        finding.description,
        finding.has_dosha ? fill(d.severity, { severity: namesOf(t, 'severity')[finding.severity] }) : '',
        // the route's description names most cancellations itself; the others are listed
        unsaid.length ? fill(d.cancelled_by, { list: listed(ctx, unsaid) }) : '',
      ]
        .filter(Boolean)
        .join(' '),
    ),
    withRemedies && finding.has_dosha ? `<p class="vedic-note">${escapeHtml(d.remedies)}</p>${list(finding.remedies)}` : '',
  ].join('\n');
}

/** Manglik with its cancellations, Kaal Sarp with its type, the other doshas, and every Sade Sati of the life with its dates. */
export function doshasSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const d = t.kundli.doshas;
  const x = data.doshas;
  const now = data.sade_sati.now;
  const asOf = ctx.date(data.as_of);
  const status = now.has_sade_sati
    ? sentence(ctx, d.sade_sati_now, {
        date: asOf,
        phase: (t.names.phases as Record<string, string>)[String(now.currentPhase)],
        end: ctx.date(now.endDate),
      })
    : sentence(ctx, d.sade_sati_next, { date: asOf, start: ctx.date(now.startDate) });
  const h = d.headers;
  const passages = data.sade_sati.cycles.flatMap((c) => [
    `<p class="vedic-note">${escapeHtml(fill(d.passage, { start: ctx.date(c.start), end: ctx.date(c.end) }))}</p>`,
    table(
      [h.phase, h.sign, h.from, h.to],
      c.stays.map((s) => [
        (t.names.phases as Record<string, string>)[String(s.phase)],
        signName(t, s.sign),
        ctx.date(s.start, 'short'),
        ctx.date(s.end, 'short'),
      ]),
    ),
  ]);
  return [
    heading(2, t.kundli.sections.doshas, true),
    paragraph(d.intro),
    heading(3, d.manglik_heading),
    paragraph(d.manglik_meaning),
    dosha(ctx, t, x.manglik, true),
    heading(3, d.kaal_sarp_heading),
    paragraph(d.kaal_sarp_meaning),
    dosha(ctx, t, x.kaal_sarp, true),
    heading(3, d.others_heading),
    ...[x.pitra, x.guru_chandal, x.kemadruma].map((f) => dosha(ctx, t, f, true)),
    heading(3, d.sade_sati_heading),
    paragraph(`${d.sade_sati_meaning} ${status}`),
    now.has_sade_sati ? `<p class="vedic-note">${escapeHtml(d.remedies)}</p>${list(now.remedies)}` : '',
    ...passages,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The remedies route's recommendations: why each is indicated (a table), the tradition and the practice, with the traditional caution. */
export function remediesSection(ctx: RenderContext, data: VedicKundliData): string {
  const t = vedicText(ctx.locale);
  const r = t.kundli.remedies;
  const rows = data.remedies.items.flatMap((item) =>
    item.reasons.map((reason) => [
      grahaLabel(t, reason.planet),
      reason.kind === 'weak'
        ? sentence(ctx, r.weak, { graha: grahaName(t, reason.planet), ratio: reason.ratio_percent, required: reason.required_virupa })
        : sentence(ctx, r.debilitated, { graha: grahaName(t, reason.planet), sign: signName(t, reason.sign) }),
    ]),
  );
  const items = data.remedies.items.flatMap((item) => [
    heading(3, ctx.locale === 'th' ? item.title_th : item.title),
    paragraph(`${r.tradition}: ${item.tradition}`),
    paragraph(`${r.practice}: ${item.practical_reflection}`),
  ]);
  return [
    heading(2, t.kundli.sections.remedies, true),
    paragraph(r.intro),
    paragraph(r.caution),
    rows.length ? table([t.kundli.grahas.headers.graha, r.signals], rows) : '',
    ...items,
    `<p class="vedic-note">${escapeHtml(data.remedies.disclaimer)}</p>`,
  ]
    .filter(Boolean)
    .join('\n');
}
