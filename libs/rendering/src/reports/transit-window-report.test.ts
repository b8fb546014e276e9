import { loadConfig } from '@astro/config';
import { DEFAULT_BRANDING } from '../branding';
import { renderContext } from './common';
import { reportHtml, thaiDigitsInHtml } from '.';
import { computeTransitWindow, transitWindowBody } from './transit-window-report';

const ephemerisPath = loadConfig({}).ephemerisPath;
const birth = { date: '1990-05-04', time: '14:30', latitude: 13.7563, longitude: 100.5018, timezoneOffsetMinutes: 420 };
const base = { birth_subject: birth, start_date: '2026-03-01', end_date: '2026-03-31', house_system: 'P' as const, name: 'Somchai Jaidee' };

// IANA tz database, file northamerica: `Rule US 2007 max - Mar Sun>=8 2:00 1:00 D` with `-5:00 US E%sT`:
// in 2026 New York leaves EST (UTC-5) for EDT (UTC-4) on Sunday 8 March at 02:00 local = 07:00 UTC.
const DST_STARTS_UTC = Date.parse('2026-03-08T07:00:00Z');
const newYorkOffsetHours = (utcMs: number) => (utcMs < DST_STARTS_UTC ? -5 : -4);
const newYorkWallTime = (iso: string) => {
  const ms = Date.parse(iso);
  const local = new Date(ms + newYorkOffsetHours(ms) * 3_600_000).toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16), offset: newYorkOffsetHours(ms) === -5 ? '-05:00' : '-04:00' };
};

describe("transit-window times on the subject's current clock", () => {
  const data = computeTransitWindow({ ...base, timezone: 'America/New_York' }, ephemerisPath);
  const html = transitWindowBody(renderContext('en', DEFAULT_BRANDING, null), data);

  it('covers whole New York days: 1 March 00:00 EST to 31 March 24:00 EDT', () => {
    const times = [...data.transits.map((t) => t.exact_utc), ...data.stations.map((s) => s.utc), ...data.ingresses.map((g) => g.utc)].map(
      Date.parse,
    );
    expect(times.length).toBeGreaterThan(10);
    for (const t of times) {
      expect(t).toBeGreaterThanOrEqual(Date.parse('2026-03-01T05:00:00Z'));
      expect(t).toBeLessThan(Date.parse('2026-04-01T04:00:00Z'));
    }
  });

  it('names the zone and the DST change, and shows every time at the offset in force then', () => {
    expect(html).toContain(
      'Times are shown in New York time, the time zone you gave for where you are now (UTC-05:00 at the start of the window).',
    );
    expect(html).toContain('On 8 March 2026 at 03:00 the clocks change from UTC-05:00 to UTC-04:00');
    const before = data.transits.filter((t) => Date.parse(t.exact_utc) < DST_STARTS_UTC);
    const after = data.transits.filter((t) => Date.parse(t.exact_utc) >= DST_STARTS_UTC);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    // Day by day, each transit at its wall time and the offset in force then (the Moon's in their line).
    for (const t of data.transits) {
      const wall = newYorkWallTime(t.exact_utc);
      expect(html).toContain(t.transiting === 'Moon' ? `${wall.time} (UTC${wall.offset}) ` : `At ${wall.time} (UTC${wall.offset}), `);
    }
  });

  it("falls back to the birth place's zone, then to the birth's fixed offset, and says so", () => {
    const fromBirthZone = computeTransitWindow({ ...base, birth_subject: { ...birth, timezone: 'Asia/Bangkok' } }, ephemerisPath);
    expect(transitWindowBody(renderContext('en', DEFAULT_BRANDING, null), fromBirthZone)).toContain(
      'Times are shown in the time zone of the birth place, Bangkok time (UTC+07:00 at the start of the window).',
    );
    const fixed = computeTransitWindow(base, ephemerisPath);
    const text = transitWindowBody(renderContext('en', DEFAULT_BRANDING, null), fixed);
    expect(text).toContain('Times are shown at UTC+07:00, the clock of the birth time.');
    // Without a change of offset the days show the bare time: Bangkok is UTC+7 all year.
    const t = fixed.transits.find((x) => x.transiting !== 'Moon')!;
    expect(text).toContain(`At ${new Date(Date.parse(t.exact_utc) + 7 * 3_600_000).toISOString().slice(11, 16)}, `);
  });
});

describe('Thai edition', () => {
  const data = computeTransitWindow({ ...base, start_date: '2026-05-01', end_date: '2026-05-07' }, ephemerisPath);
  const report = { kind: 'transit_window' as const, data };

  it('writes Buddhist Era dates with Thai month names (พ.ศ. = C.E. + 543)', () => {
    const html = reportHtml(report, renderContext('th', DEFAULT_BRANDING, null));
    expect(html).toContain('1 พฤษภาคม พ.ศ. 2569');
    expect(html).toContain('7 พฤษภาคม พ.ศ. 2569');
    expect(html).toContain('4 พฤษภาคม พ.ศ. 2533 เวลา 14:30 น.');
    expect(html).toMatch(/<td>\d{1,2} (พฤษภาคม พ\.ศ\.|พ\.ค\.) 2569<\/td>/);
    expect(html).not.toMatch(/2026-05-0\d/);
  });

  it('writes Thai digits on request, in the text only (never in CSS, attributes, references or the wheel)', () => {
    const html = reportHtml(report, renderContext('th', DEFAULT_BRANDING, null, { thaiDigits: true }));
    expect(html).toContain('๑ พฤษภาคม พ.ศ. ๒๕๖๙');
    expect(html).toContain('counter(page, thai)');
    const text = html.replace(/<style[\s\S]*?<\/style>|<svg[\s\S]*?<\/svg>|<[^>]*>|&#?\w+;/g, ' ');
    expect(text).not.toMatch(/[0-9]/);
    expect(html).toMatch(/<svg[^>]*\d/); // the wheel's coordinates are untouched
    expect(thaiDigitsInHtml('<p class="x1">a&#39;b 12</p><style>p{margin:2pt}</style>')).toBe(
      '<p class="x1">a&#39;b ๑๒</p><style>p{margin:2pt}</style>',
    );
    // English editions never get Thai digits, even if asked.
    expect(reportHtml(report, renderContext('en', DEFAULT_BRANDING, null, { thaiDigits: true }))).not.toMatch(/[๐-๙]/);
  });
});

describe("the sample's transit periods (Ploy, Bangkok, March 2026)", () => {
  const ploy = { date: '1985-03-10', time: '11:20', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };
  const data = computeTransitWindow({ ...base, birth_subject: ploy, name: 'Ploy' }, ephemerisPath);
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const THAI_MONTHS = [
    'มกราคม',
    'กุมภาพันธ์',
    'มีนาคม',
    'เมษายน',
    'พฤษภาคม',
    'มิถุนายน',
    'กรกฎาคม',
    'สิงหาคม',
    'กันยายน',
    'ตุลาคม',
    'พฤศจิกายน',
    'ธันวาคม',
  ];
  /** Bangkok wall time (UTC+7 all year) as the report writes it. */
  const bangkok = (iso: string, locale: 'en' | 'th') => {
    const d = new Date(Date.parse(iso) + 7 * 3_600_000);
    const time = d.toISOString().slice(11, 16);
    return locale === 'en'
      ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${time}`
      : `${d.getUTCDate()} ${THAI_MONTHS[d.getUTCMonth()]} พ.ศ. ${d.getUTCFullYear() + 543} เวลา\u00a0${time}\u00a0น.`;
  };
  const uranus = data.periods!.find((p) => p.transiting === 'Uranus' && p.aspect === 'opposition' && p.natal_point === 'Saturn')!;

  it.each(['en', 'th'] as const)(
    'lists Uranus opposite Saturn with its entry, its three passes and its exit, in long dates to the minute (%s)',
    (locale) => {
      const html = transitWindowBody(renderContext(locale, DEFAULT_BRANDING, null), data);
      const [first, second, third] = uranus.perfections.map((p) => bangkok(p.utc, locale));
      const retrograde = `${second}\u00a0℞`;
      const name = locale === 'en' ? 'Uranus opposition Saturn' : 'ดาวยูเรนัส มุมเล็ง ดาวเสาร์';
      expect(html).toContain(
        `<td>${name}</td><td>${bangkok(uranus.enters_orb_utc, locale)}</td><td>${first}<br>${retrograde}<br>${third}</td><td>${bangkok(uranus.leaves_orb_utc, locale)}</td>`,
      );
      // no ISO stamp in the transit sections (the birth line above them is the cover's, drawn elsewhere)
      const sections = html.slice(html.indexOf('<h2')).replace(/<svg[\s\S]*?<\/svg>/g, '');
      expect(sections).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    },
  );

  it('ranks Saturn conjunct Mercury above Mars conjunct the Midheaven in the table', () => {
    const html = transitWindowBody(renderContext('en', DEFAULT_BRANDING, null), data);
    expect(html.indexOf('<td>Saturn conjunction Mercury</td>')).toBeGreaterThan(0);
    expect(html.indexOf('<td>Saturn conjunction Mercury</td>')).toBeLessThan(html.indexOf('<td>Mars conjunction Midheaven</td>'));
  });

  it('draws the timeline, one bar per transit with its passes, and the transit bi-wheel', () => {
    const html = transitWindowBody(renderContext('en', DEFAULT_BRANDING, null), data);
    const timeline = /<figure class="timeline">(<svg[\s\S]*?<\/svg>)<\/figure>/.exec(html)![1];
    const labels = [...timeline.matchAll(/text-anchor="end"[^>]*>([^<]*)</g)].map((m) => m[1]);
    expect(labels).toHaveLength(data.periods!.length);
    expect(labels).toContain('Uranus opposition Saturn');
    // passes inside the window: one diamond each, hollow when retrograde (plus the two legend marks)
    const inside = data.periods!.flatMap((p) =>
      p.perfections.filter(
        (x) => Date.parse(x.utc) >= Date.parse('2026-02-28T17:00:00Z') && Date.parse(x.utc) < Date.parse('2026-03-31T17:00:00Z'),
      ),
    );
    expect((timeline.match(/stroke-width="1.4"/g) ?? []).length).toBe(inside.length + 2);
    expect(html).toContain('Your chart with the transiting planets');
    expect(html).toContain('Outer ring: the planets as they stand on 16 March 2026 at 12:00');
  });
});
