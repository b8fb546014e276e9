/**
 * Our Qi Men hour charts against deminzhang/qimen-go, an independent engine (Go, on lunar-go) run
 * with the same convention (时家 转盘 中宫寄坤 拆补 暗干值使起): 500 random moments 1900–2100 at +08:00,
 * compared field by field. The fixture is qimen-go's own output (scripts/reference/qimen-go-fixture.ts);
 * the 23:00 hour is left out because qimen-go keeps the civil day until midnight, where our
 * convention (docs/chinese.md) starts the next day at 23:00.
 */
import { loadConfig } from '@astro/config';
import reference from './fixtures/qimen-go-charts.json';
import { qimenChart } from './qimen';

const ephemerisPath = loadConfig({}).ephemerisPath;
const STAR: Record<string, string> = {
  蓬: '天蓬',
  芮: '天芮',
  冲: '天冲',
  辅: '天辅',
  禽: '天禽',
  心: '天心',
  柱: '天柱',
  任: '天任',
  英: '天英',
};
const pad = (n: number) => String(n).padStart(2, '0');

describe(`Qi Men against qimen-go (${reference.charts.length} random hour charts 1900–2100)`, () => {
  const results = reference.charts.map((theirs) => {
    const [y, m, d, h, min] = theirs.input.split(' ').map(Number);
    const ours = qimenChart({ date: `${y}-${pad(m)}-${pad(d)}`, time: `${pad(h)}:${pad(min)}`, timezoneOffsetMinutes: 480 }, ephemerisPath);
    return { theirs, ours, id: theirs.input };
  });
  const mismatches = (field: string, pick: (r: (typeof results)[number]) => [unknown, unknown]) =>
    results
      .map((r) => {
        const [a, b] = pick(r);
        return JSON.stringify(a) === JSON.stringify(b)
          ? undefined
          : `${r.id} ${field}: ours ${JSON.stringify(a)}, qimen-go ${JSON.stringify(b)}`;
      })
      .filter(Boolean)
      .slice(0, 10);

  it('covers both duns, all yuan and all nine ju, and 天禽 as duty star', () => {
    expect(new Set(results.map((r) => r.ours.dun))).toEqual(new Set(['yang', 'yin']));
    expect(new Set(results.map((r) => r.ours.yuan)).size).toBe(3);
    expect(new Set(results.map((r) => r.ours.ju)).size).toBe(9);
    expect(results.some((r) => r.ours.duty_star.zh === '天禽')).toBe(true);
  });

  it('has the same pillars, solar term, dun, ju and yuan', () => {
    expect(
      mismatches('pillars', (r) => [
        Object.values(r.ours.pillars)
          .map((p) => p.gan_zhi)
          .join(' '),
        r.theirs.pillars,
      ]),
    ).toEqual([]);
    expect(mismatches('term', (r) => [r.ours.solar_term.zh, r.theirs.term])).toEqual([]);
    expect(mismatches('ju', (r) => [(r.ours.dun === 'yang' ? 1 : -1) * r.ours.ju, r.theirs.ju])).toEqual([]);
    expect(mismatches('yuan', (r) => [['upper', 'middle', 'lower'].indexOf(r.ours.yuan) + 1, r.theirs.yuan])).toEqual([]);
  });

  it('has the same xun head, void branches, horse, duty star and duty door with their palaces', () => {
    expect(mismatches('xun', (r) => [r.ours.xun_shou.gan_zhi, r.theirs.xun])).toEqual([]);
    expect(mismatches('void', (r) => [r.ours.void_branches.join(''), r.theirs.void])).toEqual([]);
    expect(mismatches('horse', (r) => [r.ours.horse_branch, r.theirs.horse])).toEqual([]);
    expect(
      mismatches('duty', (r) => [
        [r.ours.duty_star.zh, r.ours.duty_star.palace, r.ours.duty_door.zh, r.ours.duty_door.palace],
        [STAR[r.theirs.duty[0] as string], r.theirs.duty[1], `${r.theirs.duty[2]}门`, r.theirs.duty[3]],
      ]),
    ).toEqual([]);
  });

  it('has the same earth plate, heaven plate, stars, doors, deities and hidden stems in every palace', () => {
    expect(
      mismatches('palaces', (r) => [
        r.ours.palaces.map((p) =>
          p.number === 5
            ? [p.earth_stem, p.hidden_stem]
            : [p.earth_stem, p.heaven_stem, p.star!.zh, p.door!.zh, p.deity!.zh, p.hidden_stem],
        ),
        r.theirs.palaces.map((t, i) =>
          i === 4 ? [t[0], t[5]] : [t[0], t[1], STAR[t[2]], `${t[3]}门`, t[4] === '腾蛇' ? '螣蛇' : t[4], t[5]],
        ),
      ]),
    ).toEqual([]);
  });
});
