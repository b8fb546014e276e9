import en from '../content/en.json';
import ko from '../content/ko.json';
import th from '../content/th.json';
import { compose, fill as fillOnly, fixArticles, readerDate, readerYear, TextValues } from '@astro/text';
import { Element } from './cycle';
import { Strength } from './five-elements';
import { BranchInteraction } from './interactions';
import { Gender, LuckDirection } from './luck';
import { PillarName } from './pillars';
import { TenGodName } from './ten-gods';

/** Reading text per language lives in content/<locale>.json; every file has the shape of en.json. */
type Content = typeof en;
const CONTENT: Record<string, Content> = { en, ko, th };

export const FOCUSES = ['general', 'love', 'career', 'wealth'] as const;
export type Focus = (typeof FOCUSES)[number];
export type StarGroup = 'companion' | 'output' | 'wealth' | 'officer' | 'resource';

/** `ko-KR`, `th_TH`, `KO` → ko / th; any other language falls back to English. */
export function readingLanguage(locale: string): 'en' | 'ko' | 'th' {
  const language = locale.toLowerCase().split(/[-_]/)[0];
  return language === 'ko' || language === 'th' ? language : 'en';
}

export function defaultQuestion(focus: Focus, locale: string): string {
  return CONTENT[readingLanguage(locale)].default_question[focus];
}

export function starGroupOf(name: TenGodName): StarGroup {
  switch (name) {
    case 'Friend':
    case 'Rob Wealth':
    case 'Day Master':
      return 'companion';
    case 'Eating God':
    case 'Hurting Officer':
      return 'output';
    case 'Indirect Wealth':
    case 'Direct Wealth':
      return 'wealth';
    case 'Seven Killings':
    case 'Direct Officer':
      return 'officer';
    default:
      return 'resource';
  }
}

/** The chart's features the reading is written from. */
export interface ReadingFeatures {
  dayStem: string;
  dayElement: Element;
  dayPolarity: 'Yang' | 'Yin';
  strength: Strength;
  supportScore: number;
  counts: Record<Element, number>;
  strongest: Element[];
  missing: Element[];
  favorable: Element;
  interactions: BranchInteraction[];
  dayBranch: string;
  /** Ten gods of the three other stems and of the main hidden stem of each branch (7 in all). */
  starCounts: Record<StarGroup, number>;
  monthStemGod: TenGodName;
  gender: Gender;
  direction: LuckDirection;
  directionAssumed: boolean;
  firstLuckPillar: string;
  firstLuckAge: number;
  /** The moment the reading speaks of (the request time or the client's `reference_date`). */
  now: ReadingMoment;
}

/** The luck period and the sexagenary year that contain the reading's moment. */
export interface ReadingMoment {
  /** `YYYY-MM-DD`, as the text shows it */
  date: string;
  /** before the first period, inside one of the ten, or after the last */
  luck:
    | { state: 'before'; first: string }
    | { state: 'during'; pillar: string; god: TenGodName; fromAge: number; toAge: number; startYear: number; endYear: number }
    | { state: 'after'; last: string };
  /** civil year whose Ipchun began the sexagenary year in force, its pillar and ten god; then the next one */
  year: number;
  yearPillar: string;
  yearGod: TenGodName;
  nextPillar: string;
  nextGod: TenGodName;
}

/** Fills a template: English gets its articles and a capital (@astro/text), Korean and Thai only the values. */
type Fill = (template: string, values: TextValues) => string;
const filler =
  (language: string): Fill =>
  (template, values) =>
    compose(language, template, values);

function joinList(items: string[], c: Content): string {
  if (items.length <= 1) return items.join('');
  return items.slice(0, -1).join(c.list.separator) + c.list.last + items[items.length - 1];
}

const QUOTE_LIMIT = 200;
const quoted = (question: string) => {
  const q = question.trim().replace(/\s+/g, ' ');
  return q.length > QUOTE_LIMIT ? `${q.slice(0, QUOTE_LIMIT)}…` : q;
};

const TENSE: BranchInteraction['type'][] = ['clash', 'punishment', 'harm', 'destruction'];

function focusParagraph(f: ReadingFeatures, focus: Focus, c: Content, fill: Fill): string {
  const group = (g: StarGroup) => c.group[g];
  if (focus === 'general') {
    const order: StarGroup[] = ['companion', 'output', 'wealth', 'officer', 'resource'];
    const leading = order.reduce((best, g) => (f.starCounts[g] > f.starCounts[best] ? g : best));
    return fill(c.focus.general[leading], { group: group(leading) });
  }
  if (focus === 'love') {
    // The partner star is wealth for a man and officer for a woman; with no gender, both count.
    const stars: StarGroup[] = f.gender === 'male' ? ['wealth'] : f.gender === 'female' ? ['officer'] : ['wealth', 'officer'];
    const count = stars.reduce((n, g) => n + f.starCounts[g], 0);
    const starGroup = joinList(stars.map(group), c);
    const star = fill(count > 0 ? c.focus.love.star : c.focus.love.star_none, { group: starGroup, count });
    const onDay = f.interactions.filter((i) => i.pillars.includes('day'));
    const names = (list: BranchInteraction[]) => joinList([...new Set(list.map((i) => c.interaction_name[i.type]))], c);
    const tense = onDay.filter((i) => TENSE.includes(i.type));
    const harmony = onDay.filter((i) => !TENSE.includes(i.type));
    const palace =
      tense.length > 0
        ? fill(c.focus.love.palace_tension, { branch: f.dayBranch, names: names(tense) })
        : harmony.length > 0
          ? fill(c.focus.love.palace_harmony, { branch: f.dayBranch, names: names(harmony) })
          : fill(c.focus.love.palace_calm, { branch: f.dayBranch });
    return `${star} ${palace}`;
  }
  if (focus === 'career') {
    const officer = f.starCounts.officer;
    const output = f.starCounts.output;
    return [
      fill(officer > 0 ? c.focus.career.officer : c.focus.career.officer_none, { group: group('officer'), count: officer }),
      fill(output > 0 ? c.focus.career.output : c.focus.career.output_none, { count: output }),
      fill(c.focus.career.month, { god: c.ten_god[f.monthStemGod] }),
    ].join(' ');
  }
  const wealth = f.starCounts.wealth;
  const kind =
    wealth === 0
      ? f.starCounts.output > 0
        ? 'absent'
        : 'absent_no_output'
      : f.strength === 'strong'
        ? 'capacity'
        : f.strength === 'weak' && wealth >= 2
          ? 'pressure'
          : 'steady';
  return fill(c.focus.wealth[kind], { group: group('wealth'), count: wealth, output: f.starCounts.output });
}

/** Where the reading's moment stands in the major luck and the annual pillars (the text of `now_*`). */
function nowParagraph(f: ReadingFeatures, c: Content, fill: Fill, language: string): string {
  const n = f.now;
  // the reader's own date ("10 March 2026", "10 มีนาคม พ.ศ. 2569"), never the ISO form
  const date = readerDate(language, n.date);
  const theme = (god: TenGodName) => c.god_theme[god];
  const luck =
    n.luck.state === 'during'
      ? fill(c.now_luck, {
          date,
          pillar: n.luck.pillar,
          from_age: n.luck.fromAge,
          to_age: n.luck.toAge,
          start_year: readerYear(language, n.luck.startYear),
          end_year: readerYear(language, n.luck.endYear),
          god_theme: theme(n.luck.god),
        })
      : n.luck.state === 'before'
        ? fill(c.now_luck_before, { date, age: roundedAge(f.firstLuckAge) })
        : fill(c.now_luck_after, { date });
  const year = fill(c.now_year, {
    year_pillar: n.yearPillar,
    year: readerYear(language, n.year),
    year_theme: theme(n.yearGod),
    next_pillar: n.nextPillar,
    next_year: readerYear(language, n.year + 1),
    next_theme: theme(n.nextGod),
  });
  return `${luck} ${year}`;
}

const roundedAge = (age: number) => (Math.round(age * 10) / 10).toString();

/** A reading for `focus` and `question` in the locale's language, written from the chart's features. */
export function readingSummary(f: ReadingFeatures, focus: Focus, question: string, locale: string): string {
  const language = readingLanguage(locale);
  const c = CONTENT[language];
  const fill = filler(language);
  // The answer goes on after a colon in the middle of a sentence: articles agree, no capital.
  const inline: Fill = (template, values) => (language === 'en' ? fixArticles(fillOnly(template, values)) : fillOnly(template, values));
  const element = (e: Element) => c.element[e];
  const plural = (n: number) => (n === 1 ? 'one' : 'many');
  const age = roundedAge(f.firstLuckAge);
  const n = f.now;
  const currentLuck =
    n.luck.state === 'during'
      ? n.luck.pillar
      : n.luck.state === 'before'
        ? inline(c.luck_upcoming, { pillar: n.luck.first })
        : inline(c.luck_last, { pillar: n.luck.last });
  const sentences = [
    fill(c.intro, {
      stem: f.dayStem,
      element_polarity: inline(c.element_with_polarity, { polarity: c.polarity[f.dayPolarity], element: element(f.dayElement) }),
      trait: c.element_trait[f.dayElement],
    }),
    fill(c.strength[f.strength], { score: Math.round(f.supportScore * 100) }),
    fill(c.strongest, {
      elements: joinList(f.strongest.map(element), c),
      verb: c.strongest_verb[plural(f.strongest.length)],
      count: f.counts[f.strongest[0]],
    }),
    f.missing.length === 0
      ? c.missing_none
      : fill(c.missing, {
          elements: joinList(f.missing.map(element), c),
          verb: c.missing_verb[plural(f.missing.length)],
          what: c.element_trait[f.missing[0]],
        }),
    fill(c.favorable, { element: element(f.favorable), advice: c.favorable_advice[f.favorable] }),
    f.interactions.length === 0
      ? c.interactions_none
      : fill(c.interactions_some, {
          list: joinList(
            f.interactions.map((i) =>
              inline(c.interaction_item, {
                name: c.interaction_name[i.type],
                pillars: i.pillars.map((p: PillarName) => c.pillar[p]).join('–'),
              }),
            ),
            c,
          ),
        }),
    focusParagraph(f, focus, c, fill),
    fill(c.luck, {
      direction: c.direction[f.direction],
      assumed: f.directionAssumed ? c.assumed_default : '',
      pillar: f.firstLuckPillar,
      age,
    }),
    nowParagraph(f, c, fill, language),
    // The client's question is quoted as asked: only the placeholders are filled.
    fillOnly(c.question, {
      question: quoted(question),
      answer: inline(c.answer[focus], { favorable: element(f.favorable), luck: currentLuck, year_pillar: n.yearPillar }),
    }),
  ];
  return sentences.join(' ');
}
