import { CalendarDate, DateOrInstant } from './calendar-date';

describe('calendar dates are real dates', () => {
  it('CalendarDate takes days that exist and refuses 02-30, 02-29 of a common year, month 13 and day 00', () => {
    for (const day of ['2024-02-29', '2026-12-31', '0001-01-01']) expect(CalendarDate.safeParse(day).success).toBe(true);
    for (const day of ['2026-02-30', '2023-02-29', '2026-13-01', '2026-04-31', '2026-01-00', '0000-01-01', '2026-2-3']) {
      expect(CalendarDate.safeParse(day).success).toBe(false);
    }
  });

  it('DateOrInstant takes a real day or a real instant with an offset, and refuses impossible ones', () => {
    for (const value of ['2026-02-28', '2026-02-28T23:59:59Z', '2024-02-29T12:00:00+07:00', '2026-01-01T00:00:00.123Z']) {
      expect(DateOrInstant.safeParse(value).success).toBe(true);
    }
    for (const value of [
      '2026-02-30',
      '2026-02-30T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T12:60:00Z',
      '2026-01-01T12:00:00',
      'yesterday',
    ]) {
      expect(DateOrInstant.safeParse(value).success).toBe(false);
    }
  });
});
