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
