import { readerDate } from './dates';

describe('readerDate', () => {
  it('writes a calendar date as a reader of each language does, never in the ISO form', () => {
    expect(readerDate('en', '2026-03-10')).toBe('10 March 2026');
    expect(readerDate('th', '2026-03-10')).toBe('10 มีนาคม พ.ศ. 2569');
    expect(readerDate('ko', '2026-03-10')).toBe('2026년 3월 10일');
    expect(readerDate('fr', '1993-12-01')).toBe('1 December 1993');
  });

  it('refuses what is not a calendar date', () => {
    expect(() => readerDate('en', '2026-03')).toThrow('not a calendar date');
  });
});
