import { birthDays, dayVerdictOf, dithiOf, isDithiMahasun, kalayoka, MAHASUN_DAY } from './auspicious';
import { civilToThaiLunar, thaiLunarToCivil } from './calendar';
import { almanacMonth } from './almanac';

describe('กาลโยค (Kalayoka) of a Chula Sakarat year', () => {
  // Thai Wikipedia, "กาลโยค" (th.wikipedia.org/wiki/กาลโยค), the table of C.S. 1386
  // ("ใช้ระหว่างวันที่ 16 เมษายน พ.ศ. 2567 ถึง 15 เมษายน พ.ศ. 2568"):
  //            ธงชัย อธิบดี อุบาทว์ โลกาวินาศ
  //   วัน        3     5      2       7
  //   ยาม        7     6      6       2
  //   ฤกษ์       12    12     11      22
  //   ราศี       3     6      2       10
  //   ดิถี       3     30     2       16
  // and the table of C.S. 1375 (16 April 2556 – 15 April 2557) in the same article as reproduced by
  // astroneemo.net ("กฏเกณฑ์การให้ฤกษ์แบบไทย"): วัน 5 1 4 3, ยาม 1 3 8 7, ฤกษ์ 10 1 9 11, ราศี 1 7 0 11, ดิถี 13 19 12 5.
  const published: Record<number, Record<'thongchai' | 'athibodi' | 'ubat' | 'lokawinat', [number, number, number, number, number]>> = {
    1386: { thongchai: [3, 7, 12, 3, 3], athibodi: [5, 6, 12, 6, 30], ubat: [2, 6, 11, 2, 2], lokawinat: [7, 2, 22, 10, 16] },
    1375: { thongchai: [5, 1, 10, 1, 13], athibodi: [1, 3, 1, 7, 19], ubat: [4, 8, 9, 0, 12], lokawinat: [3, 7, 11, 11, 5] },
  };

  it.each([1386, 1375])('matches the published table of C.S. %i (weekday, watch, mansion, sign, lunar day)', (cs) => {
    const table = kalayoka(cs);
    for (const kind of ['thongchai', 'athibodi', 'ubat', 'lokawinat'] as const) {
      const e = table[kind];
      expect([kind, e.weekday_number, e.yam, e.rerk, e.rasi, e.dithi]).toEqual([kind, ...published[cs][kind]]);
    }
  });

  it('gives the weekdays myhora.com publishes for B.E. 2566 (C.S. 1385)', () => {
    // myhora.com "ปฏิทินร้อยปี จันทรคติไทย พ.ศ.2566 - 2567" (as quoted on blockdit.com, 17 Jan 2023):
    // "กาลโยค วันธงชัย : เสาร์ (7) , วันอธิบดี : พุธ (4) , วันอุบาทว์ : ศุกร์ (6) , วันโลกาวินาศ : ศุกร์ (6)"
    const table = kalayoka(1385);
    expect([table.thongchai, table.athibodi, table.ubat, table.lokawinat].map((e) => e.weekday)).toEqual([6, 3, 5, 5]);
    expect(table).toMatchObject({ valid_from: '2023-04-16', valid_to: '2024-04-15' });
  });

  it('marks the weekday of each Kalayoka on a date, by the Chula Sakarat year the date falls in', () => {
    // C.S. 1386 runs 16 April 2024 – 15 April 2025: Tuesday is Thongchai, Thursday Athibodi,
    // Monday Ubat, Saturday Lokawinat. 2025-04-15 is a Tuesday of C.S. 1386; 2025-04-16 opens C.S. 1387.
    expect(dayVerdictOf('2025-04-15').rules.map((r) => r.rule)).toContain('wan_thongchai');
    expect(dayVerdictOf('2025-04-17').rules.map((r) => r.rule)).not.toContain('wan_athibodi'); // a Thursday of C.S. 1387
    const monday = dayVerdictOf('2025-03-03');
    expect(monday.rules.map((r) => r.rule)).toContain('wan_ubat');
    expect(monday.verdict).toBe('avoid');
    expect(monday.summary.th).toMatch(/^ควรเลี่ยงการมงคลทั่วไปในวันนี้ · วันจันทร์เป็นวันอุบาทว์ของปี จ\.ศ\. 1386/);
  });
});

describe('ดิถีมหาสูญ', () => {
  // The traditional verse (quoted by mahamongkol.com, "ดิถีมหาสูญ", and astroneemo.net, "แบบไทย-ดิถีมหาสูญ"):
  //   "ว่าเดือน ๖ เดือน ๓ ห้าม ๔ ค่ำ … เดือน ๗ เดือน ๑๐ ห้ามตามตำรา โบราณว่า ๘ ค่ำเป็นสำคัญ
  //    ถ้าเดือน ๘ เดือน ๕ ห้าม ๖ ค่ำ … เดือน ๑๑ เดือนยี่ก็เหมือนกัน กำหนดวันขึ้นแรม ๑๒ มี
  //    เดือน ๙ เดือน ๑๒ ห้าม ๑๐ ค่ำ … อนึ่งท่านห้ามเดือนอ้ายในเดือนสี่ ห้ามดิถี ๒ ค่ำ อย่าทำการ
  //    ห้ามทั้งขึ้น ทั้งแรมทุกเดือนมา เป็นมหาสูญอันอาจหาญ ถึงฤกษ์อื่นหมื่นดีไม่ต้านทาน"
  const verse: [number[], number][] = [
    [[6, 3], 4],
    [[7, 10], 8],
    [[8, 5], 6],
    [[11, 2], 12],
    [[9, 12], 10],
    [[1, 4], 2],
  ];

  it('forbids the lunar day the verse names, waxing and waning, in every month', () => {
    for (const [months, day] of verse) for (const month of months) expect([month, MAHASUN_DAY[month]]).toEqual([month, day]);
    for (let month = 1; month <= 12; month++) {
      const forbidden = Array.from({ length: 15 }, (_, i) => i + 1).filter((d) => isDithiMahasun(month, d));
      expect(forbidden).toHaveLength(1);
    }
  });

  it('makes the day one to avoid whatever else it has (waning 4 of month 3, 2025)', () => {
    const iso = thaiLunarToCivil({ lunar_year: 2025, month: 3, phase: 'waning', day: 4 });
    expect(iso).toBe('2025-02-16');
    const verdict = dayVerdictOf(iso);
    expect(verdict.rules.map((r) => r.rule)).toContain('dithi_mahasun');
    expect(verdict.verdict).toBe('avoid');
    expect(verdict.score).toBeLessThanOrEqual(25);
    // the second 8th month of an Athikamat year counts as the 8th: waxing 6 of 8/8 in 2026
    const second = thaiLunarToCivil({ lunar_year: 2026, month: 8, second_eighth: true, phase: 'waxing', day: 6 });
    expect(dayVerdictOf(second).rules.map((r) => r.rule)).toContain('dithi_mahasun');
    expect(dithiOf(civilToThaiLunar(second).phase, 6)).toBe(6);
  });
});

describe("the person's days by the Maha Thaksa wheel", () => {
  // The wheel (อาทิตย์ จันทร์ อังคาร พุธ เสาร์ พฤหัสบดี ราหู ศุกร์, บริวาร อายุ เดช ศรี มูละ อุตสาหะ มนตรี
  // กาลกิณี) as the Thai almanacs print it: a Sunday birth has Friday as กาลกิณี, a Monday birth Sunday,
  // a Tuesday birth Monday, a Wednesday (day) birth Tuesday, a Thursday birth Saturday, a Saturday birth Wednesday.
  it.each([
    ['2024-06-02', '10:00', 5],
    ['2024-06-03', '10:00', 0],
    ['2024-06-04', '10:00', 1],
    ['2024-06-05', '10:00', 2],
    ['2024-06-06', '10:00', 6],
    ['2024-06-08', '10:00', 3],
  ])('born %s %s: กาลกิณี weekday %i', (date, time, kalakini) => {
    expect(birthDays({ date, time }).kalakini).toBe(kalakini);
  });

  it('a Friday birth has Rahu as กาลกิณี, which rules no whole civil day', () => {
    expect(birthDays({ date: '2024-06-07', time: '10:00' })).toMatchObject({ birth_planet: 'venus', kalakini: null });
  });

  it("forbids the person's กาลกิณี day even when the Kalayoka favours it, and weighs it more for a wedding", () => {
    const sundayBorn = birthDays({ date: '1990-05-20', time: '08:00' });
    const friday = '2025-06-06'; // also the Thongchai and Athibodi weekday of C.S. 1387
    const general = dayVerdictOf(friday, { birth: sundayBorn });
    const wedding = dayVerdictOf(friday, { birth: sundayBorn, activity: 'wedding' });
    const rule = (v: typeof general) => v.rules.find((r) => r.rule === 'birth_kalakini')!;
    expect(rule(general).points).toBe(-15);
    expect(rule(wedding).points).toBe(-22.5);
    expect(rule(wedding).reason.th).toBe('วันศุกร์เป็นวันกาลกิณีของผู้เกิดวันอาทิตย์ ตามมหาทักษา ไม่ควรใช้ฤกษ์วันนี้');
    expect(rule(wedding).forbids).toBe(true);
    expect(wedding.rules.map((r) => r.rule)).toEqual(expect.arrayContaining(['wan_thongchai', 'wan_athibodi']));
    expect(wedding.verdict).toBe('avoid');
    expect(wedding.summary.en).toMatch(/^Better to avoid a wedding today · /);
  });
});

describe('activities', () => {
  it('weighs โลกาวินาศ double for travel and อธิบดี double for opening a business', () => {
    // C.S. 1386: Saturday is Lokawinat, Thursday Athibodi.
    const saturday = '2025-03-01';
    const thursday = '2025-03-06';
    const points = (iso: string, rule: string, activity?: 'travel' | 'opening_business') =>
      dayVerdictOf(iso, { activity }).rules.find((r) => r.rule === rule)!.points;
    expect(points(saturday, 'wan_lokawinat')).toBe(-15);
    expect(points(saturday, 'wan_lokawinat', 'travel')).toBe(-30);
    expect(points(thursday, 'wan_athibodi', 'opening_business')).toBe(30);
    expect(dayVerdictOf(thursday, { activity: 'opening_business' }).verdict).toBe('good');
  });
});

describe('the monthly almanac page', () => {
  it("carries each day's auspiciousness", () => {
    const month = almanacMonth(2025, 2);
    const sixteenth = month.days[15];
    expect(sixteenth.date).toBe('2025-02-16');
    expect(sixteenth.auspiciousness.verdict).toBe('avoid');
    expect(sixteenth.auspiciousness.rules.map((r) => r.rule)).toContain('dithi_mahasun');
    expect(month.days.every((d) => d.auspiciousness.summary.th.length > 0 && !/[A-Za-z]/.test(d.auspiciousness.summary.th))).toBe(true);
  });
});
