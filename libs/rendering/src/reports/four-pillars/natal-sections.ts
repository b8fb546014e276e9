import { Element, ELEMENTS, PILLAR_NAMES, PillarName, TenGodName } from '@astro/saju';
import { FourPillarsChart, stemOf } from './chart';
import { DocBlock, DocSection, paragraph, sentences, subheading, tableBlock } from './document';
import { Voice } from './voice';

/** The sections that read the birth chart itself: pillars, day master, strength, elements, ten gods, Na Yin, relations. */

const READING_ORDER: PillarName[] = ['year', 'month', 'day', 'hour'];
const number = (x: number) => String(Math.round(x * 100) / 100);
const pillarOf = (chart: FourPillarsChart, name: PillarName) => chart.pillars[name].stem + chart.pillars[name].branch;

export function pillarsSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const edition = t.edition[v.tradition];
  const rows = READING_ORDER.map((name) => {
    const p = chart.pillars[name];
    return [
      t.pillar_titles[name],
      `${v.stem(p.stem)} · ${v.god(p.god)}`,
      `${v.branch(p.branch)} · ${v.element(p.branchElement)}`,
      // the English name is read in full in the Na Yin section; the table gives its element
      `${p.naYin.zh} · ${v.thai ? v.naYinName(p.naYin.index, p.naYin.en) : v.element(p.naYin.element)}`,
      v.stage(p.lifeStage),
    ];
  });
  const palaces = READING_ORDER.map((name) => v.say(t.palaces[name], { pillar: v.pillar(pillarOf(chart, name)) }));
  return {
    heading: t.headings.pillars,
    blocks: [
      paragraph(edition.intro),
      { kind: 'figure', figure: 'pillar_grid', caption: edition.figure_caption },
      subheading(t.subheadings.reading_key),
      tableBlock([t.table.pillar, t.table.stem, t.table.branch, t.table.nayin, t.table.life_stage], rows),
      subheading(t.subheadings.palaces),
      sentences(t.palaces.intro, ...palaces),
    ],
  };
}

export function dayMasterSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const day = chart.pillars.day;
  const month = chart.pillars.month;
  return {
    heading: t.headings.day_master,
    blocks: [
      paragraph(t.stems[chart.dayMaster.stem as keyof typeof t.stems]),
      paragraph(v.say(t.season[chart.season], { branch: v.branch(month.branch), element: v.element(month.branchElement) })),
      paragraph(
        v.say(t.seat, {
          branch: v.branch(day.branch),
          stage: t.life_stage_names[day.lifeStage],
          zh: v.stageNative(day.lifeStage),
          text: t.life_stages[day.lifeStage],
        }),
      ),
    ],
  };
}

export function strengthSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const s = t.strength;
  const rows = chart.strength.contributions.map((c) => {
    const where = v.part(c.kind === 'stem' ? s.stem_row : s.branch_row, { pillar: v.pillarName(c.pillar) });
    const hidden = c.hidden.map((h) => `${h.stem} ${number(h.weight)}`).join(' + ');
    const support =
      c.kind === 'stem'
        ? v.part(s.stem_support, { element: v.element(stemOf(c.char).element) })
        : c.factor === 2
          ? v.part(s.month_double, { stems: hidden })
          : hidden;
    return [`${where} ${c.char}`, support, `+${number(c.points)}`];
  });
  const points = number(chart.strength.points);
  return {
    heading: t.headings.strength,
    blocks: [
      paragraph(s.intro),
      rows.length > 0 ? tableBlock([t.table.character, t.table.support, t.table.points], rows) : paragraph(s.no_support),
      paragraph(v.say(s.total, { points })),
      paragraph(v.say(s.verdict[chart.strength.label], { points })),
    ],
  };
}

export function elementsSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const e = t.elements_text;
  const named = (list: Element[]) => v.list(list.map((x) => v.elementWord(x)));
  const counts = ELEMENTS.map((x) => v.part(e.count_item, { count: chart.counts[x], element: v.element(x) }));
  const favourable = chart.favourable;
  const rule =
    chart.strength.label === 'balanced'
      ? [
          v.say(e.rule.balanced, { favourable: named(favourable) }),
          chart.unfavourable.length > 0 ? v.say(e.rule.balanced_unfavourable, { unfavourable: named(chart.unfavourable) }) : null,
        ]
      : [v.say(e.rule[chart.strength.label], { favourable: named(favourable), unfavourable: named(chart.unfavourable) })];
  const role = (x: Element) => t.roles[favourable.includes(x) ? 'favourable' : chart.unfavourable.includes(x) ? 'unfavourable' : 'neutral'];
  return {
    heading: t.headings.elements,
    blocks: [
      sentences(
        v.say(e.counts, { list: v.list(counts) }),
        ...chart.strongest.map((x) => e.strongest[x]),
        ...(chart.missing.length === 0 ? [e.none_missing] : chart.missing.map((x) => e.missing[x])),
      ),
      tableBlock(
        [t.table.element, t.table.count, t.table.role],
        ELEMENTS.map((x) => [v.element(x), String(chart.counts[x]), role(x)]),
      ),
      sentences(...rule),
      sentences(e.useful[favourable[0]], favourable[1] ? v.say(e.second, { element: v.elementWord(favourable[1]) }) : null),
    ],
  };
}

type Group = 'companion' | 'output' | 'wealth' | 'officer' | 'resource';
const GROUP_OF: Record<TenGodName, Group> = {
  Friend: 'companion',
  'Rob Wealth': 'companion',
  'Day Master': 'companion',
  'Eating God': 'output',
  'Hurting Officer': 'output',
  'Indirect Wealth': 'wealth',
  'Direct Wealth': 'wealth',
  'Seven Killings': 'officer',
  'Direct Officer': 'officer',
  'Indirect Resource': 'resource',
  'Direct Resource': 'resource',
};

export function tenGodsSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t.ten_gods;
  // Where each god stands: the three other stems first (month, year, hour: the order of weight), then the hidden stems.
  const places = new Map<TenGodName, { stems: PillarName[]; hidden: PillarName[] }>();
  const at = (god: TenGodName) => places.get(god) ?? places.set(god, { stems: [], hidden: [] }).get(god)!;
  for (const name of ['month', 'year', 'hour'] as const) at(chart.pillars[name].god).stems.push(name);
  for (const name of PILLAR_NAMES) for (const h of chart.pillars[name].hidden) if (h.god !== 'Day Master') at(h.god).hidden.push(name);
  // The leading group counts the three stems and the main hidden stem of each branch.
  const groups: Record<Group, number> = { companion: 0, output: 0, wealth: 0, officer: 0, resource: 0 };
  for (const name of ['month', 'year', 'hour'] as const) groups[GROUP_OF[chart.pillars[name].god]]++;
  for (const name of PILLAR_NAMES) groups[GROUP_OF[chart.pillars[name].hidden[0].god]]++;
  const leading = (Object.keys(groups) as Group[]).reduce((best, g) => (groups[g] > groups[best] ? g : best));
  // A visible god is rooted (通根) when its element also stands among the hidden stems.
  const hiddenElements = new Set(PILLAR_NAMES.flatMap((n) => chart.pillars[n].hidden.map((h) => h.element)));
  const standing = { rooted: [] as string[], unrooted: [] as string[], hidden: [] as string[] };
  const rows: string[][] = [];
  const readings: DocBlock[] = [];
  for (const [god, where] of places) {
    if (god === 'Day Master') continue;
    const names = (list: PillarName[]) => [...new Set(list)].map((p) => v.pillarName(p)).join(', ') || '–';
    rows.push([v.godNative(god), names(where.stems), names(where.hidden)]);
    const stemElement = where.stems.length > 0 ? chart.pillars[where.stems[0]].stemElement : null;
    standing[stemElement === null ? 'hidden' : hiddenElements.has(stemElement) ? 'rooted' : 'unrooted'].push(v.god(god));
    readings.push(paragraph(t.natal[god]));
  }
  const groupsLine = (['rooted', 'unrooted', 'hidden'] as const)
    .filter((k) => standing[k].length > 0)
    .map((k) => v.say(t[k], { gods: v.list(standing[k]) }));
  const table = v.t.table;
  const blocks: DocBlock[] = [
    paragraph(t.intro),
    tableBlock([table.ten_god, table.in_stems, table.in_branches], rows),
    sentences(t.leading[leading], ...groupsLine),
    ...readings,
  ];
  return { heading: v.t.headings.ten_gods, blocks };
}

export function naYinStagesSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const n = t.nayin;
  const year = chart.pillars.year.naYin;
  const day = chart.pillars.day.naYin;
  const name = (x: typeof year) => v.naYinName(x.index, x.en);
  const month = chart.pillars.month;
  const others = (['year', 'hour'] as const).map((p) =>
    v.part(t.stage_item, { stage: v.stage(chart.pillars[p].lifeStage), pillar: v.pillarName(p) }),
  );
  return {
    heading: t.headings.nayin_stages,
    blocks: [
      paragraph(n.intro),
      paragraph(v.say(n.year, { zh: year.zh, name: name(year), image: n.images[year.index] })),
      paragraph(year.index === day.index ? n.same : v.say(n.day, { zh: day.zh, name: name(day), image: v.part(n.images[day.index]) })),
      sentences(
        month.lifeStage === chart.pillars.day.lifeStage
          ? null
          : v.say(t.stage_month, { stage: v.stage(month.lifeStage), text: t.life_stages[month.lifeStage] }),
        v.say(t.stages_elsewhere, { list: v.list(others) }),
      ),
    ],
  };
}

export function relationsSection(v: Voice, chart: FourPillarsChart): DocSection {
  const t = v.t;
  const r = t.relations;
  const pillarList = (names: PillarName[]) => v.list(names.map((p) => v.pillarName(p)));
  // One paragraph per pair of branches: a pair that both combines and breaks (寅亥) is named once.
  const seen = new Map<string, number>();
  const byPair = new Map<string, string[]>();
  for (const i of chart.interactions) {
    const count = seen.get(i.type) ?? 0;
    seen.set(i.type, count + 1);
    const texts = r.texts[i.type];
    const key = i.pillars.join('-');
    const named = byPair.has(key);
    const pair = named
      ? r.same_pair
      : v.part(r.between, {
          first: v.branch(i.branches[0]),
          second: v.branch(i.branches[1] ?? i.branches[0]),
          pillars: pillarList(i.pillars),
        });
    const element = i.type === 'three_harmony' ? THREE_HARMONY_ELEMENT[i.branches.join('')] : undefined;
    const text = v.say(texts[Math.min(count, texts.length - 1)], {
      pair,
      branches: i.branches.join(''),
      element: element ? v.elementWord(element) : '',
    });
    byPair.set(key, [...(byPair.get(key) ?? []), text]);
  }
  const interactions = [...byPair.values()].map((texts) => sentences(...texts));
  const stars = new Map<string, { star: (typeof chart.stars)[number]; pillars: Set<PillarName> }>();
  for (const star of chart.stars.filter((s) => s.pillars.length > 0)) {
    const entry = stars.get(star.key) ?? stars.set(star.key, { star, pillars: new Set() }).get(star.key)!;
    star.pillars.forEach((p) => entry.pillars.add(p));
  }
  const starBlocks = [...stars.values()].map(({ star, pillars }) =>
    paragraph(
      v.say(t.stars.placed, {
        star: t.star_names[star.key as keyof typeof t.star_names],
        zh: star.zh,
        pillars: pillarList(READING_ORDER.filter((p) => pillars.has(p))),
        text: t.stars.texts[star.key as keyof typeof t.stars.texts],
      }),
    ),
  );
  const voids = chart.voids.day;
  return {
    heading: t.headings.relations,
    blocks: [
      subheading(t.subheadings.interactions),
      ...(interactions.length > 0 ? interactions : [paragraph(r.intro_none)]),
      subheading(t.subheadings.stars),
      ...(starBlocks.length > 0 ? starBlocks : [paragraph(t.stars.none)]),
      subheading(t.subheadings.void),
      sentences(
        v.say(t.void.intro, { branches: v.list(voids.branches.map((b) => v.branch(b))) }),
        voids.pillars.length > 0 ? v.say(t.void.hit, { pillars: pillarList(voids.pillars) }) : t.void.clear,
      ),
    ],
  };
}

const THREE_HARMONY_ELEMENT: Record<string, Element> = { 申子辰: 'Water', 亥卯未: 'Wood', 寅午戌: 'Fire', 巳酉丑: 'Metal' };
