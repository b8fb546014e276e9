import en from '../../content/qimen-report.en.json';
import th from '../../content/qimen-report.th.json';
import { PALACES, qimenBoardSvg, QIMEN_CONTENT, QimenPalace } from '@astro/chinese';
import { fill } from '@astro/text';
import { escapeHtml } from '../../html';
import { disclaimer, EditionWords, heading, paragraph, placeLabel, placeText, RenderContext, table, zoneLabel } from '../common';
import { deityKey, doorKey, Factor, QimenReportData, starKey, Verdict } from './compute';

export { computeQimenReport } from './compute';
export type { QimenPurpose, QimenReportData, QimenReportInput } from './compute';

type Text = typeof en;

/** The words of the Qi Men report in the edition's language. */
class Words extends EditionWords<Text> {
  constructor(ctx: RenderContext) {
    super(ctx, { en, th });
  }
  palace(n: number): string {
    const p = PALACES[n];
    return fill(this.t.names.palace, {
      trigram: this.t.names.trigrams[String(n) as keyof Text['names']['trigrams']],
      number: n,
      zh: p.trigram,
    });
  }
  direction(n: number): string {
    return this.t.names.directions[PALACES[n].direction as keyof Text['names']['directions']];
  }
  element(n: number): string {
    return this.t.names.elements[PALACES[n].element];
  }
  door(zh: string | null | undefined): string {
    return zh ? this.t.names.doors[doorKey(zh) as keyof Text['names']['doors']] : '—';
  }
  star(zh: string | null | undefined): string {
    return zh ? this.t.names.stars[starKey(zh) as keyof Text['names']['stars']] : '—';
  }
  deity(zh: string | null | undefined): string {
    return zh ? this.t.names.deities[deityKey(zh) as keyof Text['names']['deities']] : '—';
  }
  verdict(v: Verdict): string {
    return this.t.verdict[v];
  }
}

const OPPOSITE: Record<number, number> = { 1: 9, 9: 1, 2: 8, 8: 2, 3: 7, 7: 3, 4: 6, 6: 4 };
const palaceOf = (data: QimenReportData, n: number): QimenPalace => data.chart.palaces.find((p) => p.number === n)!;

export function qimenTitle(ctx: RenderContext, data: QimenReportData): { title: string; subtitle: string } {
  const w = new Words(ctx);
  return { title: w.t.title, subtitle: w.say(w.t.subtitle, { purpose: w.t.purposes[data.purpose].name }) };
}

/** The cover's rows: the moment and place, the purpose, the asker and the board. */
export function qimenCover(ctx: RenderContext, data: QimenReportData): [string, string][] {
  const w = new Words(ctx);
  const c = w.t.cover;
  const m = data.moment;
  const chart = data.chart;
  return [
    [c.moment, fill(w.t.cover_values.moment, { date: ctx.date(m.date), time: m.time.slice(0, 5), zone: zoneLabel(ctx, m) })],
    [ctx.text.cover.place, placeLabel(ctx, m, data.place)],
    [c.purpose, w.t.purposes[data.purpose].name],
    ...(data.name ? [[c.asked_by, data.name] as [string, string]] : []),
    [
      c.board,
      fill(w.t.cover_values.board, {
        dun: w.t.names.dun[chart.dun],
        ju: chart.ju,
        yuan: w.t.names.yuan[chart.yuan],
        term: chart.solar_term.zh,
      }),
    ],
  ];
}

function questionSection(w: Words, data: QimenReportData): string {
  const t = w.t.question;
  const chart = data.chart;
  const m = data.moment;
  const place = placeText(w.ctx, m, data.place);
  return [
    heading(2, w.t.headings.question, true),
    ...(data.question ? [paragraph(t.asked), `<blockquote class="question">${escapeHtml(data.question)}</blockquote>`] : []),
    paragraph(
      [
        w.say(t.moment, {
          date: w.ctx.date(m.date),
          time: m.time.slice(0, 5),
          place,
          hour: chart.pillars.hour.gan_zhi,
          day: chart.pillars.day.gan_zhi,
          term: chart.solar_term.zh,
          dun: w.t.names.dun[chart.dun],
          ju: chart.ju,
          yuan: w.t.names.yuan[chart.yuan],
        }),
        w.say(t.duty, { star: w.star(chart.duty_star.zh), door: w.door(chart.duty_door.zh) }),
      ].join(' '),
    ),
  ].join('\n');
}

function boardSection(w: Words, data: QimenReportData): string {
  const t = w.t;
  const rows = [...data.chart.palaces]
    .filter((p) => p.number !== 5)
    .sort((a, b) => a.number - b.number)
    .map((p) => [
      w.palace(p.number),
      w.direction(p.number),
      w.door(p.door?.zh),
      [w.star(p.star?.zh), p.star_lodged ? w.star(p.star_lodged.zh) : ''].filter(Boolean).join(' + '),
      w.deity(p.deity?.zh),
      `${[p.heaven_stem, p.heaven_stem_lodged].filter(Boolean).join('')} / ${[p.earth_stem, p.earth_stem_lodged].filter(Boolean).join('')}`,
      p.marks.map((m) => m.zh).join(' '),
    ]);
  const svg = qimenBoardSvg(data.chart, { color: w.ctx.branding.primary_color, size: 480 });
  return [
    heading(2, t.headings.board, true),
    paragraph(t.board.intro),
    `<figure class="qimen">${svg}<figcaption>${escapeHtml(t.board.caption)}</figcaption></figure>`,
    `<div class="whole board">${table([t.table.palace, t.table.direction, t.table.door, t.table.star, t.table.deity, t.table.stems, t.table.marks], rows)}</div>`,
  ].join('\n');
}

function palaceSection(w: Words, data: QimenReportData): string {
  const t = w.t.palace;
  const p = palaceOf(data, data.useful.palace);
  const heaven = [p.heaven_stem, p.heaven_stem_lodged].filter((s): s is string => s !== null);
  const earth = [p.earth_stem, p.earth_stem_lodged].filter(Boolean).join('');
  const self = data.self;
  const selfText =
    self.relation === 'together'
      ? t.self.together
      : [w.say(t.self.intro, { stem: self.stem, palace: w.palace(self.palace) }), t.self[self.relation]].join(' ');
  return [
    heading(2, w.t.headings.palace, true),
    paragraph(
      [
        w.say(w.t.purposes[data.purpose].useful, { palace: w.palace(p.number) }),
        w.say(t.place, { direction: w.direction(p.number), element: w.element(p.number) }),
      ].join(' '),
    ),
    paragraph(
      [
        p.door ? t.doors[doorKey(p.door.zh) as keyof typeof t.doors] : '',
        p.star ? t.stars[starKey(p.star.zh) as keyof typeof t.stars] : '',
        p.deity ? t.deities[deityKey(p.deity.zh) as keyof typeof t.deities] : '',
      ]
        .filter(Boolean)
        .join(' '),
    ),
    paragraph(
      [
        heaven.length > 0 ? w.say(t.stems_lead, { heaven: heaven.join(''), earth }) : '',
        ...heaven.map((s) => t.stems[s as keyof typeof t.stems]),
        ...p.marks.map((m) => t.marks[m.key]),
      ]
        .filter(Boolean)
        .join(' '),
    ),
    paragraph(selfText),
  ].join('\n');
}

function patternsSection(w: Words, data: QimenReportData): string {
  const t = w.t.patterns;
  const patterns = data.chart.patterns;
  const lines = patterns.map((p) => {
    // the texts open with the pattern's name: "Bird Falls into the Nest: what is sought comes to hand"
    const [name, ...rest] = QIMEN_CONTENT[w.ctx.locale].patterns[p.key].split(/:\s*/);
    const values = { name, zh: p.zh, meaning: rest.join(': '), palace: p.palace === null ? '' : w.palace(p.palace) };
    return w.say(p.palace === null ? t.at_board : t.at, values);
  });
  return [
    heading(2, w.t.headings.patterns, true),
    ...(patterns.length === 0
      ? [paragraph(t.none)]
      : [paragraph(t.intro), `<ul class="patterns">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`]),
  ].join('\n');
}

function directionSection(w: Words, data: QimenReportData): string {
  const t = w.t.direction;
  const best = palaceOf(data, data.best.palace);
  return [
    heading(2, w.t.headings.direction, true),
    paragraph(
      [
        w.say(t.best, {
          palace: w.palace(best.number),
          direction: w.direction(best.number),
          opposite: w.direction(OPPOSITE[best.number]),
          door: w.door(best.door?.zh),
          star: w.star(best.star?.zh),
          deity: w.deity(best.deity?.zh),
        }),
        best.number === data.useful.palace ? t.same : w.say(t.other, { direction: w.direction(data.useful.palace) }),
      ].join(' '),
    ),
  ].join('\n');
}

/** The door, star and deity of a palace but the purpose's own symbol: what keeps the question company. */
function companions(w: Words, data: QimenReportData, door: string | null, star: string | null, deity: string | null): string {
  const u = data.useful;
  return [u.kind === 'door' ? null : w.door(door), u.kind === 'star' ? null : w.star(star), u.kind === 'deity' ? null : w.deity(deity)]
    .filter((x): x is string => x !== null)
    .join(w.thai ? ' ' : ', ');
}

function timingSection(w: Words, data: QimenReportData): string {
  const t = w.t.timing;
  const when = (h: QimenReportData['hours'][number]) => `${w.ctx.date(h.date, 'short')} ${h.start}–${h.end}`;
  const signs = (h: QimenReportData['hours'][number]) => companions(w, data, h.door, h.star, h.deity);
  const ranked = [...data.hours].filter((h) => h.verdict !== 'unfavourable').sort((a, b) => b.score - a.score);
  const [first, second] = ranked;
  const summary = first
    ? w.say(t.best, { time: when(first), signs: signs(first), next: second ? fill(t.next, { time: when(second) }) : '' })
    : t.none;
  const rows = data.hours.map((h) => [
    when(h),
    h.hourPillar,
    `${w.palace(h.palace)} · ${w.direction(h.palace)}`,
    signs(h),
    String(h.score),
    w.verdict(h.verdict),
  ]);
  return [
    heading(2, w.t.headings.timing, true),
    paragraph(t.intro),
    `<div class="whole">${table([w.t.table.hours, w.t.table.hour_pillar, w.t.table.palace, w.t.table.signs, w.t.table.score, w.t.table.verdict], rows)}</div>`,
    paragraph(summary.trim()),
  ].join('\n');
}

/** A sign of the verdict by its name in the edition's language (a pattern by its Chinese name). */
function factorName(w: Words, data: QimenReportData, f: Factor): string {
  const names = w.t.names;
  switch (f.kind) {
    case 'door':
      return names.doors[f.key as keyof Text['names']['doors']];
    case 'star':
      return names.stars[f.key as keyof Text['names']['stars']];
    case 'deity':
      return names.deities[f.key as keyof Text['names']['deities']];
    case 'mark':
      return names.marks[f.key as keyof Text['names']['marks']];
    case 'pattern':
    case 'board':
      return data.chart.patterns.find((p) => p.key === f.key)?.zh ?? f.key;
    case 'self':
      return names.relations[f.key as keyof Text['names']['relations']];
  }
}

function verdictSection(w: Words, data: QimenReportData): string {
  const t = w.t.verdict;
  const chants = data.reading.factors.filter((f) => f.kind === 'board');
  const rows = data.reading.factors.map((f) => [
    w.t.factors[f.kind],
    factorName(w, data, f),
    f.weight > 0 ? `+${f.weight}` : String(f.weight),
  ]);
  return [
    '<div class="whole">',
    heading(2, w.t.headings.verdict, true),
    `<div>${table([w.t.table.factor, w.t.table.sign, w.t.table.weight], rows)}</div>`,
    `<p class="verdict"><strong>${escapeHtml(w.say(t.lead, { verdict: w.verdict(data.verdict), score: data.reading.score }))}</strong> ${escapeHtml(
      [
        ...chants.map((c) => w.say(t.board_chant, { pattern: data.chart.patterns.find((p) => p.key === c.key)?.zh ?? c.key })),
        t.purposes[data.purpose][data.verdict],
      ].join(' '),
    )}</p>`,
    '</div>',
  ].join('\n');
}

function conventionsSection(w: Words): string {
  const c = w.t.conventions;
  return [heading(2, w.t.headings.conventions, true), paragraph([c.plate, c.useful, c.scores, c.hours].join(' '))].join('\n');
}

const STYLE = `<style>
  figure.qimen { margin: 6pt auto 10pt; width: 70%; break-inside: avoid; text-align: center; }
  figure.qimen svg { width: 100%; height: auto; }
  figure.qimen figcaption { font-size: 8.5pt; color: #666; margin-top: 3pt; }
  blockquote.question { margin: 4pt 18pt 10pt; padding: 6pt 10pt; border-left: 3pt solid #ccc; font-style: italic; white-space: pre-wrap; overflow-wrap: anywhere; }
  .whole { break-inside: avoid; }
  .board table { font-size: 8.5pt; }
  p:has(+ .whole), p:has(+ figure) { break-after: avoid; }
  p.verdict { font-size: 11.5pt; }
</style>`;

/** The HTML body of the Qi Men report. */
export function qimenBody(ctx: RenderContext, data: QimenReportData): string {
  const w = new Words(ctx);
  return [
    STYLE,
    questionSection(w, data),
    boardSection(w, data),
    palaceSection(w, data),
    patternsSection(w, data),
    directionSection(w, data),
    timingSection(w, data),
    verdictSection(w, data),
    conventionsSection(w),
    disclaimer(ctx),
  ].join('\n');
}
