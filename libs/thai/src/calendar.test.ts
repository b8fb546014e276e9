import {
  civilToThaiLunar,
  describeCivilDate,
  epochDay,
  isoOfEpochDay,
  lunarDateProblem,
  observancesOfYear,
  thaiLunarToCivil,
  wanPhraDates,
  yearTypeOf,
} from '.';

/**
 * Published dates. Makha, Visakha and Asarnha Bucha, Khao Phansa: the annual announcements of
 * government holidays by the Secretariat of the Cabinet (ประกาศสำนักนายกรัฐมนตรี เรื่อง
 * วันหยุดราชการประจำปี, B.E. 2558–2569); Ok Phansa and Loy Krathong: the Royal Thai calendar
 * (ปฏิทินหลวง) of the same years as reproduced by myhora.com (ปฏิทิน พ.ศ. 25xx).
 */
const PUBLISHED: Record<number, Record<string, string>> = {
  2015: {
    makha_bucha: '03-04',
    visakha_bucha: '06-01',
    asarnha_bucha: '07-30',
    khao_phansa: '07-31',
    ok_phansa: '10-27',
    loy_krathong: '11-25',
  },
  2016: {
    makha_bucha: '02-22',
    visakha_bucha: '05-20',
    asarnha_bucha: '07-19',
    khao_phansa: '07-20',
    ok_phansa: '10-16',
    loy_krathong: '11-14',
  },
  2017: {
    makha_bucha: '02-11',
    visakha_bucha: '05-10',
    asarnha_bucha: '07-08',
    khao_phansa: '07-09',
    ok_phansa: '10-05',
    loy_krathong: '11-03',
  },
  2018: {
    makha_bucha: '03-01',
    visakha_bucha: '05-29',
    asarnha_bucha: '07-27',
    khao_phansa: '07-28',
    ok_phansa: '10-24',
    loy_krathong: '11-22',
  },
  2019: {
    makha_bucha: '02-19',
    visakha_bucha: '05-18',
    asarnha_bucha: '07-16',
    khao_phansa: '07-17',
    ok_phansa: '10-13',
    loy_krathong: '11-11',
  },
  2020: {
    makha_bucha: '02-08',
    visakha_bucha: '05-06',
    asarnha_bucha: '07-05',
    khao_phansa: '07-06',
    ok_phansa: '10-02',
    loy_krathong: '10-31',
  },
  2021: {
    makha_bucha: '02-26',
    visakha_bucha: '05-26',
    asarnha_bucha: '07-24',
    khao_phansa: '07-25',
    ok_phansa: '10-21',
    loy_krathong: '11-19',
  },
  2022: {
    makha_bucha: '02-16',
    visakha_bucha: '05-15',
    asarnha_bucha: '07-13',
    khao_phansa: '07-14',
    ok_phansa: '10-10',
    loy_krathong: '11-08',
  },
  2023: {
    makha_bucha: '03-06',
    visakha_bucha: '06-03',
    asarnha_bucha: '08-01',
    khao_phansa: '08-02',
    ok_phansa: '10-29',
    loy_krathong: '11-27',
  },
  2024: {
    makha_bucha: '02-24',
    visakha_bucha: '05-22',
    asarnha_bucha: '07-20',
    khao_phansa: '07-21',
    ok_phansa: '10-17',
    loy_krathong: '11-15',
  },
  2025: {
    makha_bucha: '02-12',
    visakha_bucha: '05-11',
    asarnha_bucha: '07-10',
    khao_phansa: '07-11',
    ok_phansa: '10-07',
    loy_krathong: '11-05',
  },
  2026: {
    makha_bucha: '03-03',
    visakha_bucha: '05-31',
    asarnha_bucha: '07-29',
    khao_phansa: '07-30',
    ok_phansa: '10-26',
    loy_krathong: '11-24',
  },
};

/**
 * Published Wan Phra lists, each complete for the span it covers: [civil date, lunar month, phase, day].
 * - 2013: "ปฏิทินวันพระ ปี พ.ศ. 2556" (suadmondaily.blogspot.com, 17 January 2013), January–February:
 *   "วันเสาร์ที่ 5 มกราคม 2556 เป็นวันแรม 8 ค่ำ เดือน 1 … วันจันทร์ที่ 25 กุมภาพันธ์ 2556 เป็นวันขึ้น 15 ค่ำ เดือน 3 ตรงกับ วันมาฆบูชา"
 * - 2021: "ปฏิทินวันพระ 2564/2021" (thairath.co.th, 6 May 2021) and วันนี้วันพระ.com "มกราคม 2564":
 *   "วันพุธที่ 6 มกราคม 2564 ตรงกับ แรม ๘ ค่ำ เดือนยี่ (๒) ปีชวด … วันพฤหัสบดีที่ 28 มกราคม 2564 ตรงกับ ขึ้น ๑๕ ค่ำ เดือนสาม (๓)"
 * - 2022: วันนี้วันพระ.com "มกราคม 2565": 27 ธ.ค. แรม 8 ค่ำ, 2 ม.ค. แรม 14 ค่ำ, 10 ม.ค. ขึ้น 8 ค่ำ, 17 ม.ค. ขึ้น 15 ค่ำ.
 * - 2023: "ปฏิทินวันพระ วันโกน และวันสำคัญทางศาสนา ประจำปี 2566" (life.in.th), January to 5 April:
 *   "6 ม.ค. ขึ้น 15 ค่ำ เดือนยี่ ปีขาล … 19 ก.พ. แรม 14 ค่ำ เดือนสาม … 5 เม.ย. ขึ้น 15 ค่ำ เดือนห้า ปีเถาะ"
 * - 2024: "ปฏิทินวันพระ 2567" (puean.co.th): "พฤหัสบดีที่ 4 มกราคม 2567 แรม ๘ ค่ำ" (the month is cut off
 *   in the stored copy: null below, not checked).
 * Together with the full-moon festivals above (each a Wan Phra) these cover 2013 and 2015–2026.
 */
const PUBLISHED_WAN_PHRA: { span: [string, string]; days: [string, number | null, 'waxing' | 'waning', number][] }[] = [
  {
    span: ['2013-01-01', '2013-02-28'],
    days: [
      ['2013-01-05', 1, 'waning', 8],
      ['2013-01-11', 1, 'waning', 14],
      ['2013-01-19', 2, 'waxing', 8],
      ['2013-01-26', 2, 'waxing', 15],
      ['2013-02-03', 2, 'waning', 8],
      ['2013-02-10', 2, 'waning', 15],
      ['2013-02-18', 3, 'waxing', 8],
      ['2013-02-25', 3, 'waxing', 15],
    ],
  },
  {
    span: ['2021-01-01', '2021-02-05'],
    days: [
      ['2021-01-06', 2, 'waning', 8],
      ['2021-01-13', 2, 'waning', 15],
      ['2021-01-21', 3, 'waxing', 8],
      ['2021-01-28', 3, 'waxing', 15],
      ['2021-02-05', 3, 'waning', 8],
    ],
  },
  {
    span: ['2021-12-26', '2022-01-17'],
    days: [
      ['2021-12-27', 1, 'waning', 8],
      ['2022-01-02', 1, 'waning', 14],
      ['2022-01-10', 2, 'waxing', 8],
      ['2022-01-17', 2, 'waxing', 15],
    ],
  },
  {
    span: ['2023-01-01', '2023-04-05'],
    days: [
      ['2023-01-06', 2, 'waxing', 15],
      ['2023-01-14', 2, 'waning', 8],
      ['2023-01-21', 2, 'waning', 15],
      ['2023-01-29', 3, 'waxing', 8],
      ['2023-02-05', 3, 'waxing', 15],
      ['2023-02-13', 3, 'waning', 8],
      ['2023-02-19', 3, 'waning', 14],
      ['2023-02-27', 4, 'waxing', 8],
      ['2023-03-06', 4, 'waxing', 15],
      ['2023-03-14', 4, 'waning', 8],
      ['2023-03-21', 4, 'waning', 15],
      ['2023-03-29', 5, 'waxing', 8],
      ['2023-04-05', 5, 'waxing', 15],
    ],
  },
  { span: ['2024-01-04', '2024-01-04'], days: [['2024-01-04', null, 'waning', 8]] },
];

/** Every Athikamat and Athikawan year 2000–2040 of the Thai lunar calendar (B.E. 2543–2583). */
const ATHIKAMAT_2000_2040 = [2002, 2004, 2007, 2010, 2012, 2015, 2018, 2021, 2023, 2026, 2029, 2031, 2034, 2037, 2040];
const ATHIKAWAN_2000_2040 = [2000, 2006, 2009, 2016, 2020, 2025, 2032, 2035];

describe('Thai lunisolar calendar', () => {
  it.each(Object.keys(PUBLISHED).map(Number))('festivals of %i are the published dates', (year) => {
    const found = Object.fromEntries(
      observancesOfYear(year)
        .filter((o) => o.kind in PUBLISHED[year])
        .map((o) => [o.kind, o.date.slice(5)]),
    );
    expect(found).toEqual(PUBLISHED[year]);
  });

  it.each(PUBLISHED_WAN_PHRA.map((list) => [list.span.join(' … '), list] as const))(
    'finds exactly the published Wan Phra of %s',
    (_span, list) => {
      const [from, to] = list.span;
      const years = [...new Set([from, to].map((d) => Number(d.slice(0, 4))))];
      const ours = years.flatMap(wanPhraDates).filter((d) => d >= from && d <= to);
      expect(ours).toEqual(list.days.map(([date]) => date));
      for (const [date, month, phase, day] of list.days) {
        const lunar = civilToThaiLunar(date);
        expect([date, month === null ? null : lunar.month, lunar.phase, lunar.day]).toEqual([date, month, phase, day]);
      }
    },
  );

  it('every lunar full-moon festival is a Wan Phra and Khao Phansa is the day after Asarnha Bucha', () => {
    for (const year of Object.keys(PUBLISHED).map(Number)) {
      const wanPhra = new Set(wanPhraDates(year));
      const observances = observancesOfYear(year);
      for (const kind of ['makha_bucha', 'visakha_bucha', 'asarnha_bucha', 'ok_phansa', 'loy_krathong', 'atthami_bucha']) {
        expect(wanPhra.has(observances.find((o) => o.kind === kind)!.date)).toBe(true);
      }
      // four holy days a lunar month: about 49–51 a civil year, never two days running
      expect(wanPhra.size).toBeGreaterThanOrEqual(48);
      expect(wanPhra.size).toBeLessThanOrEqual(52);
    }
  });

  it('Wan Phra are waxing 8 and 15, waning 8 and the last day (waning 14 in a 29-day month)', () => {
    // January 2025: month 2 (30 days) ends on waning 15, month 3 (29 days) on waning 14.
    const january = wanPhraDates(2025).filter((d) => d.startsWith('2025-01') || d.startsWith('2025-02'));
    const labels = january.map((d) => {
      const l = civilToThaiLunar(d);
      return `${d} ${l.month} ${l.phase} ${l.day}`;
    });
    expect(labels).toContain('2025-02-12 3 waxing 15'); // Makha Bucha
    expect(labels).toContain('2025-02-26 3 waning 14'); // the last day of a 29-day month
    expect(labels).toContain('2025-01-28 2 waning 15'); // the last day of a 30-day month
  });

  it('places the festivals of every published year 1914–2157 at the day offsets the holidays library documents', () => {
    // holidays/calendars/thai.py counts each festival in days from month 1 waxing 1: Makha Bucha +73
    // (+102 Athikamat), Visakha +161 (+191), Atthami +169 (+199), Asarnha +220 (+221 Athikawan, +250 Athikamat).
    const offsets = {
      makha_bucha: [73, 73, 102],
      visakha_bucha: [161, 161, 191],
      atthami_bucha: [169, 169, 199],
      asarnha_bucha: [220, 221, 250],
    };
    for (let year = 1914; year <= 2157; year++) {
      const type = yearTypeOf(year);
      const start = epochDay(thaiLunarToCivil({ lunar_year: year, month: 1, phase: 'waxing', day: 1 }));
      const column = type === 'normal' ? 0 : type === 'athikawan' ? 1 : 2;
      const observances = observancesOfYear(year);
      for (const [kind, days] of Object.entries(offsets)) {
        const date = observances.find((o) => o.kind === kind)!.date;
        if (epochDay(date) - start !== days[column])
          throw new Error(`${year} ${kind}: ${date} is ${epochDay(date) - start} days after month 1, expected ${days[column]}`);
      }
    }
    expect(thaiLunarToCivil({ lunar_year: 1914, month: 1, phase: 'waxing', day: 1 })).toBe('1913-11-28');
  });

  it('knows every Athikamat and Athikawan year 2000–2040', () => {
    for (let year = 2000; year <= 2040; year++) {
      const expected = ATHIKAMAT_2000_2040.includes(year) ? 'athikamat' : ATHIKAWAN_2000_2040.includes(year) ? 'athikawan' : 'normal';
      expect([year, yearTypeOf(year)]).toEqual([year, expected]);
    }
  });

  it('round-trips civil → lunar → civil for every day of 1901–2199', () => {
    const first = epochDay('1901-01-01');
    const last = epochDay('2199-12-31');
    let previous = civilToThaiLunar('1901-01-01');
    for (let day = first; day <= last; day++) {
      const iso = isoOfEpochDay(day);
      const lunar = civilToThaiLunar(iso);
      if (thaiLunarToCivil(lunar) !== iso) throw new Error(`${iso} → ${JSON.stringify(lunar)} does not come back`);
      previous = lunar;
    }
    expect(previous.lunar_year).toBe(2200);
  });

  it('writes the date as an almanac does, with Thai digits', () => {
    const day = describeCivilDate('2025-07-13'); // Asarnha Bucha 2025 was Thursday 10 July, waxing 15 of month 8
    expect(day.text.th).toBe('วันอาทิตย์ แรม ๓ ค่ำ เดือน ๘ ปีมะเส็ง');
    expect(day.text.en).toBe('Sunday, 3rd waning day of the 8th lunar month, year of the Snake');
    expect(day.buddhist_era).toBe(2568);
    expect(day.chula_sakarat).toBe(1387);
    const second = describeCivilDate('2026-07-29'); // Asarnha Bucha 2026, in the second 8th month
    expect(second.text.th).toBe('วันพุธ ขึ้น ๑๕ ค่ำ เดือน ๘/๘ ปีมะเมีย');
  });

  it('keeps the animal year until waxing 1 of month 5', () => {
    expect(describeCivilDate('2025-03-28').animal.en).toBe('Dragon'); // waning of month 4
    const month5 = thaiLunarToCivil({ lunar_year: 2025, month: 5, phase: 'waxing', day: 1 });
    expect(describeCivilDate(month5).animal.en).toBe('Snake');
  });

  it('refuses impossible lunar dates, naming the field', () => {
    expect(lunarDateProblem({ lunar_year: 2025, month: 8, second_eighth: true, phase: 'waxing', day: 1 })?.field).toBe('second_eighth');
    expect(lunarDateProblem({ lunar_year: 2025, month: 3, phase: 'waxing', day: 16 })?.field).toBe('day');
    expect(lunarDateProblem({ lunar_year: 2025, month: 3, phase: 'waning', day: 15 })?.field).toBe('day'); // month 3 has 29 days
    expect(lunarDateProblem({ lunar_year: 2025, month: 7, phase: 'waning', day: 15 })).toBeNull(); // 2025 is Athikawan
    expect(lunarDateProblem({ lunar_year: 1800, month: 1, phase: 'waxing', day: 1 })?.field).toBe('lunar_year');
  });
});
