/**
 * The POSIX TZ string of a TZif footer (RFC 8536 §3.3, with its extensions: hours of a rule time
 * from -167 to 167): the zone's offsets after its last stored transition, e.g.
 * `EST5EDT,M3.2.0,M11.1.0` or `<+07>-7`. POSIX counts offsets west of UTC; these values are east.
 */

interface RuleDate {
  kind: 'julian-no-leap' | 'zero-based' | 'month-week-day';
  day: number;
  month: number;
  week: number;
  /** seconds after local midnight of that day */
  time: number;
}

export interface PosixRule {
  standard: { offsetSeconds: number; abbreviation: string };
  daylight?: { offsetSeconds: number; abbreviation: string; start: RuleDate; end: RuleDate };
}

export class PosixRuleError extends Error {}

class Reader {
  at = 0;
  constructor(readonly text: string) {}
  peek = () => this.text[this.at];
  done = () => this.at >= this.text.length;
  match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const found = pattern.exec(this.text);
    if (!found) return undefined;
    this.at += found[0].length;
    return found[0];
  }
  expect(pattern: RegExp, what: string): string {
    const found = this.match(pattern);
    if (found === undefined) throw new PosixRuleError(`TZ string ${JSON.stringify(this.text)}: expected ${what} at ${this.at}`);
    return found;
  }
}

function readName(r: Reader): string {
  if (r.peek() === '<') return r.expect(/<[A-Za-z0-9+-]+>/y, 'a quoted name').slice(1, -1);
  return r.expect(/[A-Za-z]{3,}/y, 'a name');
}

/** [+-]hh[:mm[:ss]] in seconds, as written (hours up to 167 for rule times). */
function readDuration(r: Reader): number {
  const text = r.expect(/[+-]?\d{1,3}(:\d{1,2}(:\d{1,2})?)?/y, 'a time');
  const sign = text.startsWith('-') ? -1 : 1;
  const [h, m = 0, s = 0] = text.replace(/^[+-]/, '').split(':').map(Number);
  return sign * (h * 3600 + m * 60 + s);
}

function readRuleDate(r: Reader): RuleDate {
  let date: RuleDate;
  if (r.match(/M/y)) {
    const [month, week, day] = r
      .expect(/\d{1,2}\.\d\.\d/y, 'm.w.d')
      .split('.')
      .map(Number);
    date = { kind: 'month-week-day', month, week, day, time: 7200 };
  } else if (r.match(/J/y)) {
    date = { kind: 'julian-no-leap', day: Number(r.expect(/\d{1,3}/y, 'a day')), month: 0, week: 0, time: 7200 };
  } else {
    date = { kind: 'zero-based', day: Number(r.expect(/\d{1,3}/y, 'a day')), month: 0, week: 0, time: 7200 };
  }
  if (r.match(/\//y)) date.time = readDuration(r);
  return date;
}

export function parsePosixRule(text: string): PosixRule {
  const r = new Reader(text);
  const standardName = readName(r);
  const standard = { abbreviation: standardName, offsetSeconds: -readDuration(r) };
  if (r.done()) return { standard };
  const daylightName = readName(r);
  const daylightOffset = r.done() || r.peek() === ',' ? standard.offsetSeconds + 3600 : -readDuration(r);
  // Without a rule POSIX leaves the dates to the implementation; TZif footers always carry one.
  r.expect(/,/y, 'the daylight-time rule');
  const start = readRuleDate(r);
  r.expect(/,/y, 'the end of the daylight-time rule');
  const end = readRuleDate(r);
  if (!r.done()) throw new PosixRuleError(`TZ string ${JSON.stringify(text)}: unexpected text at ${r.at}`);
  return { standard, daylight: { abbreviation: daylightName, offsetSeconds: daylightOffset, start, end } };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** UTC seconds of local midnight (as if UTC) of a rule's day in a year, plus its time. */
function wallSecondsOf(date: RuleDate, year: number): number {
  const jan1 = Date.UTC(year, 0, 1) / 1000;
  let dayOfYear: number; // zero-based
  if (date.kind === 'zero-based') dayOfYear = date.day;
  else if (date.kind === 'julian-no-leap') dayOfYear = date.day - 1 + (isLeap(year) && date.day >= 60 ? 1 : 0);
  else {
    const firstOfMonth = new Date(Date.UTC(year, date.month - 1, 1));
    const firstMatch = 1 + ((date.day - firstOfMonth.getUTCDay() + 7) % 7);
    const daysInMonth = new Date(Date.UTC(year, date.month, 0)).getUTCDate();
    let dayOfMonth = firstMatch + (date.week - 1) * 7;
    if (date.week === 5) while (dayOfMonth > daysInMonth) dayOfMonth -= 7;
    dayOfYear = (Date.UTC(year, date.month - 1, dayOfMonth) / 1000 - jan1) / 86400;
  }
  return jan1 + dayOfYear * 86400 + date.time;
}

/** The daylight-time changes of a year: start (UTC seconds, told in standard time) and end (told in daylight time). */
export function daylightChangesIn(rule: PosixRule, year: number): { start: number; end: number } | undefined {
  if (!rule.daylight) return undefined;
  return {
    start: wallSecondsOf(rule.daylight.start, year) - rule.standard.offsetSeconds,
    end: wallSecondsOf(rule.daylight.end, year) - rule.daylight.offsetSeconds,
  };
}

/** Whether daylight time is in force at a UTC second under the rule. */
export function isDaylightAt(rule: PosixRule, utcSeconds: number): boolean {
  const year = new Date(utcSeconds * 1000).getUTCFullYear();
  const changes = daylightChangesIn(rule, year);
  if (!changes) return false;
  const { start, end } = changes;
  // Northern hemisphere: daylight between start and end; southern: outside end..start.
  return start < end ? utcSeconds >= start && utcSeconds < end : !(utcSeconds >= end && utcSeconds < start);
}
