import { z } from 'zod';
import { BirthSubject, birthUtcOffsets } from './shared/birth-subject';
import { NatalChartRequest } from './western/chart';

/**
 * One birth in every form. Offsets from the tz database with backzone (tzdata 2025b, as `zdump -v`
 * prints them): Europe/Amsterdam 1930 summer +1:19:32 (NST), Europe/Copenhagen 1947 summer +2:00
 * (CEST), Europe/Oslo 1959 summer +2:00 (CEST), Atlantic/Reykjavik winter 1960 -1:00,
 * Asia/Vientiane 1950 +8:00 (Laos on Saigon's clock). Chiang Mai (GeoNames 1153671, 98.98468°E):
 * its local mean time is 98.98468 × 240 s = +6:35:56; the zone's own LMT, Bangkok's, is +6:42:04
 * (tz `asia`: "6:42:04 - LMT 1880; 6:42:04 - BMT 1920 Apr").
 */
const parse = (body: unknown) => BirthSubject.parse(body);
const echo = (schema: z.ZodType, body: unknown) => birthUtcOffsets(schema, body)[0];

describe('a birth by place name, on the clock of the tz database with backzone', () => {
  it.each([
    ['Amsterdam', '1930-06-01', 60 + 19 + 32 / 60, '+01:19:32'],
    ['Copenhagen', '1947-06-01', 120, '+02:00'],
    ['Oslo', '1959-06-01', 120, '+02:00'],
    ['Reykjavik', '1960-01-15', -60, '-01:00'],
    ['Vientiane', '1950-06-01', 480, '+08:00'],
  ])('%s %s 12:00 is at %d minutes (%s)', (place, date, minutes, label) => {
    const body = { date, time: '12:00', place };
    expect(parse(body).timezoneOffsetMinutes).toBeCloseTo(minutes, 10);
    expect(echo(BirthSubject, body)).toMatchObject({ utc_offset: label, source: 'timezone' });
  });
});

describe('local mean time before the zone first changed its clock', () => {
  const chiangMai = { date: '1900-01-01', time: '12:00', place: 'Chiang Mai' };

  it('is the mean time of the birth longitude by default: Chiang Mai 1900 +6:35:56', () => {
    expect(parse(chiangMai).timezoneOffsetMinutes * 60).toBeCloseTo(6 * 3600 + 35 * 60 + 56, 6);
    expect(echo(BirthSubject, chiangMai)).toMatchObject({ timezone: 'Asia/Bangkok', utc_offset: '+06:35:56', source: 'local_mean_time' });
  });

  it('is the tz database’s own (Bangkok, +6:42:04) with lmt: zone', () => {
    const zone = { ...chiangMai, lmt: 'zone' };
    expect(parse(zone).timezoneOffsetMinutes * 60).toBeCloseTo(6 * 3600 + 42 * 60 + 4, 6);
    expect(echo(BirthSubject, zone)).toMatchObject({ utc_offset: '+06:42:04', source: 'timezone' });
  });

  it('ends with the first change of clock (Bangkok, 1920-04-01): 1925 is +7:00 from the zone', () => {
    expect(echo(BirthSubject, { ...chiangMai, date: '1925-01-01' })).toMatchObject({ utc_offset: '+07:00', source: 'timezone' });
  });

  it('leaves an impossible date to its own rule', () => {
    const result = BirthSubject.safeParse({ ...chiangMai, date: '1900-02-30' });
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual(['date']);
  });

  it('applies to coordinates with a zone too, and refuses lmt without a zone', () => {
    const sent = { date: '1900-01-01', time: '12:00', latitude: 18.79, longitude: 98.98468, timezone: 'Asia/Bangkok' };
    expect(echo(BirthSubject, sent)).toMatchObject({ utc_offset: '+06:35:56', source: 'local_mean_time' });
    const alone = BirthSubject.safeParse({
      date: '1900-01-01',
      time: '12:00',
      latitude: 18.79,
      longitude: 98.98,
      timezoneOffsetMinutes: 420,
      lmt: 'zone',
    });
    expect(alone.error!.issues.map((i) => i.path.join('.'))).toEqual(['lmt']);
  });
});

describe('the natal chart takes the same birth forms', () => {
  const coordinates = { latitude: 18.79038, longitude: 98.98468 };

  it('reads birth_datetime, date and time with a zone, and a place as one birth', () => {
    const byInstant = NatalChartRequest.parse({ birth_datetime: '1990-06-15T14:30:00+07:00', ...coordinates });
    const byZone = NatalChartRequest.parse({ date: '1990-06-15', time: '14:30', timezone: 'Asia/Bangkok', ...coordinates });
    const byPlace = NatalChartRequest.parse({ date: '1990-06-15', time: '14:30', place: 'Chiang Mai' });
    const instantWithPlace = NatalChartRequest.parse({ birth_datetime: '1990-06-15T14:30:00+07:00', place: 'Chiang Mai' });
    for (const birth of [byInstant, byZone, byPlace, instantWithPlace]) {
      expect(birth).toMatchObject({ date: '1990-06-15', ...coordinates, timezoneOffsetMinutes: 420 });
      expect(birth.time.slice(0, 5)).toBe('14:30');
    }
    expect(echo(NatalChartRequest, { birth_datetime: '1990-06-15T14:30:00Z', place: 'Chiang Mai' })).toMatchObject({
      timezone: null,
      utc_offset: '+00:00',
      source: 'timezoneOffsetMinutes',
    });
  });

  it('refuses birth_datetime beside the clock fields, and a body with neither, naming birth_datetime', () => {
    const both = NatalChartRequest.safeParse({ birth_datetime: '1990-06-15T14:30:00+07:00', date: '1990-06-15', ...coordinates });
    expect(both.error!.issues.map((i) => i.path.join('.'))).toEqual(['birth_datetime']);
    const neither = NatalChartRequest.safeParse(coordinates);
    expect(neither.error!.issues.map((i) => i.path.join('.'))).toEqual(['birth_datetime']);
  });

  it('names birth_datetime when the instant is outside the ephemeris', () => {
    const result = NatalChartRequest.safeParse({ birth_datetime: '1700-06-15T14:30:00Z', ...coordinates });
    expect(result.error!.issues[0].path).toEqual(['birth_datetime']);
    expect(result.error!.issues[0].message).toContain('must be between 1800-01-01T06:00:00Z');
  });
});
