/**
 * A reader of compiled tz database files (TZif, RFC 8536). Only the version 2+ body is read: its
 * 64-bit transition times reach back before 1901, where births in local mean time are, and its
 * footer (a POSIX TZ string) carries the rule for instants after the last stored transition.
 */

export interface LocalTimeType {
  /** seconds east of UTC */
  offsetSeconds: number;
  isDst: boolean;
  abbreviation: string;
}

export interface TzifZone {
  /** UTC seconds of each transition, ascending */
  transitions: number[];
  /** the local time type in force from each transition on (index into `types`) */
  transitionTypes: number[];
  /** `types[0]` is in force before the first transition (RFC 8536 §3.2) */
  types: LocalTimeType[];
  /** the POSIX TZ string for instants after the last transition; empty when the file has none */
  footer: string;
}

export class TzifFormatError extends Error {}

const HEADER_BYTES = 44;

interface Counts {
  isut: number;
  isstd: number;
  leap: number;
  time: number;
  type: number;
  char: number;
}

function countsAt(data: Buffer, at: number): Counts {
  if (data.length < at + HEADER_BYTES || data.toString('latin1', at, at + 4) !== 'TZif') {
    throw new TzifFormatError('not a TZif file');
  }
  const count = (i: number) => data.readUInt32BE(at + 20 + 4 * i);
  return { isut: count(0), isstd: count(1), leap: count(2), time: count(3), type: count(4), char: count(5) };
}

/** Bytes of a data block whose transition and leap-second times are `timeBytes` wide. */
const blockBytes = (c: Counts, timeBytes: number) =>
  c.time * timeBytes + c.time + c.type * 6 + c.char + c.leap * (timeBytes + 4) + c.isstd + c.isut;

export function parseTzif(data: Buffer): TzifZone {
  const first = countsAt(data, 0);
  const version = data[4];
  if (version < 0x32) throw new TzifFormatError('a version 1 TZif file has no 64-bit data; install tzdata 2005 or later');
  const start = HEADER_BYTES + blockBytes(first, 4);
  const c = countsAt(data, start);
  let at = start + HEADER_BYTES;
  if (data.length < at + blockBytes(c, 8)) throw new TzifFormatError('TZif file is truncated');
  const transitions: number[] = [];
  for (let i = 0; i < c.time; i++, at += 8) transitions.push(Number(data.readBigInt64BE(at)));
  const transitionTypes: number[] = [];
  for (let i = 0; i < c.time; i++, at += 1) transitionTypes.push(data[at]);
  const raw: { offsetSeconds: number; isDst: boolean; abbreviationIndex: number }[] = [];
  for (let i = 0; i < c.type; i++, at += 6) {
    raw.push({ offsetSeconds: data.readInt32BE(at), isDst: data[at + 4] === 1, abbreviationIndex: data[at + 5] });
  }
  const chars = data.subarray(at, at + c.char);
  at += c.char + c.leap * 12 + c.isstd + c.isut;
  const types = raw.map(({ offsetSeconds, isDst, abbreviationIndex }) => {
    const end = chars.indexOf(0, abbreviationIndex);
    return { offsetSeconds, isDst, abbreviation: chars.toString('latin1', abbreviationIndex, end < 0 ? chars.length : end) };
  });
  if (types.length === 0 || transitionTypes.some((t) => t >= types.length))
    throw new TzifFormatError('TZif file has no valid local time types');
  const footerEnd = data.indexOf(0x0a, at + 1);
  const footer = data[at] === 0x0a && footerEnd > at ? data.toString('latin1', at + 1, footerEnd) : '';
  return { transitions, transitionTypes, types, footer };
}
