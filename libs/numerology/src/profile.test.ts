import { lifePath, nameNumber, numerologyProfile } from './profile';
import { nameWords, NameNotLatinError, VOWELS } from './letters';
import { reduceNumber } from './reduce';
import { lifePathCompatibility } from './compatibility';
import { NUMEROLOGY_CONTENT } from './content';

/**
 * Worked examples quoted from numerology references (docs/tarot-numerology.md lists them):
 * - Hans Decoz, decoz.com "Do your own numerology report": "October 12, 1936 … The Life Path number is 5";
 *   "November 22, 1992 … month = 11, day = 22, year = 3 … total = 36 … The Life Path is 9".
 * - lifepathcalc.pages.dev "How to calculate": "March 17, 1985 … Life Path 7"; "May 14, 1990 … 11 (Master Number — do not
 *   reduce!)"; "April 4, 1975 … Year: 1 + 9 + 7 + 5 = 22 → 22 … Total: 4 + 4 + 22 = 30 → 3".
 * - astrovera.com "Calculate the number of your life path": "March 30, 1989 … Life Path number … is 6".
 * - cosmic-copilot.com name calculator, JOHN SMITH: "Expression … = 44 → 4+4 = 8", "Soul Urge … = 15 → 1+5 = 6",
 *   "Personality … = 29 → 2+9 = 11 (Master Number!)".
 * - numerologia.io "The mathematics of names", ANNA TORRES: "Expression: 8", "Soul Urge: 4".
 * - Hans Decoz, worldnumerology.com "The Heart's Desire": THOMAS JOHN HANCOCK, "Thomas's Heart's Desire is therefore
 *   7 + 6 + 7 = 20, which reduces to 2".
 * - seventhlifepath.com "Heart's Desire/Soul Urge Number", JOHN WINSTON LENNON: "6 = 6, 9 + 6 = 15 = 6, 5 + 6 = 11 …
 *   = 6 + 6 + 11 = 23 = 5" (the master 11 of LENNON kept unreduced inside the sum).
 * - cognitivenumerology.com "How to calculate Expression Number", JANE MARIE DOE: "3 + 1 + 6 = 10 → 1 + 0 = Expression
 *   Number = 1".
 * - mikiname.com "How to Calculate Numerology Numbers", NGUYEN VAN MINH (Y a consonant): "Total: 5 + 1 + 8 = 14 →
 *   1 + 4 = 5".
 */
describe('life path: cited worked examples', () => {
  it.each([
    ['1936-10-12', 5],
    ['1992-11-22', 9],
    ['1985-03-17', 7],
    ['1990-05-14', 11],
    ['1975-04-04', 3],
    ['1989-03-30', 6],
  ])('%s → %i', (date, expected) => {
    expect(lifePath(date).reduction.value).toBe(expected);
  });

  it('shows every step, masters kept at each unit (Decoz, November 22, 1992)', () => {
    const steps = lifePath('1992-11-22').steps;
    expect(steps[3]).toBe('11+22+3 = 36, 3+6 = 9');
    expect(steps.slice(0, 3)).toEqual(['month 11: 11', 'day 22: 22', 'year 1992: 1+9+9+2 = 21, 2+1 = 3']);
  });

  it('writes a reduction step by step, digits summed: 1+9+8+4 = 22', () => {
    expect(reduceNumber(1984).steps).toBe('1+9+8+4 = 22');
    expect(reduceNumber(1984).value).toBe(22);
  });
});

describe('name numbers: cited worked examples', () => {
  const vowels = (l: string) => VOWELS.has(l);
  const everyLetter = () => true;

  it("THOMAS JOHN HANCOCK: heart's desire 7 + 6 + 7 = 20 → 2 (Decoz)", () => {
    const soul = nameNumber(nameWords('Thomas John Hancock'), vowels);
    expect(soul.reduction.value).toBe(2);
    expect(soul.steps.slice(0, 3)).toEqual(['THOMAS (OA): 6+1 = 7', 'JOHN (O): 6', 'HANCOCK (AO): 1+6 = 7']);
  });

  it('JOHN WINSTON LENNON: soul urge 6 + 6 + 11 = 23 → 5, the master 11 of one name kept', () => {
    const soul = nameNumber(nameWords('John Winston Lennon'), vowels);
    expect(soul.reduction.value).toBe(5);
    expect(soul.steps[2]).toBe('LENNON (EO): 5+6 = 11');
  });

  it('JANE MARIE DOE: expression 3 + 1 + 6 = 10 → 1', () => {
    expect(nameNumber(nameWords('Jane Marie Doe'), everyLetter).reduction.value).toBe(1);
  });

  it('NGUYEN VAN MINH: expression 5 + 1 + 8 = 14 → 5, Y counted as a consonant', () => {
    expect(nameNumber(nameWords('Nguyen Van Minh'), everyLetter).reduction.value).toBe(5);
    expect(VOWELS.has('Y')).toBe(false);
  });

  it('JOHN SMITH: expression 8, soul urge 6, personality 11', () => {
    const words = nameWords('John Smith');
    expect(nameNumber(words, () => true).reduction.value).toBe(8);
    expect(nameNumber(words, (l) => VOWELS.has(l)).reduction.value).toBe(6);
    expect(nameNumber(words, (l) => !VOWELS.has(l)).reduction.value).toBe(11);
  });
  it('ANNA TORRES: expression 8, soul urge 4', () => {
    const words = nameWords('Anna Torres');
    expect(nameNumber(words, () => true).reduction.value).toBe(8);
    expect(nameNumber(words, (l) => VOWELS.has(l)).reduction.value).toBe(4);
  });
});

describe('numerologyProfile', () => {
  const profile = numerologyProfile({ full_name: 'John Smith', birth_date: '1936-10-12', date: '2026-11-23' });
  it('derives maturity, personal cycles, karmic debts and lessons', () => {
    expect(profile.life_path.value).toBe(5);
    expect(profile.maturity.value).toBe(4); // 5 + 8 = 13 → 4
    expect(profile.karmic_debts).toEqual([]);
    const born19 = numerologyProfile({ full_name: 'John Smith', birth_date: '1936-10-19', date: '2026-11-23' });
    expect(born19.karmic_debts.map((d) => [d.number, d.found_in])).toEqual([[19, ['birthday']]]);
    // personal year: 1 (Oct) + 3 (12th) + 1 (2026 → 10 → 1) = 5; month 5 + 2 (Nov → 11 → 2) = 7; day 7 + 5 (23) = 12 → 3
    expect([profile.personal_year.value, profile.personal_month.value, profile.personal_day.value]).toEqual([5, 7, 3]);
    // JOHN SMITH letters give 1 6 8 5 1 4 9 2 8: missing 3 and 7
    expect(profile.karmic_lessons.map((l) => l.number)).toEqual([3, 7]);
    expect(profile.personality.master).toBe(true);
    expect(profile.life_path.meaning.th).toMatch(/[\u0E00-\u0E7F]/);
  });
  it('refuses a Thai-script name with a message that says how to write it', () => {
    expect(() => nameWords('สมชาย ใจดี')).toThrow(NameNotLatinError);
    expect(() => nameWords('สมชาย')).toThrow(/Latin letters/);
    expect(nameWords('José-María O’Neil')).toEqual(['JOSEMARIA', 'ONEIL']);
  });
});

describe('compatibility and content', () => {
  it('reads families, complements and masters', () => {
    expect(lifePathCompatibility(1, 5).level).toBe('natural');
    expect(lifePathCompatibility(11, 2).level).toBe('same');
    expect(lifePathCompatibility(1, 3).level).toBe('compatible');
    expect(lifePathCompatibility(1, 8).level).toBe('challenging');
    expect(lifePathCompatibility(22, 8).reasons).toHaveLength(2);
  });
  it('has every number meaning in both languages, Thai text in Thai', () => {
    for (const locale of ['en', 'th'] as const) {
      const c = NUMEROLOGY_CONTENT[locale];
      for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 22, 33]) expect(c.numbers[String(n) as keyof typeof c.numbers]).toBeTruthy();
    }
    for (const text of Object.values(NUMEROLOGY_CONTENT.th.numbers)) expect(text).not.toMatch(/[A-Za-z]{3,}/);
  });
});
