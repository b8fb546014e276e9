import {
  formatOffset,
  isKnownTimeZone,
  localMeanTimeOffsetSeconds,
  offsetSecondsAt,
  timeZoneDatabaseVersion,
  UnknownTimeZoneError,
  wallTimeOffset,
  zoneLocalMeanTimeAt,
} from '.';

const hms = (h: number, m: number, s = 0) => Math.sign(h || m) * (Math.abs(h) * 3600 + m * 60 + s);

/**
 * Expected offsets are those of the IANA tz database with backzone (files `asia`, `europe`,
 * `northamerica`, `backzone`), as `zdump -v` on Debian with tzdata 2025b prints them:
 * - Asia/Bangkok: "6:42:04 - LMT 1880; 6:42:04 - BMT 1920 Apr; 7:00 - +07" (Bangkok Mean Time).
 * - Europe/London: "Rule GB-Eire 1941 only - May 4 2:00s 2:00 BDST" to Aug 10; winter 1940-41
 *   kept BST (+1) all winter; so 1941-06-01 is +2:00 (British Double Summer Time).
 * - America/Indiana/Indianapolis: "-5:00 - EST 2006" from 1971: no daylight time in the 1970s.
 * - backzone: Europe/Amsterdam "0:19:32 Neth %s 1937 Jul 1" with "Rule Neth 1926 1931 - May 15
 *   2:00s 1:00 NST" (+1:19:32); Europe/Copenhagen "1:00 Denmark CE%sT" with summer 1947 May 4 -
 *   Aug 10; Europe/Oslo "Rule Norway 1959 1964 - Mar Sun>=15 2:00s 1:00 S"; Atlantic/Reykjavik
 *   "-1:00 Iceland -01/+00 1968 Apr 7 1:00s" (summer time from April only); Asia/Vientiane
 *   "7:00 - +07 1947 Apr; 8:00 - +08 1955 Apr 15; 7:00 - +07" (Laos followed Saigon).
 * - America/New_York 2024: DST from 10 March 02:00 (gap 02:00–03:00) to 3 November 02:00
 *   (01:00–02:00 happens twice).
 */
describe('wall-time offsets from the tz database with backzone', () => {
  it.each([
    ['Asia/Bangkok', '1915-06-01', '12:00', hms(6, 42, 4)],
    ['Asia/Bangkok', '1925-06-01', '12:00', hms(7, 0)],
    ['Europe/London', '1941-06-01', '12:00', hms(2, 0)],
    ['Europe/London', '1941-01-15', '12:00', hms(1, 0)],
    ['America/Indiana/Indianapolis', '1975-07-04', '12:00', hms(-5, 0)],
    ['America/Indiana/Indianapolis', '2010-07-04', '12:00', hms(-4, 0)],
    ['Asia/Kolkata', '1981-09-13', '01:30', hms(5, 30)],
    ['Europe/Amsterdam', '1930-06-01', '12:00', hms(1, 19, 32)],
    ['Europe/Copenhagen', '1947-06-01', '12:00', hms(2, 0)],
    ['Europe/Oslo', '1959-06-01', '12:00', hms(2, 0)],
    ['Atlantic/Reykjavik', '1960-01-15', '12:00', hms(-1, 0)],
    ['Asia/Vientiane', '1950-06-01', '12:00', hms(8, 0)],
    ['America/New_York', '2090-07-04', '12:00', hms(-4, 0)],
    ['Australia/Sydney', '2090-01-15', '12:00', hms(11, 0)],
  ])('%s at %s %s is %d seconds east', (zone, date, time, expected) => {
    expect(wallTimeOffset(zone, date, time)).toEqual({ kind: 'unique', offsetSeconds: expected });
  });

  it('reports a spring-forward gap with the offsets before and after it', () => {
    expect(wallTimeOffset('America/New_York', '2024-03-10', '02:30')).toEqual({
      kind: 'gap',
      offsetBeforeSeconds: hms(-5, 0),
      offsetAfterSeconds: hms(-4, 0),
    });
  });

  it('reports a fall-back overlap, the earlier instant first', () => {
    expect(wallTimeOffset('America/New_York', '2024-11-03', '01:30')).toEqual({
      kind: 'ambiguous',
      offsetSeconds: hms(-4, 0),
      earlierOffsetSeconds: hms(-4, 0),
      laterOffsetSeconds: hms(-5, 0),
    });
  });

  it('refuses an unknown zone and never reads a path outside the database', () => {
    expect(() => offsetSecondsAt('Mars/Olympus_Mons', 0)).toThrow(UnknownTimeZoneError);
    expect(isKnownTimeZone('../../etc/passwd')).toBe(false);
    expect(isKnownTimeZone('tzdata.zi')).toBe(false);
    expect(isKnownTimeZone('asia/bangkok')).toBe(true);
  });

  it('states the release of the database it reads', () => {
    expect(timeZoneDatabaseVersion()).toMatch(/^\d{4}[a-z]$/);
  });

  it('formats offsets with seconds only when there are some', () => {
    expect(formatOffset(hms(6, 42, 4))).toBe('+06:42:04');
    expect(formatOffset(hms(-5, 0))).toBe('-05:00');
  });
});

describe('local mean time before the first change of clock', () => {
  it("is Bangkok's LMT until 1920 (LMT and BMT are one clock) and nothing after", () => {
    expect(zoneLocalMeanTimeAt('Asia/Bangkok', Date.UTC(1900, 0, 1, 5))).toBe(hms(6, 42, 4));
    expect(zoneLocalMeanTimeAt('Asia/Bangkok', Date.UTC(1925, 0, 1, 5))).toBeUndefined();
    expect(zoneLocalMeanTimeAt('Etc/UTC', Date.UTC(1800, 0, 1))).toBeUndefined();
  });

  it('is four minutes of time a degree of longitude east (Chiang Mai, 98.98°E: +6:35:56)', () => {
    expect(localMeanTimeOffsetSeconds(98.98468)).toBe(hms(6, 35, 56));
    expect(localMeanTimeOffsetSeconds(-74.00597)).toBe(-hms(4, 56, 1));
  });
});
