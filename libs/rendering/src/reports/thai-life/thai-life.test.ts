import { birthDays, dayVerdictOf, mahaThaksa, POSITION_ORDER, WHEEL_ORDER } from '@astro/thai';
import { computeThaiLife, yearlyBoard } from './compute';

const niran = { date: '1990-05-16', time: '19:30', latitude: 13.75, longitude: 100.5, timezoneOffsetMinutes: 420 };

describe('ทักษาจร', () => {
  it('puts the birth planet in บริวาร in the first year of life and moves one planet round the wheel a year', () => {
    const natal = mahaThaksa({ date: '1990-05-16', time: '19:30' }, '1990-05-16').positions;
    expect(yearlyBoard('rahu', 1)).toEqual(natal.map((p) => ({ position: p.position, planet: p.planet })));
    for (const planet of WHEEL_ORDER) {
      const first = WHEEL_ORDER.indexOf(planet);
      for (let step = 1; step <= 17; step++)
        expect(yearlyBoard(planet, step)[0].planet).toBe(WHEEL_ORDER[(first + step - 1) % WHEEL_ORDER.length]);
    }
  });

  it('keeps the wheel order from the year’s บริวาร on', () => {
    const board = yearlyBoard('rahu', 37);
    expect(board.map((s) => s.position)).toEqual(POSITION_ORDER);
    // a Wednesday-night birth of 1990 is in its 37th year on its birthday in 2026: Mars leads
    expect(board.map((s) => s.planet)).toEqual(['mars', 'mercury', 'saturn', 'jupiter', 'rahu', 'venus', 'sun', 'moon']);
  });
});

describe('the Thai life data', () => {
  const data = computeThaiLife({ birth_subject: niran, name: 'Niran', year: 2026 });

  it('reads the whole 108 years of ruling planets, contiguous, with the one in force on the birthday of the year', () => {
    expect(data.periods.map((p) => p.planet)).toEqual(['rahu', 'venus', 'sun', 'moon', 'mars', 'mercury', 'saturn', 'jupiter']);
    expect(data.periods[7].toAge).toBe(108);
    data.periods.forEach((p, i) => i > 0 && expect(p.start).toBe(data.periods[i - 1].end));
    const current = data.periods[data.currentPeriod];
    expect(current.start <= '2026-05-16' && '2026-05-16' < current.end).toBe(true);
    expect(data.yearly).toMatchObject({ ageStep: 37, from: '2026-05-16', to: '2027-05-15' });
  });

  it('lists as best days only days the auspicious rules do not forbid, never the birth’s กาลกิณี weekday', () => {
    const days = birthDays({ date: niran.date, time: niran.time });
    expect(data.months).toHaveLength(12);
    for (const month of data.months) {
      expect(month.best.length).toBeGreaterThan(0);
      for (const d of month.best) {
        expect(d.weekday).not.toBe(days.kalakini);
        const verdict = dayVerdictOf(d.date, { birth: days });
        expect(verdict.verdict).not.toBe('avoid');
        expect(verdict.score).toBe(d.score);
      }
      for (const date of month.mahasun) expect(dayVerdictOf(date).rules.map((r) => r.rule)).toContain('dithi_mahasun');
    }
  });
});
