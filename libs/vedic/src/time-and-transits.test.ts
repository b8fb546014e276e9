import { loadConfig } from '@astro/config';
import { birthOf, instantFromJulianDayUt, julianDayUt, localDate } from '@astro/ephemeris';
import { dayFrame } from './chart/day-frame';
import { natalChart } from './chart/natal-chart';
import { phaseOf, sadeSati } from './sade-sati';
import { saturnIngresses } from './saturn-ingresses';
import { VedicInputError } from './chart/errors';

const ephemerisPath = loadConfig({}).ephemerisPath;
const bookBirth = birthOf({ date: '1981-09-13', time: '01:30', latitude: 28.65, longitude: 77.2166667, timezoneOffsetMinutes: 330 });

describe('the Hindu day of a birth', () => {
  const frame = dayFrame(natalChart(bookBirth, ephemerisPath), ephemerisPath);

  it('puts a birth before sunrise into the previous day (13 Sep 1981 was a Sunday, so Saturday rules)', () => {
    expect(frame.astrologicalDate).toBe('1981-09-12');
    expect(frame.dayLord).toBe('Saturn');
    expect(frame.period).toBe('night');
  });

  it('times sunrise at New Delhi near the almanac value (about 06:05 IST on 12 Sep 1981)', () => {
    const ist = new Date(instantFromJulianDayUt(frame.sunriseJd).getTime() + 330 * 60_000);
    const minutes = ist.getUTCHours() * 60 + ist.getUTCMinutes();
    expect(Math.abs(minutes - (6 * 60 + 5))).toBeLessThan(5);
  });

  it('counts the Surya Siddhanta ahargana so that Kali Yuga began on a Friday', () => {
    const kaliStart = (1_955_880_000 / 4_320_000) * 1_577_917_828;
    expect(kaliStart % 7).toBe(5); // day 0 (creation) is a Sunday; 5 = Friday
    expect(frame.ahargana % 7).toBe(6); // the astrological date is a Saturday
  });

  it('times a day birth: Thursday 20 Jun 2024 at Greenwich, 05:00 UT, in the second hora (Mars after Jupiter)', () => {
    // Almanac sunrise at Greenwich that day: 03:43 UT (upper limb); the disc centre rises ~2 min later.
    const day = dayFrame(
      natalChart(birthOf({ date: '2024-06-20', time: '05:00', latitude: 51.4779, longitude: 0, timezoneOffsetMinutes: 0 }), ephemerisPath),
      ephemerisPath,
    );
    expect(day).toMatchObject({ astrologicalDate: '2024-06-20', period: 'day', third: 1, dayLord: 'Jupiter', horaLord: 'Mars' });
    expect(day.elapsedMinutesSinceSunrise).toBeGreaterThan(70);
    expect(day.elapsedMinutesSinceSunrise).toBeLessThan(78);
    // The equation of time is about −1.5 min that day: 05:00 UT at 0° is 04:58.5 apparent time, 12.4 ghatis after midnight.
    expect(day.nataGhatis).toBeCloseTo(((5 * 60 - 1.5) / 60) * 2.5, 1);
  });

  it('refuses a place where the Sun does not rise, naming the latitude', () => {
    const polar = birthOf({ date: '2020-12-21', time: '12:00', latitude: 78.2, longitude: 15.6, timezoneOffsetMinutes: 60 });
    expect(() => dayFrame(natalChart(polar, ephemerisPath), ephemerisPath)).toThrow(VedicInputError);
    expect(() => dayFrame(natalChart(polar, ephemerisPath), ephemerisPath)).toThrow(/^latitude: /);
  });
});

describe("Saturn's sidereal ingresses", () => {
  // Published Lahiri transit dates (Indian almanacs, IST): Capricorn 24 Jan 2020, Aquarius 29 Apr 2022,
  // back into Capricorn 12 Jul 2022 (retrograde), Aquarius again 17 Jan 2023, Pisces 29 Mar 2025.
  it('finds the published ingresses of 2020–2025, the retrograde re-entry included', () => {
    const found = saturnIngresses(
      julianDayUt(new Date('2019-06-01T00:00:00Z')),
      julianDayUt(new Date('2025-12-31T00:00:00Z')),
      ephemerisPath,
    );
    const dates = found.map((i) => `${localDate(instantFromJulianDayUt(i.jdUt), 330 * 60)} ${i.from}→${i.to}`);
    expect(dates).toEqual(['2020-01-24 8→9', '2022-04-29 9→10', '2022-07-12 10→9', '2023-01-17 9→10', '2025-03-29 10→11']);
  });
});

describe('Sade Sati', () => {
  it('maps the 12th, 1st and 2nd signs from the Moon to phases 1, 2, 3', () => {
    expect(phaseOf(10, 9)).toBe(1);
    expect(phaseOf(10, 10)).toBe(2);
    expect(phaseOf(10, 11)).toBe(3);
    expect(phaseOf(10, 0)).toBe(0);
    expect(phaseOf(0, 11)).toBe(1);
  });

  it('gives an Aquarius Moon the published period 24 Jan 2020 to 3 Jun 2027', () => {
    // The book chart's Moon is in sidereal Aquarius; on 1 Jan 2026 Saturn is in Pisces, the 2nd from it.
    const result = sadeSati(bookBirth, new Date('2026-01-01T00:00:00Z'), ephemerisPath);
    expect(result).toMatchObject({ has_sade_sati: true, currentPhase: 3, startDate: '2020-01-24', endDate: '2027-06-03' });
  });

  it('gives the next period when none is active', () => {
    const result = sadeSati(bookBirth, new Date('2010-01-01T00:00:00Z'), ephemerisPath);
    expect(result.has_sade_sati).toBe(false);
    expect(result.currentPhase).toBe(0);
    // A stay of Saturn in Capricorn–Pisces that starts after the request, the first being the 2020 ingress.
    expect(result.startDate).toBe('2020-01-24');
  });
});
