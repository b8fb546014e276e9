import { BirthSubject, BirthSubjectWithAyanamsa } from './birth-subject';

const valid = { date: '1981-09-13', time: '01:30', latitude: 28.65, longitude: 77.2166667, timezoneOffsetMinutes: 330 };

describe('birth subject', () => {
  it('accepts the spec shape, with seconds or without, and defaults the ayanamsa to lahiri', () => {
    expect(BirthSubject.parse(valid)).toEqual(valid);
    expect(BirthSubject.parse({ ...valid, time: '01:30:15' }).time).toBe('01:30:15');
    expect(BirthSubjectWithAyanamsa.parse(valid).ayanamsa).toBe('lahiri');
  });

  it.each([
    [{ latitude: 90.1 }, 'latitude'],
    [{ longitude: -180.5 }, 'longitude'],
    [{ timezoneOffsetMinutes: 841 }, 'timezoneOffsetMinutes'],
    [{ time: '1:30' }, 'time'],
    [{ date: '13-09-1981' }, 'date'],
  ])('refuses %j naming %s', (change, field) => {
    const result = BirthSubject.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].path).toEqual([field]);
  });

  it('refuses another ayanamsa with the message the spec names', () => {
    const result = BirthSubjectWithAyanamsa.safeParse({ ...valid, ayanamsa: 'raman' });
    expect(result.error!.issues[0].message).toBe('unsupported ayanamsa: the only allowed value is lahiri');
  });
});

describe('birth subject with an IANA time zone', () => {
  const place = { date: '1941-06-01', time: '12:00', latitude: 51.5, longitude: -0.12 };

  it('resolves the offset from the time zone database (British Double Summer Time, +2:00)', () => {
    expect(BirthSubject.parse({ ...place, timezone: 'Europe/London' }).timezoneOffsetMinutes).toBe(120);
  });

  it('accepts an agreeing offset and refuses a disagreeing one, naming timezoneOffsetMinutes', () => {
    expect(BirthSubject.parse({ ...place, timezone: 'Europe/London', timezoneOffsetMinutes: 120 }).timezoneOffsetMinutes).toBe(120);
    const result = BirthSubject.safeParse({ ...place, timezone: 'Europe/London', timezoneOffsetMinutes: 60 });
    expect(result.error!.issues[0].path).toEqual(['timezoneOffsetMinutes']);
    expect(result.error!.issues[0].message).toContain('disagrees with timezone Europe/London');
  });

  it('refuses a wall time in a spring-forward gap, giving both possible offsets', () => {
    const result = BirthSubject.safeParse({ ...place, date: '2024-03-10', time: '02:30', timezone: 'America/New_York' });
    expect(result.error!.issues[0].path).toEqual(['time']);
    expect(result.error!.issues[0].message).toMatch(/does not exist in America\/New_York.*-05:00.*-300.*-04:00.*-240/);
  });

  it('takes the earlier of an ambiguous wall time, the later with fold 1', () => {
    const ambiguous = { ...place, date: '2024-11-03', time: '01:30', timezone: 'America/New_York' };
    expect(BirthSubject.parse(ambiguous).timezoneOffsetMinutes).toBe(-240);
    expect(BirthSubject.parse({ ...ambiguous, fold: 1 }).timezoneOffsetMinutes).toBe(-300);
  });

  it('refuses an unknown zone and a subject with neither field', () => {
    expect(BirthSubject.safeParse({ ...place, timezone: 'Mars/Base' }).error!.issues[0].path).toEqual(['timezone']);
    expect(BirthSubject.safeParse(place).error!.issues[0].path).toEqual(['timezoneOffsetMinutes']);
  });
});
