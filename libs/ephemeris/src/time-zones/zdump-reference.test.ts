import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { offsetSecondsAt, timeZoneDatabaseVersion, wallTimeOffset, WallTimeOffset } from '.';

/**
 * Every zone and link of the tz database, 1850 to 2100, against `zdump` (glibc's, reading the
 * Debian tzdata files, built with backzone): the offset at every transition and on either side of
 * it, at an instant every 29.5 days, and the wall times around each transition and on a quarterly
 * grid resolved to the offsets zdump's history allows (one, two in an overlap, none in a gap).
 * zdump's own transition list is the reference; this test computes nothing with our code's help.
 */
const ZONEINFO = process.env.TZDIR || '/usr/share/zoneinfo';
const FROM_YEAR = 1850;
const TO_YEAR = 2100;
const MONTHS: Record<string, number> = { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 };

/** Zone and link names as tzdata.zi (zic's input) declares them. */
function allNames(): string[] {
  const names: string[] = [];
  for (const line of readFileSync(join(ZONEINFO, 'tzdata.zi'), 'utf8').split('\n')) {
    const [kind, a, b] = line.split(' ');
    if (kind === 'Z') names.push(a);
    if (kind === 'L') names.push(b);
  }
  return names;
}

/** A zone's history as zdump tells it: the offset from 1850 on, then each change (UTC second, new offset). */
interface History {
  initial: number;
  changes: { at: number; offset: number }[];
}

const run = promisify(execFile);

async function zdumpHistories(names: string[]): Promise<Map<string, History>> {
  const histories = new Map<string, History>();
  const line = /^(\S+)\s+\w{3} (\w{3})\s+(\d+) (\d\d):(\d\d):(\d\d) (\d+) UT = .* gmtoff=(-?\d+)$/;
  const chunks: string[][] = [];
  for (let i = 0; i < names.length; i += 60) chunks.push(names.slice(i, i + 60));
  const outputs = await Promise.all(
    chunks.map((chunk) =>
      run('zdump', ['-v', '-c', `${FROM_YEAR},${TO_YEAR}`, ...chunk], { maxBuffer: 1 << 28, env: { TZDIR: ZONEINFO } }),
    ),
  );
  const points = new Map<string, { at: number; offset: number }[]>();
  for (const { stdout } of outputs) {
    for (const text of stdout.split('\n')) {
      const m = line.exec(text);
      if (!m) continue;
      const at = Date.UTC(Number(m[7]), MONTHS[m[2]], Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000;
      const list = points.get(m[1]) ?? [];
      list.push({ at, offset: Number(m[8]) });
      points.set(m[1], list);
    }
  }
  const constant = names.filter((n) => !points.has(n));
  if (constant.length) {
    // Zones with no change in the range: zdump -i states the offset they keep.
    const { stdout } = await run('zdump', ['-i', '-c', `${FROM_YEAR},${TO_YEAR}`, ...constant], { env: { TZDIR: ZONEINFO } });
    let zone = '';
    for (const text of stdout.split('\n')) {
      const named = /^TZ="(.+)"$/.exec(text);
      if (named) zone = named[1];
      const first = /^-\t-\t([+-])(\d\d)(\d\d)?(\d\d)?(\t|$)/.exec(text);
      if (first) {
        const offset = (first[1] === '-' ? -1 : 1) * (Number(first[2]) * 3600 + Number(first[3] ?? 0) * 60 + Number(first[4] ?? 0));
        histories.set(zone, { initial: offset, changes: [] });
      }
    }
  }
  for (const [zone, list] of points) {
    // zdump -v prints each transition as a pair: the second before it and the second it takes effect.
    const changes: History['changes'] = [];
    for (let i = 1; i < list.length; i += 2) changes.push({ at: list[i].at, offset: list[i].offset });
    histories.set(zone, { initial: list[0].offset, changes });
  }
  return histories;
}

function offsetIn(history: History, at: number): number {
  let offset = history.initial;
  for (const change of history.changes) {
    if (change.at > at) break;
    offset = change.offset;
  }
  return offset;
}

/** What a wall time (seconds, read as if UTC) resolves to under a zdump history. */
function expectedWall(history: History, wall: number): WallTimeOffset {
  const offsets = [...new Set([history.initial, ...history.changes.map((c) => c.offset)])];
  const valid = offsets.filter((o) => offsetIn(history, wall - o) === o).sort((a, b) => b - a);
  if (valid.length === 1) return { kind: 'unique', offsetSeconds: valid[0] };
  if (valid.length > 1)
    return { kind: 'ambiguous', offsetSeconds: valid[0], earlierOffsetSeconds: valid[0], laterOffsetSeconds: valid[valid.length - 1] };
  const change = history.changes.find((c, i) => {
    const before = i === 0 ? history.initial : history.changes[i - 1].offset;
    return wall >= c.at + before && wall < c.at + c.offset;
  })!;
  const i = history.changes.indexOf(change);
  return { kind: 'gap', offsetBeforeSeconds: i === 0 ? history.initial : history.changes[i - 1].offset, offsetAfterSeconds: change.offset };
}

const wallParts = (wall: number): [string, string] => {
  const iso = new Date(wall * 1000).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 19)];
};

describe(`the offsets of every tz database zone against zdump, ${FROM_YEAR} to ${TO_YEAR}`, () => {
  const names = allNames();
  let histories: Map<string, History>;

  beforeAll(async () => {
    histories = await zdumpHistories(names);
  }, 600_000);

  it('reads the same database release zdump reads', () => {
    const version = /^# version (\S+)/.exec(readFileSync(join(ZONEINFO, 'tzdata.zi'), 'utf8'))?.[1];
    expect(timeZoneDatabaseVersion()).toBe(version);
    expect(names.length).toBeGreaterThan(550);
    expect([...histories.keys()].sort()).toEqual([...names].sort());
  });

  it('gives zdump’s offset at each transition, the second before it, and every 29.5 days', () => {
    const wrong: string[] = [];
    const start = Date.UTC(FROM_YEAR, 0, 2) / 1000;
    const end = Date.UTC(TO_YEAR - 1, 11, 30) / 1000;
    for (const name of names) {
      const history = histories.get(name)!;
      const instants = history.changes.flatMap((c) => [c.at - 1, c.at]);
      for (let at = start; at < end; at += 29.5 * 86400) instants.push(at);
      for (const at of instants) {
        const ours = offsetSecondsAt(name, at * 1000);
        const theirs = offsetIn(history, at);
        if (ours !== theirs && wrong.length < 20)
          wrong.push(`${name} at ${new Date(at * 1000).toISOString()}: ${ours} s, zdump ${theirs} s`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('resolves the wall times around each transition and on a quarterly grid as zdump’s history does', () => {
    const wrong: string[] = [];
    for (const name of names) {
      const history = histories.get(name)!;
      const walls: number[] = [];
      history.changes.forEach((c, i) => {
        const before = i === 0 ? history.initial : history.changes[i - 1].offset;
        // the last wall second before the change, the first after it, and those of the other clock
        walls.push(c.at + before - 1, c.at + before, c.at + c.offset - 1, c.at + c.offset);
      });
      for (let year = FROM_YEAR; year < TO_YEAR; year++) {
        for (const month of [0, 3, 6, 9]) walls.push(Date.UTC(year, month, 15, month % 2 ? 12 : 2, 30) / 1000);
      }
      for (const wall of walls) {
        const [date, time] = wallParts(wall);
        if (date < `${FROM_YEAR}-01-03` || date > `${TO_YEAR - 1}-12-29`) continue;
        const ours = wallTimeOffset(name, date, time);
        const theirs = expectedWall(history, wall);
        if (JSON.stringify(ours) !== JSON.stringify(theirs) && wrong.length < 20) {
          wrong.push(`${name} ${date} ${time}: ${JSON.stringify(ours)}, zdump ${JSON.stringify(theirs)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
