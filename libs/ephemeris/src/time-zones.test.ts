import { formatOffset, offsetSecondsAt, UnknownTimeZoneError, wallTimeOffset } from './time-zones';

/**
 * Expected offsets are those of the IANA tz database (files `asia`, `europe`, `northamerica`),
 * which the runtime's ICU data carries:
 * - Asia/Bangkok: "6:42:04 - LMT 1880; 6:42:04 - BMT 1920 Apr; 7:00 - +07" (Bangkok Mean Time).
 * - Europe/London: "Rule GB-Eire 1941 only - May 4 2:00s 2:00 BDST" to Aug 10; winter 1940-41
 *   kept BST (+1) all winter; so 1941-06-01 is +2:00 (British Double Summer Time).
 * - America/Indiana/Indianapolis: "-5:00 - EST 2006" from 1971: no daylight time in the 1970s.
 * - America/New_York 2024: DST from 10 March 02:00 (gap 02:00–03:00) to 3 November 02:00
 *   (01:00–02:00 happens twice).
 */
describe('wall-time offsets from the IANA time zone database', () => {
  it.each([
    ['Asia/Bangkok', '1915-06-01', '12:00', 6 * 60 + 42 + 4 / 60],
    ['Asia/Bangkok', '1925-06-01', '12:00', 420],
    ['Europe/London', '1941-06-01', '12:00', 120],
    ['Europe/London', '1941-01-15', '12:00', 60],
    ['America/Indiana/Indianapolis', '1975-07-04', '12:00', -300],
    ['America/Indiana/Indianapolis', '2010-07-04', '12:00', -240],
    ['Asia/Kolkata', '1981-09-13', '01:30', 330],
  ])('%s at %s %s is %d minutes east', (zone, date, time, expected) => {
    const result = wallTimeOffset(zone, date, time);
    expect(result.kind).toBe('unique');
    expect(result.kind === 'unique' && result.offsetMinutes).toBeCloseTo(expected, 10);
  });

  it('reports a spring-forward gap with the offsets before and after it', () => {
    expect(wallTimeOffset('America/New_York', '2024-03-10', '02:30')).toEqual({
      kind: 'gap',
      offsetBeforeMinutes: -300,
      offsetAfterMinutes: -240,
    });
  });

  it('reports a fall-back overlap, the earlier instant first', () => {
    expect(wallTimeOffset('America/New_York', '2024-11-03', '01:30')).toEqual({
      kind: 'ambiguous',
      offsetMinutes: -240,
      earlierOffsetMinutes: -240,
      laterOffsetMinutes: -300,
    });
  });

  it('refuses an unknown zone', () => {
    expect(() => offsetSecondsAt('Mars/Olympus_Mons', 0)).toThrow(UnknownTimeZoneError);
  });

  it('formats offsets with seconds only when there are some', () => {
    expect(formatOffset(402 + 4 / 60)).toBe('+06:42:04');
    expect(formatOffset(-300)).toBe('-05:00');
  });
});
