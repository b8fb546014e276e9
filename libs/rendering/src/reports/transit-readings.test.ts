import { loadConfig } from '@astro/config';
import { DEFAULT_BRANDING } from '../branding';
import { renderContext } from './common';
import { computeTransitWindow, transitWindowBody } from './transit-window-report';

// The sample's subject (scripts/sample-documents.ts): Uranus opposes her Saturn from May 2025 to
// April 2026 with a retrograde pass between two direct ones, the last of them inside March 2026.
const data = computeTransitWindow(
  {
    birth_subject: {
      date: '1985-03-10',
      time: '11:20',
      latitude: 13.75,
      longitude: 100.5,
      timezoneOffsetMinutes: 420,
      timezone: 'Asia/Bangkok',
    },
    start_date: '2026-03-01',
    end_date: '2026-03-31',
    house_system: 'P',
    name: 'Ploy',
  },
  loadConfig({}).ephemerisPath,
);
const text = (locale: 'en' | 'th') =>
  transitWindowBody(renderContext(locale, DEFAULT_BRANDING, null), data)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the long transits of the transit window', () => {
  it('reads Uranus opposite natal Saturn from its own entry, passes (the retrograde one named) and exit', () => {
    const en = text('en');
    expect(en).toContain(
      'Uranus opposes your Saturn From May 2025 to April 2026, with exact passes on 1 June 2025, 26 December 2025 (retrograde) and 15 March 2026, Uranus opposes your Saturn.',
    );
    // where the window stands: the last pass falls inside it
    expect(en).toContain('The last exact pass, on 15 March 2026, falls in this window');
    // the planet's way in a hard aspect, then what the natal point holds
    expect(en).toContain('Uranus in hard aspect shakes what has grown too tight');
    expect(en).toContain('Your Saturn stands for duty, structure');
  });

  it('gives every slow transit one reading and no fast one', () => {
    const en = text('en');
    for (const title of [
      'Saturn meets your Mercury',
      'Pluto sextiles your Mercury',
      'Pluto squares your Pluto',
      'Saturn squares your Neptune',
    ])
      expect(en).toContain(`${title} From `);
    expect(en).not.toMatch(/Mars (meets|squares|trines) your \w+ From /);
  });

  it('names a slow transit’s pass on its day instead of reading it twice', () => {
    const en = text('en');
    expect(en).toContain('At 13:07, Uranus opposes your natal Saturn, the last of 3 exact passes (read above).');
    expect(en).not.toContain('mend what needs mending');
  });

  it('dates the Thai reading in the Buddhist Era', () => {
    const th = text('th');
    expect(th).toContain('ตั้งแต่ พฤษภาคม พ.ศ. 2568 ถึง เมษายน พ.ศ. 2569 ดาวยูเรนัสจรทำมุมเล็งกับดาวเสาร์ของคุณ');
    expect(th).toContain('26 ธันวาคม พ.ศ. 2568 (ขณะเดินพักร์) และ 15 มีนาคม พ.ศ. 2569');
  });
});
