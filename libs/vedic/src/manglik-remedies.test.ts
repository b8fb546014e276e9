import { Graha, GRAHAS, signIndex } from './chart/graha-rules';
import { manglikDosha } from './manglik';
import { NatalChart } from './chart/natal-chart';
import { loadConfig } from '@astro/config';
import { birthOf } from '@astro/ephemeris';
import { mercuryNatureFromChart, vedicRemedies } from './remedies';
import en from './content/en.json';
import th from './content/th.json';

/** A chart with the given sidereal longitudes, to check the documented rules case by case. */
function chart(ascendant: number, longitudes: Partial<Record<Graha, number>>): NatalChart {
  const defaults: Record<Graha, number> = { Sun: 100, Moon: 200, Mars: 0, Mercury: 110, Jupiter: 300, Venus: 250, Saturn: 50 };
  const all = { ...defaults, ...longitudes };
  const grahas = Object.fromEntries(
    GRAHAS.map((g) => [g, { graha: g, longitude: all[g], tropicalLongitude: all[g] + 24, latitude: 0, speed: 1, sign: signIndex(all[g]) }]),
  ) as NatalChart['grahas'];
  return {
    birth: birthOf({ date: '2000-01-01', time: '12:00', latitude: 0, longitude: 0, timezoneOffsetMinutes: 0 }),
    instant: new Date(0),
    jdUt: 0,
    ayanamsa: 24,
    obliquity: 23.44,
    ascendant,
    midheaven: 0,
    grahas,
  };
}

describe('Manglik dosha rules', () => {
  it('is absent when Mars is in none of the dosha houses from Lagna, Moon and Venus', () => {
    // Mars in Gemini (2): 3rd from Aries Lagna, 9th from Libra Moon (6), 11th from Leo Venus (4).
    const r = manglikDosha(chart(5, { Mars: 65, Moon: 185, Venus: 125, Jupiter: 200 }));
    expect(r).toMatchObject({ has_dosha: false, severity: 'none', afflictedFrom: [] });
  });

  it('grades severity by the number of reference points: 1 low, 2 medium, 3 high', () => {
    // Mars in Libra is 7th from an Aries Lagna or Moon, 1st from Venus in Libra, but 3rd from Leo;
    // Jupiter in Taurus (Libra is 6th from it) neither conjoins nor aspects Mars.
    const lagnaOnly = manglikDosha(chart(5, { Mars: 185, Moon: 125, Venus: 125, Jupiter: 35 }));
    expect(lagnaOnly.severity).toBe('low');
    const two = manglikDosha(chart(5, { Mars: 185, Moon: 5, Venus: 125, Jupiter: 35 }));
    expect(two.severity).toBe('medium');
    const three = manglikDosha(chart(5, { Mars: 185, Moon: 5, Venus: 185, Jupiter: 35 }));
    expect(three).toMatchObject({ has_dosha: true, severity: 'high' });
    expect(three.description).toContain('7th from the Lagna');
    expect(three.remedies.length).toBeGreaterThan(0);
  });

  it('is cancelled when Mars is in its own sign or exalted', () => {
    const own = manglikDosha(chart(275, { Mars: 5, Moon: 275, Venus: 275, Jupiter: 35 })); // Mars in Aries, 4th from Capricorn
    expect(own.afflictedFrom.length).toBe(3);
    expect(own).toMatchObject({ has_dosha: false, severity: 'none' });
    expect(own.cancellations[0]).toMatch(/own sign Aries/);
    const exalted = manglikDosha(chart(95, { Mars: 280, Moon: 95, Venus: 95, Jupiter: 35 })); // Capricorn, 7th from Cancer
    expect(exalted.cancellations).toContain('Mars is exalted in Capricorn');
    expect(exalted.has_dosha).toBe(false);
  });

  it('is cancelled when Jupiter conjoins Mars or aspects it by its 5th, 7th or 9th sign', () => {
    for (const jupiter of [185, 65, 5, 305]) {
      // Mars in Libra; Jupiter in Libra (conjunct), Gemini (5th→Libra), Aries (7th), Aquarius (9th)
      const r = manglikDosha(chart(5, { Mars: 185, Moon: 5, Venus: 185, Jupiter: jupiter }));
      expect(r.has_dosha).toBe(false);
      expect(r.cancellations.join()).toMatch(/Jupiter/);
    }
  });
});

describe('Mercury takes the nature of its company (BPHS 3)', () => {
  it('is benefic alone or with benefics and malefic with more malefics', () => {
    expect(mercuryNatureFromChart(chart(0, { Mercury: 110, Sun: 10, Mars: 200, Saturn: 300, Jupiter: 250, Venus: 50 }))).toBe('benefic');
    expect(mercuryNatureFromChart(chart(0, { Mercury: 110, Sun: 100, Saturn: 115, Venus: 112, Jupiter: 250 }))).toBe('malefic');
    expect(mercuryNatureFromChart(chart(0, { Mercury: 110, Sun: 100, Venus: 112, Jupiter: 115 }))).toBe('benefic');
  });
});

describe('remedy content', () => {
  const keysOf = (o: object): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' && !Array.isArray(v) ? keysOf(v).map((s) => `${k}.${s}`) : [k]));

  it('has the same entries in English and Thai, none empty', () => {
    expect(keysOf(en)).toEqual(keysOf(th));
    expect(th.sade_sati.phases).toHaveLength(en.sade_sati.phases.length);
    expect(th.sade_sati.remedies).toHaveLength(en.sade_sati.remedies.length);
    for (const planet of GRAHAS) {
      for (const field of ['title', 'traditional_context', 'practical_reflection'] as const) {
        expect(en.planets[planet][field].length).toBeGreaterThan(20);
        expect(th.planets[planet][field]).toMatch(/[\u0E00-\u0E7F]{10}/);
      }
    }
    expect(en.disclaimer).toMatch(/not medical, legal, financial/);
    expect(th.disclaimer).toMatch(/ไม่ใช่คำแนะนำทางการแพทย์ กฎหมาย การเงิน/);
  });
});

describe('remedies at a polar latitude', () => {
  it('leaves out the Shadbala signals where the Sun does not rise, and keeps the others', () => {
    const polar = birthOf({ date: '2020-12-21', time: '12:00', latitude: 78.2, longitude: 15.6, timezoneOffsetMinutes: 60 });
    const result = vedicRemedies(polar, 'en', new Date('2026-01-01T00:00:00Z'), loadConfig({}).ephemerisPath);
    expect(result.signals.filter((s) => s.startsWith('weak_'))).toEqual([]);
    expect(result.recommendations.length).toBeGreaterThan(0);
  });
});
