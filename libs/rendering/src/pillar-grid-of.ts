import type { BaziReport } from '@astro/chinese';
import { BRANCHES, SajuReport, STEMS, tenGod, TenGodName } from '@astro/saju';
import content from './content/pillar-grid.json';
import { FiveElement, GridGlyph, GridLuckCell, GridPillar, PillarGridInput } from './pillar-grid';
import { fill } from '@astro/text';

/** The languages the pillar grid is labelled in (the characters themselves are Chinese in both). */
export type PillarGridLocale = keyof typeof content;
type Labels = (typeof content)['en'];

const ORDER = ['hour', 'day', 'month', 'year'] as const;
const stemOf = (char: string) => STEMS.find((s) => s.hanja === char)!;
const branchOf = (char: string) => BRANCHES.find((b) => b.hanja === char)!;
const godName = (c: Labels, name: TenGodName) => c.ten_gods[name];

function stemGlyph(c: Labels, locale: PillarGridLocale, char: string, romanised: string): GridGlyph {
  const stem = stemOf(char);
  const element = c.elements[stem.element];
  const polarity = c.polarity[stem.polarity];
  // Thai writes the element before its polarity (ไม้หยาง), English the other way round (Yang Wood)
  const name = locale === 'th' ? `${element}${polarity}` : `${polarity} ${element}`;
  return { char, element: stem.element, caption: `${name} · ${romanised}` };
}

function branchGlyph(c: Labels, char: string): GridGlyph {
  const branch = branchOf(char);
  return { char, element: branch.element, caption: `${c.animals[branch.index]} · ${c.elements[branch.element]}` };
}

/** Whole years from one `YYYY-MM-DD…` date to another. */
function ageAt(birthDate: string, date: string): number {
  const [by, bm, bd] = birthDate.slice(0, 10).split('-').map(Number);
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/**
 * The age at a luck period's start to the nearest year, as the Saju reading says it ("from about age
 * 39"): a period starts 8.6 years after the birth, say, not on a birthday.
 */
function roundedAge(birthDate: string, start: string): number {
  return Math.round((Date.parse(start) - Date.parse(`${birthDate.slice(0, 10)}T00:00:00Z`)) / (365.2425 * 86_400_000));
}

function currentCell(
  c: Labels,
  periods: { start: string; end: string }[],
  birthDate: string,
  asOf: string,
): { index: number; label: string } | null {
  const index = periods.findIndex((p) => p.start.slice(0, 10) <= asOf && asOf < p.end.slice(0, 10));
  return index < 0 ? null : { index, label: fill(c.now, { age: ageAt(birthDate, asOf) }) };
}

// Thai readers count years in the Buddhist era (พ.ศ. = CE + 543), on the timeline too.
const yearLabel = (locale: PillarGridLocale, date: string) => String(Number(date.slice(0, 4)) + (locale === 'th' ? 543 : 0));

const luckCell = (c: Labels, locale: PillarGridLocale, ganZhi: string, god: TenGodName, age: number, start: string): GridLuckCell => ({
  stem: { char: ganZhi[0], element: stemOf(ganZhi[0]).element },
  branch: { char: ganZhi[1], element: branchOf(ganZhi[1]).element },
  ageLabel: fill(c.age, { age }),
  yearLabel: yearLabel(locale, start),
  god: godName(c, god),
});

/**
 * A Korean Saju chart as a pillar grid: Korean names of the ten gods beside the reader's language,
 * the luck pillars from the birth date `birthDate`, the current one as of `asOf` (`YYYY-MM-DD`).
 */
export function sajuPillarGrid(
  report: SajuReport,
  options: { locale: PillarGridLocale; birthDate: string; asOf: string; title: string; subtitle: string; color: string },
): PillarGridInput {
  const c = content[options.locale];
  const dayMaster = stemOf(report.day_master.stem);
  const god = (char: string) => {
    const g = tenGod(dayMaster, stemOf(char));
    return `${godName(c, g.name)} ${g.korean}`;
  };
  const pillars: GridPillar[] = ORDER.map((name) => {
    const p = report.pillars[name];
    return {
      heading: c.pillars[name],
      god: name === 'day' ? `${c.ten_gods['Day Master']} 일간` : god(p.stem),
      stem: stemGlyph(c, options.locale, p.stem, stemOf(p.stem).hangul),
      branch: branchGlyph(c, p.branch),
      hidden: report.hidden_stems[name].map((h) => ({ char: h.stem, element: h.element, god: god(h.stem) })),
      extra: [],
    };
  });
  const periods = report.major_luck.periods;
  const luck = periods.map((p) =>
    luckCell(
      c,
      options.locale,
      p.stem + p.branch,
      p.stem_ten_god.name,
      roundedAge(options.birthDate, p.approximate_start_utc),
      p.approximate_start_utc,
    ),
  );
  const spans = periods.map((p) => ({ start: p.approximate_start_utc, end: p.approximate_end_utc_exclusive }));
  return {
    labels: gridLabels(c, options, []),
    pillars,
    elementCounts: report.five_elements.counts as Record<FiveElement, number>,
    luck,
    current: currentCell(c, spans, options.birthDate, options.asOf),
    color: options.color,
    cjkFont: 'Noto Sans CJK KR',
  };
}

/** The grid's words in the reader's language; `extraRows` names the rows under the hidden stems. */
function gridLabels(c: (typeof content)[PillarGridLocale], options: { title: string; subtitle: string }, extraRows: string[]) {
  return {
    title: options.title,
    subtitle: options.subtitle,
    rows: { god: c.rows.stem_god, stem: c.rows.stem, branch: c.rows.branch, hidden: c.rows.hidden },
    extraRows,
    elementBalance: c.element_balance,
    elementNames: c.elements,
    luck: c.luck,
  };
}

/** A Chinese BaZi chart as a pillar grid, with na yin and life stage rows and the Chinese ten-god names. */
export function baziPillarGrid(
  report: BaziReport,
  options: { locale: PillarGridLocale; birthDate: string; asOf: string; title: string; subtitle: string; color: string },
): PillarGridInput {
  const c = content[options.locale];
  const pillars: GridPillar[] = ORDER.map((name) => {
    const p = report.pillars[name];
    return {
      heading: c.pillars[name],
      god: `${godName(c, p.stem_ten_god.en)} ${p.stem_ten_god.zh}`,
      stem: stemGlyph(c, options.locale, p.stem, p.stem_pinyin),
      branch: branchGlyph(c, p.branch),
      hidden: p.hidden_stems.map((h) => ({ char: h.stem, element: h.element, god: `${godName(c, h.ten_god.en)} ${h.ten_god.zh}` })),
      // the na yin and the life stage by their Chinese names with the reader's words (Thai first in a
      // Thai line: a Thai word after Chinese ones sat above the line in librsvg)
      extra:
        options.locale === 'en'
          ? [`${p.na_yin.zh} · ${p.na_yin.en}`, `${p.life_stage.zh} ${p.life_stage.en}`]
          : [
              `ธาตุ${c.elements[p.na_yin.element]} · ${p.na_yin.zh}`,
              `${content.th.life_stages[p.life_stage.zh as keyof typeof content.th.life_stages] ?? ''} · ${p.life_stage.zh}`,
            ],
    };
  });
  const periods = report.luck_pillars.periods;
  const luck = periods.map((p) => luckCell(c, options.locale, p.gan_zhi, p.stem_ten_god.en, p.start_age.years, p.start_local));
  const spans = periods.map((p) => ({ start: p.start_local, end: p.end_local_exclusive }));
  return {
    labels: gridLabels(c, options, [c.rows.na_yin, c.rows.life_stage]),
    pillars,
    elementCounts: report.five_elements.counts as Record<FiveElement, number>,
    luck,
    current: currentCell(c, spans, options.birthDate, options.asOf),
    color: options.color,
    cjkFont: 'Noto Sans CJK SC',
  };
}
