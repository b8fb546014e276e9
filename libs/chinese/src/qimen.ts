import {
  birthMoment,
  BRANCHES,
  controlledBy,
  fourPillars,
  pillarAt,
  pillarClock,
  PillarName,
  PILLAR_NAMES,
  SummerTimeBasis,
  SummerTimeRule,
  underSolarTime,
} from '@astro/saju';
import { instantFromLocal } from '@astro/ephemeris';
import {
  DEITIES,
  DoorInfo,
  doorAtHome,
  JU_BY_TERM,
  PalaceInfo,
  PALACES,
  QI_YI,
  RING,
  ringIndex,
  StarInfo,
  starAtHome,
  STARS,
  YANG_TERMS,
} from './qimen-board';
import { QIMEN_CONTENT, QimenPattern, qimenPatterns } from './qimen-patterns';
import { solarTermAt } from './solar-terms';
import { apparentSolarTime, SolarTime, withSolarClock } from './solar-time';
import { ganZhi, pinyinOf, voidBranchIndices } from './symbols';

export interface QimenInput {
  date: string;
  time: string;
  timezoneOffsetMinutes: number;
  /** the IANA zone of the clock, when given: its rules tell whether summer time was in force */
  timezone?: string;
  latitude?: number;
  longitude?: number;
  true_solar_time?: boolean;
  dst?: SummerTimeRule;
  language?: 'zh' | 'en' | 'th';
}

export type Dun = 'yang' | 'yin';
export const YUAN = [
  { key: 'upper', zh: '上元' },
  { key: 'middle', zh: '中元' },
  { key: 'lower', zh: '下元' },
] as const;

export interface QimenMark {
  key: 'men_po' | 'ru_mu' | 'ji_xing' | 'kong_wang' | 'yi_ma';
  zh: string;
  en: string;
  /** for 入墓 and 击刑: the stem and the plate it stands on */
  stem: string | null;
  plate: 'heaven' | 'earth' | null;
  detail: string;
}

type Named = { zh: string; pinyin: string; en: string };
export interface QimenPalace extends Omit<PalaceInfo, 'branches'> {
  branches: string[];
  earth_stem: string;
  /** palace 2 only: the centre palace's earth stem lodged here (中五寄坤二) */
  earth_stem_lodged: string | null;
  heaven_stem: string | null;
  /** the palace 天芮 turns to also receives 天禽 and the centre's stem */
  heaven_stem_lodged: string | null;
  hidden_stem: string;
  /** `meaning` is in the request's language */
  star: (Named & { element: string; meaning: string }) | null;
  star_lodged: (Named & { element: string; meaning: string }) | null;
  door: (Named & { element: string; meaning: string }) | null;
  deity: Named | null;
  marks: QimenMark[];
}

export interface QimenChart {
  system: 'qimen_dunjia_hour';
  convention: {
    name: string;
    plate: '转盘';
    ju_method: '拆补法';
    centre_palace: '中五寄坤二';
    day_boundary: string;
    hidden_stem_rule: string;
  };
  time_basis: {
    clock: { date: string; time: string; timezoneOffsetMinutes: number };
    true_solar_time: boolean;
    solar_time: SolarTime | null;
    summer_time: SummerTimeBasis;
  };
  dun: Dun;
  dun_zh: string;
  ju: number;
  yuan: 'upper' | 'middle' | 'lower';
  yuan_zh: string;
  fu_tou: string;
  solar_term: { zh: string; en: string; longitude: number; start_utc: string; next_start_utc: string };
  pillars: Record<PillarName, { gan_zhi: string; pinyin: string }>;
  xun_shou: { gan_zhi: string; instrument: string };
  duty_star: { zh: string; pinyin: string; en: string; home_palace: number; palace: number };
  duty_door: { zh: string; pinyin: string; en: string; home_palace: number; palace: number };
  /** the hour pillar's void branches (时空) and horse (时马): the ones marked on the palaces */
  void_branches: string[];
  horse_branch: string;
  /** the day pillar's void branches (日空) and horse (日马), for reference */
  day_void_branches: string[];
  day_horse_branch: string;
  palaces: QimenPalace[];
  patterns: QimenPattern[];
}

// 十干入墓: a stem in the palace of its tomb branch (辰 巽4, 戌 乾6, 丑 艮8, 未 坤2) by the twelve life stages
// (阳顺阴逆, 土随火): 甲 未, 乙 戌, 丙 戌, 丁 丑, 戊 戌, 己 丑, 庚 丑, 辛 辰, 壬 辰, 癸 未, the rule of qimen-go's
// QMTomb and qimen-rs's default (the classical three-wonder variant puts 乙 in 坤: docs/chinese.md).
export const TOMB_PALACE: Record<string, number> = { 戊: 6, 己: 8, 庚: 8, 辛: 4, 壬: 4, 癸: 2, 丁: 8, 丙: 6, 乙: 6 };
// 六仪击刑: the instrument meets the punishment of its hidden 甲's branch (子刑卯, 戌刑未, 申刑寅, 午自刑, 辰自刑, 寅刑巳).
export const PUNISHMENT_PALACE: Record<string, number> = { 戊: 3, 己: 2, 庚: 8, 辛: 9, 壬: 4, 癸: 4 };
// 驿马 of the hour branch: 申子辰 → 寅, 寅午戌 → 申, 巳酉丑 → 亥, 亥卯未 → 巳.
const HORSE_BY_FRAME = [2, 11, 8, 5];

/** The palace k steps from `from` through the Lo Shu sequence 1…9, forward in yang dun, backward in yin. */
const flyStep = (from: number, k: number, dun: Dun): number => ((((from - 1 + (dun === 'yang' ? k : -k)) % 9) + 9) % 9) + 1;
const ringTurn = (palace: number, steps: number): number => RING[(((ringIndex(palace) + steps) % 8) + 8) % 8];
const lodge = (palace: number) => (palace === 5 ? 2 : palace);
const named = (x: StarInfo | DoorInfo, meanings: Record<string, string>) => ({
  zh: x.zh,
  pinyin: x.pinyin,
  en: x.en,
  element: x.element,
  meaning: meanings[x.key],
});

/**
 * A Qi Men Dun Jia hour chart (时家奇门) by the rotating plate (转盘), ju by the split method
 * (拆补法), the centre palace lodged in 坤2 (中五寄坤二). Every rule and its source: docs/chinese.md.
 */
export function qimenChart(input: QimenInput, ephemerisPath: string): QimenChart {
  const instant = instantFromLocal(input.date, input.time, input.timezoneOffsetMinutes * 60);
  const clock = birthMoment({ instant, offsetSeconds: input.timezoneOffsetMinutes * 60 }, ephemerisPath);
  const trueSolar = input.true_solar_time ?? false;
  const standard = pillarClock(clock, input, input.dst);
  const solar = trueSolar ? apparentSolarTime(clock.instantMs, input.longitude ?? 0, ephemerisPath) : null;
  const moment = solar ? withSolarClock(clock, solar.ms) : standard.moment;
  // The day pillar of the civil date; from 23:00 the next day's (子初换日), as the hour pillar too.
  const pillars = fourPillars(moment, 'next_day_at_23', ephemerisPath);

  // 拆补法: the term in force by its exact instant; the yuan from the day's 符头 (last 甲 or 己 day).
  const term = solarTermAt(clock.instantMs, ephemerisPath);
  const dun: Dun = YANG_TERMS.has(term.zh) ? 'yang' : 'yin';
  const yuanIndex = Math.floor((pillars.day.cycleIndex % 15) / 5);
  const ju = JU_BY_TERM[term.zh][yuanIndex];
  const fuTou = pillars.day.cycleIndex - (pillars.day.cycleIndex % 5);

  // Earth plate: 戊己庚辛壬癸丁丙乙 from the ju's palace, forward in yang dun, backward in yin.
  const earth: Record<number, string> = {};
  const stemPalace: Record<string, number> = {};
  QI_YI.forEach((stem, k) => {
    const palace = flyStep(ju, k, dun);
    earth[palace] = stem;
    stemPalace[stem] = palace;
  });

  // The hour's 旬 head (the hidden 甲) and the instrument it hides under.
  const hour = pillars.hour;
  const xunStart = hour.cycleIndex - hour.stem.index;
  const instrument = QI_YI[xunStart / 10];
  const dutyHome = stemPalace[instrument];
  const dutyStar = starAtHome(dutyHome);
  const dutyDoor = doorAtHome(lodge(dutyHome));
  // A 甲 hour uses its instrument (the 甲 is hidden under it).
  const hourStem = hour.stem.hanja === '甲' ? instrument : hour.stem.hanja;

  // Heaven plate: the duty star turns to the palace of the hour stem on the earth plate, the ring with it.
  const starPalace = lodge(stemPalace[hourStem]);
  const starTurn = ringIndex(starPalace) - ringIndex(lodge(dutyHome));
  // Duty door: from the 旬 head's palace, one palace per hour through 1…9 (yang forward, yin backward).
  const hoursIntoXun = hour.cycleIndex - xunStart;
  const doorPalace = lodge(flyStep(dutyHome, hoursIntoXun, dun));
  const doorTurn = ringIndex(doorPalace) - ringIndex(dutyDoor.home);
  // Hidden stems (值使起时干, 重干起中宫): the hour stem on the duty door's palace, or on the centre when
  // it is that palace's own earth stem, then the 奇仪 order through 1…9 as the earth plate runs.
  const hidden: Record<number, string> = {};
  const hourStemOrder = QI_YI.indexOf(hourStem as (typeof QI_YI)[number]);
  const hiddenStart = earth[doorPalace] === hourStem ? 5 : doorPalace;
  for (let k = 0; k < 9; k++) hidden[flyStep(hiddenStart, k, dun)] = QI_YI[(hourStemOrder + k) % 9];

  const voids = voidBranchIndices(hour).map((i) => BRANCHES[i].hanja);
  const horse = BRANCHES[HORSE_BY_FRAME[hour.branch.index % 4]].hanja;
  const dayVoids = voidBranchIndices(pillars.day).map((i) => BRANCHES[i].hanja);
  const dayHorse = BRANCHES[HORSE_BY_FRAME[pillars.day.branch.index % 4]].hanja;
  const qin = STARS.find((s) => s.key === 'qin')!;
  const content = QIMEN_CONTENT[input.language ?? 'en'];

  const palaces: QimenPalace[] = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((number) => {
    const info = PALACES[number];
    const base = {
      ...info,
      branches: [...info.branches],
      earth_stem: earth[number],
      earth_stem_lodged: number === 2 ? earth[5] : null,
      hidden_stem: hidden[number],
    };
    if (number === 5) {
      return { ...base, heaven_stem: null, heaven_stem_lodged: null, star: null, star_lodged: null, door: null, deity: null, marks: [] };
    }
    const source = ringTurn(number, -starTurn);
    const star = starAtHome(source);
    const door = doorAtHome(ringTurn(number, -doorTurn));
    const deityStep = (ringIndex(number) - ringIndex(starPalace)) * (dun === 'yang' ? 1 : -1);
    const deity = DEITIES[((deityStep % 8) + 8) % 8];
    const heaven = earth[source];
    const heavenLodged = source === 2 ? earth[5] : null;
    const marks: QimenMark[] = [];
    if (controlledBy(door.element) === info.element) {
      marks.push({
        key: 'men_po',
        zh: '门迫',
        en: 'Door Oppression',
        stem: null,
        plate: null,
        detail: `${door.zh} (${door.element}) controls the ${info.trigram} palace (${info.element})`,
      });
    }
    // Tomb and punishment are read for every stem standing in the palace, heaven plate first, the lodged ones included.
    const stems: [string | null, 'heaven' | 'earth'][] = [
      [heaven, 'heaven'],
      [heavenLodged, 'heaven'],
      [earth[number], 'earth'],
      [base.earth_stem_lodged, 'earth'],
    ];
    for (const [stem, plate] of stems) {
      if (stem === null) continue;
      if (TOMB_PALACE[stem] === number) {
        marks.push({
          key: 'ru_mu',
          zh: '入墓',
          en: 'Entering the Tomb',
          stem,
          plate,
          detail: `${plate}-plate ${stem} in its tomb palace ${info.trigram}${number}`,
        });
      }
      if (PUNISHMENT_PALACE[stem] === number) {
        marks.push({
          key: 'ji_xing',
          zh: '击刑',
          en: 'Punishment',
          stem,
          plate,
          detail: `${plate}-plate ${stem} meets the punishment of its hidden 甲 in ${info.trigram}${number}`,
        });
      }
    }
    const voidHere = info.branches.filter((b) => voids.includes(b));
    if (voidHere.length > 0)
      marks.push({
        key: 'kong_wang',
        zh: '空亡',
        en: 'Void',
        stem: null,
        plate: null,
        detail: `${voidHere.join('')} void in the hour's 旬`,
      });
    if (info.branches.includes(horse))
      marks.push({
        key: 'yi_ma',
        zh: '驿马',
        en: 'Travelling Horse',
        stem: null,
        plate: null,
        detail: `${horse}, the horse of the hour branch ${hour.branch.hanja}`,
      });
    return {
      ...base,
      heaven_stem: heaven,
      heaven_stem_lodged: heavenLodged,
      star: named(star, content.stars),
      star_lodged: source === 2 ? named(qin, content.stars) : null,
      door: named(door, content.doors),
      deity: { zh: deity.zh, pinyin: deity.pinyin, en: deity.en },
      marks,
    };
  });

  const pillarView = Object.fromEntries(
    PILLAR_NAMES.map((n) => [n, { gan_zhi: ganZhi(pillars[n]), pinyin: pinyinOf(pillars[n]) }]),
  ) as QimenChart['pillars'];
  return {
    system: 'qimen_dunjia_hour',
    convention: {
      name: '时家奇门 转盘 拆补法 中五寄坤二',
      plate: '转盘',
      ju_method: '拆补法',
      centre_palace: '中五寄坤二',
      day_boundary: 'the day pillar of the civil date; from 23:00 the next day (子初换日)',
      hidden_stem_rule:
        "hour stem (a 甲 hour: its instrument) on the duty door's palace, or on the centre when it is that palace's own earth stem (重干起中宫), then 戊己庚辛壬癸丁丙乙 through the palaces 1…9, forward in yang dun, backward in yin",
    },
    time_basis: {
      clock: { date: input.date, time: input.time, timezoneOffsetMinutes: input.timezoneOffsetMinutes },
      true_solar_time: trueSolar,
      solar_time: solar?.view ?? null,
      summer_time: trueSolar ? underSolarTime(standard.basis) : standard.basis,
    },
    dun,
    dun_zh: dun === 'yang' ? '阳遁' : '阴遁',
    ju,
    yuan: YUAN[yuanIndex].key,
    yuan_zh: YUAN[yuanIndex].zh,
    fu_tou: ganZhi(pillarAt(fuTou)),
    solar_term: {
      zh: term.zh,
      en: term.en,
      longitude: term.longitude,
      start_utc: new Date(Math.round(term.startMs)).toISOString(),
      next_start_utc: new Date(Math.round(term.nextStartMs)).toISOString(),
    },
    pillars: pillarView,
    xun_shou: { gan_zhi: `甲${BRANCHES[xunStart % 12].hanja}`, instrument },
    duty_star: { zh: dutyStar.zh, pinyin: dutyStar.pinyin, en: dutyStar.en, home_palace: dutyHome, palace: starPalace },
    duty_door: { zh: dutyDoor.zh, pinyin: dutyDoor.pinyin, en: dutyDoor.en, home_palace: dutyDoor.home, palace: doorPalace },
    void_branches: voids,
    horse_branch: horse,
    day_void_branches: dayVoids,
    day_horse_branch: dayHorse,
    palaces,
    patterns: qimenPatterns({ palaces, starTurn, doorTurn, dutyDoorPalace: doorPalace }),
  };
}
