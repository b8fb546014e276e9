import { karmicDebtsOf, reduce, reduceNumber, Reduction } from './reduce';
import { letterValue, nameWords, VOWELS } from './letters';
import { meaningOf, karmicDebtMeaning, karmicLessonMeaning, Localized, NumberKind } from './content';

export interface NumerologyNumber {
  value: number;
  master: boolean;
  /** the full reduction, step by step */
  steps: string[];
  meaning: Localized;
}

export interface NumerologyProfile {
  system: 'pythagorean';
  full_name: string;
  birth_date: string;
  date: string;
  life_path: NumerologyNumber;
  expression: NumerologyNumber;
  soul_urge: NumerologyNumber;
  personality: NumerologyNumber;
  birthday: NumerologyNumber;
  maturity: NumerologyNumber;
  personal_year: NumerologyNumber;
  personal_month: NumerologyNumber;
  personal_day: NumerologyNumber;
  karmic_debts: { number: number; found_in: string[]; meaning: Localized }[];
  karmic_lessons: { number: number; meaning: Localized }[];
}

export interface ProfileInput {
  full_name: string;
  birth_date: string;
  /** the day of the personal year, month and day (YYYY-MM-DD) */
  date: string;
}

const isMaster = (n: number) => n === 11 || n === 22 || n === 33;

function numberOf(kind: NumberKind, value: number, steps: string[]): NumerologyNumber {
  return { value, master: isMaster(value), steps, meaning: meaningOf(kind, value) };
}

function ymd(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day };
}

/**
 * Life path by Decoz's method: month, day and year are each reduced to a digit or a master
 * number, then the three are added and reduced again (masters kept).
 */
export function lifePath(birthDate: string): { reduction: Reduction; steps: string[] } {
  const { year, month, day } = ymd(birthDate);
  const m = reduceNumber(month);
  const d = reduceNumber(day);
  const y = reduceNumber(year);
  const total = reduce([m.value, d.value, y.value]);
  return {
    reduction: total,
    steps: [`month ${month}: ${m.steps}`, `day ${day}: ${d.steps}`, `year ${year}: ${y.steps}`, total.steps],
  };
}

/**
 * A name number: each word's letters are added and reduced on their own (masters kept), then the
 * word numbers are added and reduced. `pick` chooses the letters (all, vowels or consonants).
 */
export function nameNumber(words: string[], pick: (letter: string) => boolean): { reduction: Reduction; steps: string[] } {
  const steps: string[] = [];
  const wordValues: number[] = [];
  for (const word of words) {
    const letters = word.split('').filter(pick);
    if (letters.length === 0) continue;
    const r = reduce(letters.map(letterValue));
    steps.push(`${word} (${letters.join('')}): ${r.steps}`);
    wordValues.push(r.value);
  }
  const total = reduce(wordValues.length > 0 ? wordValues : [0]);
  steps.push(total.steps);
  return { reduction: total, steps };
}

export function numerologyProfile(input: ProfileInput): NumerologyProfile {
  const words = nameWords(input.full_name);
  const birth = ymd(input.birth_date);
  const today = ymd(input.date);

  const lp = lifePath(input.birth_date);
  const expression = nameNumber(words, () => true);
  const soul = nameNumber(words, (l) => VOWELS.has(l));
  const personality = nameNumber(words, (l) => !VOWELS.has(l));
  const birthday = reduceNumber(birth.day);
  const maturity = reduce([lp.reduction.value, expression.reduction.value]);

  // Personal cycles run 1–9 (Decoz): birth month + birth day + the calendar year, then + month, + day.
  const py = reduce(
    [reduceNumber(birth.month, false).value, reduceNumber(birth.day, false).value, reduceNumber(today.year, false).value],
    false,
  );
  const pm = reduce([py.value, reduceNumber(today.month, false).value], false);
  const pd = reduce([pm.value, reduceNumber(today.day, false).value], false);

  const debts = new Map<number, string[]>();
  const addDebts = (source: string, numbers: number[]) =>
    numbers.forEach((n) => debts.set(n, [...new Set([...(debts.get(n) ?? []), source])]));
  addDebts('life_path', karmicDebtsOf(lp.reduction));
  addDebts('expression', karmicDebtsOf(expression.reduction));
  addDebts('soul_urge', karmicDebtsOf(soul.reduction));
  addDebts('personality', karmicDebtsOf(personality.reduction));
  addDebts('birthday', karmicDebtsOf(birthday));

  const present = new Set(words.join('').split('').map(letterValue));
  const lessons = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((n) => !present.has(n));

  return {
    system: 'pythagorean',
    full_name: input.full_name,
    birth_date: input.birth_date,
    date: input.date,
    life_path: numberOf('life_path', lp.reduction.value, lp.steps),
    expression: numberOf('expression', expression.reduction.value, expression.steps),
    soul_urge: numberOf('soul_urge', soul.reduction.value, soul.steps),
    personality: numberOf('personality', personality.reduction.value, personality.steps),
    birthday: numberOf('birthday', birthday.value, [`day ${birth.day}: ${birthday.steps}`]),
    maturity: numberOf('maturity', maturity.value, [`life path + expression: ${maturity.steps}`]),
    personal_year: numberOf('personal_year', py.value, [`birth month + birth day + year ${today.year}: ${py.steps}`]),
    personal_month: numberOf('personal_month', pm.value, [`personal year + month ${today.month}: ${pm.steps}`]),
    personal_day: numberOf('personal_day', pd.value, [`personal month + day ${today.day}: ${pd.steps}`]),
    karmic_debts: [...debts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([number, found_in]) => ({ number, found_in, meaning: karmicDebtMeaning(number) })),
    karmic_lessons: lessons.map((number) => ({ number, meaning: karmicLessonMeaning(number) })),
  };
}
