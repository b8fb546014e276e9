import { DEFAULT_BRANDING, resolveBranding } from '../branding';
import { coordinate, englishDate, namedPlace, placeLabel, renderContext, zoneLabel, zoneName } from './common';
import { thaiSpacingInHtml } from '.';

const en = renderContext('en', DEFAULT_BRANDING, null);
const th = renderContext('th', resolveBranding(null, {}), null);

describe('customer formats', () => {
  it('writes dates day first with the month named, long in text and short in tables', () => {
    expect(englishDate('1985-03-10')).toBe('10 March 1985');
    expect(englishDate('2026-09-01', 'short')).toBe('1 Sep 2026');
    expect(en.date('2026-03-10T02:59:29.000Z')).toBe('10 March 2026');
    expect(th.date('2026-03-10')).toBe('10 มีนาคม พ.ศ. 2569');
  });

  it('writes coordinates in degrees and whole minutes with the hemisphere, in the edition’s words', () => {
    // 13.75° = 13°45′; 100.5018° = 100°30.1′ → 100°30′; southern and western values carry S and W.
    expect(coordinate(en, 13.75, 'lat')).toBe('13°45′ N');
    expect(coordinate(en, 100.5018, 'lon')).toBe('100°30′ E');
    expect(coordinate(en, -33.8688, 'lat')).toBe('33°52′ S');
    expect(coordinate(en, -73.9857, 'lon')).toBe('73°59′ W');
    // 59.99′ rounds up to the next degree, never to "60′"
    expect(coordinate(en, 51.99999, 'lat')).toBe('52°00′ N');
    expect(coordinate(th, 13.75, 'lat')).toBe('13°45′ เหนือ');
    // coordinates alone: the nearest place of the gazetteer names them, in Thai where its Thai name is known
    expect(placeLabel(en, { latitude: 13.75, longitude: 100.5 })).toBe('Bangkok, Thailand (13°45′ N, 100°30′ E)');
    expect(placeLabel(th, { latitude: 13.75, longitude: 100.5 })).toBe('กรุงเทพมหานคร ประเทศไทย (13°45′ เหนือ 100°30′ ตะวันออก)');
    // mid-Pacific: the nearest town is far, so the place is "near" it
    expect(placeLabel(en, { latitude: 0, longitude: -160 })).toMatch(/^near .+ \(0°00′ N, 160°00′ W\)$/);
    expect(placeLabel(en, { latitude: 13.75, longitude: 100.5, place: 'Bangkok, Thailand' })).toBe(
      'Bangkok, Thailand (13°45′ N, 100°30′ E)',
    );
    // a place the request resolved (a Vedic report's birth place): named as it is in English; in Thai
    // a place abroad by its country, never in Latin letters (GeoNames 2643743 is London; 0.1278° W = 0°07.7′ → 0°08′)
    const london = namedPlace({ geonamesId: 2643743, country: 'GB', admin1Code: 'ENG' }, 'London, United Kingdom', 0.4);
    const at = { latitude: 51.5074, longitude: -0.1278 };
    expect(placeLabel(en, at, london)).toBe('London, United Kingdom (51°30′ N, 0°08′ W)');
    expect(placeLabel(th, at, london)).toBe('ประเทศสหราชอาณาจักร (51°30′ เหนือ 0°08′ ตะวันตก)');
  });

  it('names the clock: the zone’s city and offset, or the offset alone; never the raw zone id in Thai when it has a Thai name', () => {
    expect(zoneLabel(en, { timezoneOffsetMinutes: 420, timezone: 'Asia/Bangkok' })).toBe('Bangkok time, UTC+07:00');
    expect(zoneLabel(en, { timezoneOffsetMinutes: -300, timezone: 'America/New_York' })).toBe('New York time, UTC-05:00');
    expect(zoneLabel(en, { timezoneOffsetMinutes: 330 })).toBe('UTC+05:30');
    expect(zoneLabel(th, { timezoneOffsetMinutes: 420, timezone: 'Asia/Bangkok' })).toBe('เวลาประเทศไทย UTC+07:00');
    expect(zoneName(th, 'America/New_York')).toBe('เวลาตามเขตเวลา America/New_York');
  });

  it('sets a space before a Thai word that follows a bracket or a number, in text only', () => {
    expect(thaiSpacingInHtml('<p>กลางฟ้า (MC)กำเนิด เรือนที่ 11ของดวง</p>')).toBe('<p>กลางฟ้า (MC) กำเนิด เรือนที่ 11 ของดวง</p>');
    // a space already there stays single; attributes and the wheel's SVG stay as they are
    expect(thaiSpacingInHtml('<p>19:30 น.</p><svg><text>1ก</text></svg><b data-x="1ก">')).toBe(
      '<p>19:30 น.</p><svg><text>1ก</text></svg><b data-x="1ก">',
    );
  });
});
