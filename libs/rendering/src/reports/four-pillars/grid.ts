import labels from '../../content/pillar-grid.json';
import { FiveElement, GridPillar, pillarGridSvg } from '../../pillar-grid';
import { branchOf, FourPillarsChart, stemOf } from './chart';
import { Voice } from './voice';
import { fill } from '@astro/text';

const COLUMNS = ['hour', 'day', 'month', 'year'] as const;

/**
 * The pillar grid of a four-pillar report (the figure of docs/chinese.md, "The pillar grid"), labelled
 * with the report's own names: ten gods and life stages in the edition's language beside the
 * tradition's script, Na Yin, and the luck periods by the ages the report reads them at.
 */
export function reportPillarGrid(v: Voice, chart: FourPillarsChart): string {
  const c = labels[v.ctx.locale];
  const t = v.t;
  const pillars: GridPillar[] = COLUMNS.map((name) => {
    const p = chart.pillars[name];
    const stem = stemOf(p.stem);
    const kind = v.thai
      ? `${t.elements[stem.element]}${t.polarity[stem.polarity]}`
      : `${t.polarity[stem.polarity]} ${t.elements[stem.element]}`;
    const naYin = v.naYinName(p.naYin.index, p.naYin.en);
    return {
      heading: c.pillars[name],
      god: v.godNative(p.god),
      stem: { char: p.stem, element: p.stemElement as FiveElement, caption: `${kind} · ${v.stemReading(p.stem)}` },
      branch: {
        char: p.branch,
        element: p.branchElement as FiveElement,
        caption: `${t.animals[p.branchIndex]} · ${t.elements[p.branchElement]}`,
      },
      hidden: p.hidden.map((h) => ({ char: h.stem, element: h.element as FiveElement, god: v.godNative(h.god) })),
      // Thai first in a Thai line: a Thai word after Chinese ones sits above the line in librsvg
      extra: v.thai
        ? [`${naYin} · ${p.naYin.zh}`, `${t.life_stage_names[p.lifeStage]} · ${v.stageNative(p.lifeStage)}`]
        : [`${p.naYin.zh} · ${naYin}`, `${v.stageNative(p.lifeStage)} ${t.life_stage_names[p.lifeStage]}`],
    };
  });
  const current = chart.luck.periods.findIndex((p) => p.index === chart.luck.currentIndex);
  return pillarGridSvg({
    labels: {
      title: '',
      subtitle: `${t.cover.as_of} ${v.date(chart.asOf.date)}`,
      rows: { god: c.rows.stem_god, stem: c.rows.stem, branch: c.rows.branch, hidden: c.rows.hidden },
      extraRows: [c.rows.na_yin, c.rows.life_stage],
      elementBalance: c.element_balance,
      elementNames: t.elements,
      luck: c.luck,
    },
    pillars,
    elementCounts: chart.counts as Record<FiveElement, number>,
    luck: chart.luck.periods.map((p) => ({
      stem: { char: p.stem, element: stemOf(p.stem).element as FiveElement },
      branch: { char: p.branch, element: branchOf(p.branch).element as FiveElement },
      ageLabel: fill(c.age, { age: p.age }),
      yearLabel: String(v.year(Number(p.startDate.slice(0, 4)))),
      god: v.god(p.stemGod),
    })),
    current: current < 0 ? null : { index: current, label: fill(c.now, { age: chart.asOf.age }) },
    color: v.ctx.branding.primary_color,
    cjkFont: v.tradition === 'saju' ? 'Noto Sans CJK KR' : 'Noto Sans CJK SC',
  });
}
