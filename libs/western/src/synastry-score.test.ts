import { execFileSync } from 'node:child_process';
import { loadConfig } from '@astro/config';
import { julianDayUt } from '@astro/ephemeris';
import { synastryCharts } from './synastry';
import { contactNature, scoredContacts, scoreOf } from './synastry-score';

/**
 * The synastry score of the report sample (Ploy, Bangkok 10 March 1985 11:20; Niran, Bangkok
 * 16 May 1990 19:30; both UTC+7). The contacts are checked against the positions swetest (the
 * Swiss Ephemeris' command-line program, same ephemeris files) gives for both births: the same
 * contacts with the same points, so the score rests on outside positions, not on ours.
 */
const ephemerisPath = loadConfig({}).ephemerisPath;
const PLOY = { instant: new Date('1985-03-10T04:20:00Z'), latitude: 13.75, longitude: 100.5, offsetSeconds: 0, timezone: null };
const NIRAN = { instant: new Date('1990-05-16T12:30:00Z'), latitude: 13.75, longitude: 100.5, offsetSeconds: 0, timezone: null };
const NAMES = ['Sun', 'Moon', 'Mercury', 'Venus', 'Mars', 'Saturn'];

function swetestPoints(p: typeof PLOY) {
  const out = execFileSync(
    'swetest',
    [
      `-bj${julianDayUt(p.instant).toFixed(9)}`,
      '-ut',
      '-p012346',
      `-house${p.longitude},${p.latitude},P`,
      '-fPl',
      '-g,',
      '-head',
      '-eswe',
      `-edir${ephemerisPath}`,
    ],
    { encoding: 'utf8' },
  );
  const rows = out
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((cell) => cell.trim()));
  return [
    ...NAMES.map((name, i) => ({ name, longitude: Number(rows[i][1]), speed: 0 })),
    { name: 'Ascendant', longitude: Number(rows.find((r) => r[0] === 'Ascendant')![1]), speed: 0 },
    { name: 'Midheaven', longitude: Number(rows.find((r) => r[0] === 'MC')![1]), speed: 0 },
  ];
}

const sample = synastryCharts(PLOY, NIRAN, 'P', ephemerisPath).synastry.compatibility;
const contact = (a: string, aspect: string, b: string) => sample.factors.find((f) => f.a === a && f.aspect === aspect && f.b === b);

describe('synastry score of the report sample', () => {
  it('counts the same contacts with the same points as swetest’s positions give', () => {
    const fromSwetest = scoredContacts(swetestPoints(PLOY), swetestPoints(NIRAN)).map((c) => [c.a, c.aspect, c.b, c.points]);
    expect(sample.factors.map((f) => [f.a, f.aspect, f.b, f.points])).toEqual(fromSwetest);
  });

  it('counts the Sun–Mars conjunction (0°27′) as a bond, and Mars–Saturn, Venus–Saturn and Saturn–Sun against it', () => {
    const sunMars = contact('Sun', 'conjunction', 'Mars')!;
    expect(sunMars.description_key).toBe('bonding');
    expect(sunMars.points).toBeGreaterThan(7);
    expect(contact('Mars', 'square', 'Saturn')!.points).toBeLessThan(0);
    expect(contact('Venus', 'square', 'Saturn')!.points).toBeLessThan(0);
    expect(contact('Saturn', 'opposition', 'Sun')!.points).toBeLessThan(0);
  });

  it('is 50 plus the points of every listed contact, clamped to 0–100', () => {
    expect(sample.score).toBe(Math.round(50 + sample.factors.reduce((sum, f) => sum + f.points, 0)));
    expect(scoreOf([{ points: 80 }])).toBe(100);
    expect(scoreOf([{ points: -80 }])).toBe(0);
  });
});

describe('scored contacts', () => {
  const at = (name: string, longitude: number) => ({ name, longitude, speed: 0 });

  it('weighs by aspect, orb and planet: exact beats wide, the luminaries beat Mercury', () => {
    const [exact] = scoredContacts([at('Sun', 10)], [at('Moon', 130)]);
    const [wide] = scoredContacts([at('Sun', 10)], [at('Moon', 135)]);
    const [mercury] = scoredContacts([at('Mercury', 10)], [at('Moon', 130)]);
    expect(exact.points).toBeGreaterThan(wide.points);
    expect(exact.points).toBeGreaterThan(mercury.points);
    expect(scoredContacts([at('Sun', 10)], [at('Moon', 140)])).toEqual([]); // beyond the trine's 7° orb
  });

  it('gives each aspect its nature: trines add, squares subtract, Saturn’s conjunctions and most oppositions cost a little', () => {
    expect(contactNature('Venus', 'Mars', 'trine').sign).toBe(1);
    expect(contactNature('Venus', 'Mars', 'square').sign).toBe(-1);
    expect(contactNature('Sun', 'Mars', 'conjunction')).toEqual({ sign: 1, key: 'bonding' });
    expect(contactNature('Saturn', 'Venus', 'conjunction')).toEqual({ sign: -0.5, key: 'binding' });
    expect(contactNature('Moon', 'Sun', 'opposition')).toEqual({ sign: 0.5, key: 'attraction' });
    expect(contactNature('Mercury', 'Saturn', 'opposition')).toEqual({ sign: -0.5, key: 'polarity' });
  });

  it('leaves out angle to angle, Saturn to Saturn, and the angles of a birth without a known time', () => {
    expect(scoredContacts([at('Ascendant', 10)], [at('Midheaven', 10)])).toEqual([]);
    expect(scoredContacts([at('Saturn', 10)], [at('Saturn', 10)])).toEqual([]);
    expect(scoredContacts([at('Ascendant', 10)], [at('Sun', 10)], { a: false, b: true })).toEqual([]);
    expect(scoredContacts([at('Ascendant', 10)], [at('Sun', 10)])).toHaveLength(1);
    expect(scoredContacts([at('Jupiter', 10)], [at('Sun', 10)])).toEqual([]);
  });
});
