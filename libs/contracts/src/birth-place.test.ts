import { z } from 'zod';
import { BirthSubject, birthPlaces, birthUtcOffsets, NamedBirthSubject } from './shared/birth-subject';
import { QimenRequest } from './chinese-korean/chinese';

const birth = { date: '1990-05-14', time: '08:30' };

function issuesOf(value: unknown) {
  const result = BirthSubject.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues;
}

describe('birth subject with a place', () => {
  it('takes coordinates and zone from the place: Chiang Mai and เชียงใหม่ alike, in Asia/Bangkok', () => {
    const latin = BirthSubject.parse({ ...birth, place: 'Chiang Mai' });
    const thai = BirthSubject.parse({ ...birth, place: 'เชียงใหม่' });
    expect([thai.latitude, thai.longitude]).toEqual([latin.latitude, latin.longitude]);
    expect(latin).toMatchObject({ timezone: 'Asia/Bangkok', timezoneOffsetMinutes: 420 });
    expect(latin.latitude).toBeCloseTo(18.79, 2);
    expect(thai.timezone).toBe('Asia/Bangkok');
  });

  it('lets sent coordinates and zone win over the place', () => {
    const sent = BirthSubject.parse({ ...birth, place: 'Chiang Mai', latitude: 18.5, longitude: 99.1 });
    expect(sent).toMatchObject({ latitude: 18.5, longitude: 99.1, timezone: 'Asia/Bangkok' });
    const offset = BirthSubject.parse({ ...birth, place: 'Chiang Mai', timezoneOffsetMinutes: 420 });
    expect(offset.timezone).toBeUndefined();
    expect(offset.timezoneOffsetMinutes).toBe(420);
    // the zone's own rules: Paris in May 1990 was on summer time
    expect(BirthSubject.parse({ ...birth, place: 'Paris', place_country: 'FR' }).timezoneOffsetMinutes).toBe(120);
  });

  it('refuses an ambiguous name on `place`, listing the candidates in the message and the params', () => {
    const [issue] = issuesOf({ ...birth, place: 'Springfield' });
    expect(issue.path).toEqual(['place']);
    expect(issue.message).toMatch(/Springfield, IL, United States \(population \d+, place_id 4250542\)/);
    const candidates = (issue as z.core.$ZodIssueCustom).params!.place_candidates as { admin1_code: string; population: number }[];
    expect(candidates.map((c) => c.admin1_code)).toEqual(expect.arrayContaining(['IL', 'MO', 'MA']));
  });

  it('resolves the ambiguous name with a region, a country, a GeoNames id or coordinates', () => {
    expect(BirthSubject.parse({ ...birth, place: 'Springfield, IL' })).toMatchObject({ timezone: 'America/Chicago' });
    expect(BirthSubject.parse({ ...birth, place_id: 4951788 })).toMatchObject({ timezone: 'America/New_York' });
    expect(BirthSubject.parse({ ...birth, place: 'Paris', place_country: 'fr' }).longitude).toBeCloseTo(2.35, 2);
    expect(issuesOf({ ...birth, place: 'Paris', place_country: 'US' })[0].path).toEqual(['place']);
  });

  it('refuses an unknown name, an unknown id and a country without a place, each naming its field', () => {
    expect(issuesOf({ ...birth, place: 'Xqzzyvillebergstadt' }).map((i) => i.path)).toEqual([['place']]);
    expect(issuesOf({ ...birth, place_id: 999_999_999 }).map((i) => i.path)).toEqual([['place_id']]);
    expect(issuesOf({ ...birth, latitude: 1, longitude: 1, timezone: 'UTC', place_country: 'TH' }).map((i) => i.path)).toEqual([
      ['place_country'],
    ]);
    expect(issuesOf({ ...birth, place: 'Chiang Mai', place_country: 'THA' }).map((i) => i.path)).toEqual([['place_country']]);
  });

  it('leaves a missing or malformed subject to its own rules', () => {
    const Body = z.object({ person_a: NamedBirthSubject });
    expect(Body.safeParse({}).error!.issues.map((i) => i.path)).toEqual([['person_a']]);
    expect(Body.safeParse({ person_a: 5 }).error!.issues.map((i) => i.path)).toEqual([['person_a']]);
    expect(BirthSubject.safeParse(null).success).toBe(false);
  });

  it('still requires coordinates without a place, and only where the subject needs them', () => {
    const issues = issuesOf({ ...birth, timezone: 'Asia/Bangkok' });
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      [['latitude'], 'is required unless place or place_id is given'],
      [['longitude'], 'is required unless place or place_id is given'],
    ]);
    expect(QimenRequest.safeParse({ ...birth, timezoneOffsetMinutes: 480 }).success).toBe(true);
    expect(QimenRequest.parse({ ...birth, place: 'Shanghai' })).toMatchObject({ timezone: 'Asia/Shanghai', timezoneOffsetMinutes: 540 });
  });
});

describe('birth_places echo', () => {
  const Body = z.object({ person_a: NamedBirthSubject, person_b: NamedBirthSubject });

  it('names the place of each subject: the one sent, or the nearest to the coordinates', () => {
    const body = {
      person_a: { ...birth, name: 'A', place: 'เชียงใหม่' },
      person_b: { ...birth, name: 'B', latitude: 13.75, longitude: 100.5167, timezone: 'Asia/Bangkok' },
    };
    const places = birthPlaces(Body, body);
    expect(places).toEqual([
      expect.objectContaining({
        field: 'person_a',
        source: 'place',
        name: 'Chiang Mai',
        country: 'TH',
        timezone: 'Asia/Bangkok',
        distance_km: 0,
      }),
      expect.objectContaining({
        field: 'person_b',
        source: 'coordinates',
        name: 'Bangkok',
        latitude: 13.75,
        place_display: 'Bangkok, Thailand',
      }),
    ]);
    expect(places[0].place_display).toBe('Chiang Mai, Thailand');
    expect(birthUtcOffsets(Body, body).map((o) => [o.field, o.timezone, o.utc_offset])).toEqual([
      ['person_a', 'Asia/Bangkok', '+07:00'],
      ['person_b', 'Asia/Bangkok', '+07:00'],
    ]);
  });
});
