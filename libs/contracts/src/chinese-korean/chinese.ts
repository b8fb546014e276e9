import { z } from 'zod';
import { BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
import { DST_RULE, SummerTimeBasis } from '../shared/summer-time';
import { TRUE_SOLAR_TIME, ZI_HOUR } from '../shared/chart-options';
// Responses of real calls with the request examples below (test/chinese-api.test.ts keeps them current).
import baziReportExample from './examples/bazi-report.json';
import qimenChartExample from './examples/qimen-chart.json';

const ELEMENT = z.enum(['Wood', 'Fire', 'Earth', 'Metal', 'Water']);
const LANGUAGE = z.enum(['zh', 'en', 'th']).default('en').describe('language of the reading (zh: Simplified Chinese)');
const yearsSide = (fallback: number, side: string) =>
  z
    .number()
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(80, 'must be at most 80')
    .default(fallback)
    .describe(`civil years of annual pillars ${side} the birth year (0–80); with the other side at most 121 rows in all`);
export const BaziRequest = withBirthTimeZone(
  z
    .object({
      ...BirthSubjectFields,
      gender: z.enum(['male', 'female']).describe('sets the direction of the luck pillars (大运)'),
      true_solar_time: TRUE_SOLAR_TIME,
      dst: DST_RULE,
      zi_hour: ZI_HOUR,
      annual_years_before: yearsSide(0, 'before'),
      annual_years_after: yearsSide(20, 'after'),
      language: LANGUAGE,
    })
    .strict(),
).meta({
  id: 'BaziRequest',
  example: {
    date: '1990-05-15',
    time: '10:30',
    latitude: 39.9,
    longitude: 116.4,
    timezoneOffsetMinutes: 480,
    gender: 'male',
    language: 'zh',
  },
});
export type BaziRequest = z.infer<typeof BaziRequest>;

const Named = z.object({ zh: z.string(), en: z.string() });
const NaYin = z.object({ zh: z.string().describe('e.g. 路旁土'), en: z.string(), element: ELEMENT });
const TenGod = z.object({ zh: z.string().describe('e.g. 正官; 日主 for the day stem'), en: z.string() });
const BaziPillar = z.object({
  gan_zhi: z.string().describe('e.g. 庚午'),
  pinyin: z.string().describe('e.g. gēng wǔ'),
  stem: z.string(),
  branch: z.string(),
  stem_pinyin: z.string(),
  branch_pinyin: z.string(),
  stem_element: ELEMENT,
  branch_element: ELEMENT,
  stem_polarity: z.enum(['Yang', 'Yin']),
  animal: z.string(),
  animal_zh: z.string(),
  na_yin: NaYin,
  stem_ten_god: TenGod,
  hidden_stems: z.array(z.object({ stem: z.string(), pinyin: z.string(), element: ELEMENT, ten_god: TenGod })).describe('main qi first'),
  life_stage: Named.describe("the day master's life stage (长生十二宫) in this branch"),
  symbolic_stars: z
    .array(z.string())
    .describe('the symbolic stars standing on this branch, e.g. 天乙贵人 (details in the top-level symbolic_stars)'),
});
const SolarTime = z.object({
  date: z.string(),
  time: z.string(),
  longitude_correction_minutes: z.number(),
  equation_of_time_minutes: z.number(),
});
const TimeBasis = z.object({
  clock: z.object({ date: z.string(), time: z.string(), timezoneOffsetMinutes: z.number() }),
  true_solar_time: z.boolean(),
  solar_time: SolarTime.nullable(),
  summer_time: SummerTimeBasis,
});
const VoidOf = z.object({ branches: z.array(z.string()), pillars: z.array(z.enum(['year', 'month', 'day', 'hour'])) });
const Counts = z.object({
  Wood: z.number().int(),
  Fire: z.number().int(),
  Earth: z.number().int(),
  Metal: z.number().int(),
  Water: z.number().int(),
});

export const BaziReport = z
  .object({
    system: z.literal('chinese_bazi'),
    time_basis: TimeBasis.extend({ note: z.string() }),
    zi_hour: z.object({ convention: z.enum(['next_day', 'split']), note: z.string() }),
    pillars: z.object({ year: BaziPillar, month: BaziPillar, day: BaziPillar, hour: BaziPillar }),
    day_master: z.object({
      stem: z.string(),
      pinyin: z.string(),
      element: ELEMENT,
      element_zh: z.string(),
      polarity: z.enum(['Yang', 'Yin']),
      polarity_zh: z.string(),
      strength: z.object({
        label: z.enum(['strong', 'weak', 'balanced']),
        label_zh: z.string(),
        points: z.number(),
        max_points: z.literal(8),
        thresholds: z.object({ strong_at_least: z.number(), weak_at_most: z.number() }),
        reasoning: z.array(z.string()),
      }),
    }),
    five_elements: z.object({ counts: Counts, note: z.string() }),
    favourable_elements: z.object({
      favourable: z.array(ELEMENT),
      unfavourable: z.array(ELEMENT),
      favourable_zh: z.array(z.string()),
      unfavourable_zh: z.array(z.string()),
      rule: z.string(),
    }),
    void_branches: z.object({ day: VoidOf, year: VoidOf, rule: z.string() }),
    symbolic_stars: z.array(
      z.object({
        key: z.string(),
        zh: z.string(),
        en: z.string(),
        from: z.string(),
        branches: z.array(z.string()),
        pillars: z.array(z.enum(['year', 'month', 'day', 'hour'])),
        rule: z.string(),
      }),
    ),
    luck_pillars: z.object({
      direction: z.enum(['forward', 'backward']),
      direction_zh: z.string(),
      gender: z.enum(['male', 'female']),
      start: z.object({
        years: z.number().int(),
        months: z.number().int(),
        days: z.number().int(),
        hours: z.number().int(),
        minutes_to_term: z.number().int(),
        start_local: z.string().describe('local date and time (the birth offset) the first pillar begins'),
      }),
      rule: z.string(),
      periods: z.array(
        z.object({
          index: z.number().int(),
          gan_zhi: z.string(),
          pinyin: z.string(),
          na_yin: NaYin,
          stem_ten_god: TenGod,
          branch_main_ten_god: TenGod,
          life_stage: Named,
          start_age: z.object({ years: z.number().int(), months: z.number().int(), days: z.number().int() }),
          start_local: z.string(),
          end_local_exclusive: z.string(),
        }),
      ),
    }),
    annual_pillars: z.object({
      anchor_civil_year: z.number().int(),
      years_before: z.number().int(),
      years_after: z.number().int(),
      note: z.string(),
      years: z
        .array(
          z.object({
            civil_year: z.number().int(),
            age_sui: z.number().int(),
            gan_zhi: z.string(),
            pinyin: z.string(),
            na_yin: NaYin,
            stem_ten_god: TenGod,
            branch_main_ten_god: TenGod,
          }),
        )
        .max(121),
    }),
    reading: z.object({ language: z.enum(['zh', 'en', 'th']), paragraphs: z.array(z.string()) }),
  })
  .strict()
  .meta({ id: 'BaziReport', example: baziReportExample });
export type BaziReport = z.infer<typeof BaziReport>;

export const QimenRequest = withBirthTimeZone(
  z
    .object({
      date: BirthSubjectFields.date,
      time: BirthSubjectFields.time,
      timezoneOffsetMinutes: BirthSubjectFields.timezoneOffsetMinutes,
      timezone: BirthSubjectFields.timezone,
      fold: BirthSubjectFields.fold,
      latitude: BirthSubjectFields.latitude.optional().describe('optional; recorded with the chart'),
      longitude: BirthSubjectFields.longitude.optional().describe('needed when true_solar_time is true'),
      true_solar_time: TRUE_SOLAR_TIME,
      dst: DST_RULE,
      include_svg: z.boolean().default(true).describe('include the nine-palace board as SVG in `svg`'),
      language: z
        .enum(['zh', 'en', 'th'])
        .default('en')
        .describe('language of the star and door meanings (pattern meanings come in all three)'),
    })
    .strict()
    .refine((body) => !body.true_solar_time || body.longitude !== undefined, {
      message: 'is required when true_solar_time is true',
      path: ['longitude'],
    }),
).meta({ id: 'QimenRequest', example: { date: '2024-03-20', time: '12:00', timezoneOffsetMinutes: 480, include_svg: false } });
export type QimenRequest = z.infer<typeof QimenRequest>;

const StarOrDoor = z.object({ zh: z.string(), pinyin: z.string(), en: z.string(), element: ELEMENT, meaning: z.string() });
const Mark = z.object({
  key: z.enum(['men_po', 'ru_mu', 'ji_xing', 'kong_wang', 'yi_ma']),
  zh: z.string(),
  en: z.string(),
  stem: z.string().nullable().describe('入墓 and 击刑: the stem concerned'),
  plate: z.enum(['heaven', 'earth']).nullable().describe('入墓 and 击刑: the plate the stem stands on'),
  detail: z.string(),
});
const QimenPalace = z.object({
  number: z.number().int().min(1).max(9).describe('Lo Shu number'),
  trigram: z.string(),
  trigram_pinyin: z.string(),
  trigram_en: z.string().describe('e.g. Kan (Water)'),
  symbol: z.string(),
  direction: z.string(),
  direction_zh: z.string(),
  element: ELEMENT,
  branches: z.array(z.string()),
  earth_stem: z.string().describe('地盘'),
  earth_stem_lodged: z.string().nullable().describe("palace 2 only: the centre's earth stem (中五寄坤二)"),
  heaven_stem: z.string().nullable().describe('天盘; null in the centre'),
  heaven_stem_lodged: z.string().nullable().describe("the centre's stem carried with 天禽 beside 天芮"),
  hidden_stem: z.string().describe('暗干'),
  star: StarOrDoor.nullable(),
  star_lodged: StarOrDoor.nullable().describe('天禽 where it rides with 天芮'),
  door: StarOrDoor.nullable(),
  deity: z.object({ zh: z.string(), pinyin: z.string(), en: z.string() }).nullable(),
  marks: z.array(Mark).describe('门迫, 入墓, 击刑, 空亡, 驿马'),
});
const Pillar = z.object({ gan_zhi: z.string(), pinyin: z.string() });

export const QimenChart = z
  .object({
    system: z.literal('qimen_dunjia_hour'),
    convention: z.object({
      name: z.string(),
      plate: z.literal('转盘'),
      ju_method: z.literal('拆补法'),
      centre_palace: z.literal('中五寄坤二'),
      day_boundary: z.string(),
      hidden_stem_rule: z.string(),
    }),
    time_basis: TimeBasis,
    dun: z.enum(['yang', 'yin']),
    dun_zh: z.string(),
    ju: z.number().int().min(1).max(9),
    yuan: z.enum(['upper', 'middle', 'lower']),
    yuan_zh: z.string(),
    fu_tou: z.string().describe('符头: the last 甲 or 己 day, whose branch sets the yuan'),
    solar_term: z.object({
      zh: z.string(),
      en: z.string(),
      longitude: z.number(),
      start_utc: z.iso.datetime(),
      next_start_utc: z.iso.datetime(),
    }),
    pillars: z.object({ year: Pillar, month: Pillar, day: Pillar, hour: Pillar }),
    xun_shou: z.object({ gan_zhi: z.string(), instrument: z.string() }),
    duty_star: z.object({ zh: z.string(), pinyin: z.string(), en: z.string(), home_palace: z.number().int(), palace: z.number().int() }),
    duty_door: z.object({ zh: z.string(), pinyin: z.string(), en: z.string(), home_palace: z.number().int(), palace: z.number().int() }),
    void_branches: z.array(z.string()).describe("时空: the two void branches of the hour pillar's 旬, marked 空亡 on their palaces"),
    horse_branch: z.string().describe('时马: the horse of the hour branch, marked 驿马 on its palace'),
    day_void_branches: z.array(z.string()).describe("日空: the two void branches of the day pillar's 旬 (not marked)"),
    day_horse_branch: z.string().describe('日马: the horse of the day branch (not marked)'),
    palaces: z.array(QimenPalace).length(9),
    patterns: z.array(
      z.object({
        key: z.string(),
        zh: z.string(),
        en: z.string(),
        kind: z.enum(['auspicious', 'inauspicious', 'mixed']),
        palace: z.number().int().nullable(),
        rule: z.string(),
        meaning: z.object({ zh: z.string(), en: z.string(), th: z.string() }),
      }),
    ),
    svg: z.string().optional().describe('the nine-palace board (south at the top), when include_svg'),
  })
  .strict()
  .meta({ id: 'QimenChart', example: qimenChartExample });
export type QimenChart = z.infer<typeof QimenChart>;
