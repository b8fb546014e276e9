import { z } from 'zod';
import { isRealDate } from './calendar-date';
import { ID_PREFIXES, IdKind } from './ids';

/**
 * The one codec of every list's `next_cursor`. A cursor is opaque to clients (base64url) but not
 * trusted: the schemas below decode and check it while the query is parsed, so a forged or damaged
 * cursor is a 400 naming `cursor` before any query runs, never a database error.
 *
 * Two kinds: a position (the event position the next page starts below: deliveries, subscriptions)
 * and a keyset (the `created_at` and id of the last row, oldest-first lists: brand and Cultural
 * Intelligence profiles).
 */
export class InvalidCursorError extends Error {
  constructor() {
    super('cursor: must be the next_cursor of a previous page of this list');
    this.name = 'InvalidCursorError';
  }
}

const CURSOR_MESSAGE = 'must be the next_cursor of a previous page of this list';

/** The text inside a cursor, only if the cursor is the canonical base64url of it (no padding, no stray characters). */
function unwrap(cursor: string): string {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw new InvalidCursorError();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (Buffer.from(text, 'utf8').toString('base64url') !== cursor) throw new InvalidCursorError();
  return text;
}

const wrap = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

export function encodePositionCursor(position: number): string {
  return wrap(String(position));
}

/** The position of a position cursor: a whole number from 1 to 2^53 − 1 (a bigserial that JSON can carry). */
export function decodePositionCursor(cursor: string): number {
  const text = unwrap(cursor);
  const position = Number(text);
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(position)) throw new InvalidCursorError();
  return position;
}

export interface Keyset {
  /** ISO 8601 UTC with up to microseconds, as PostgreSQL renders a timestamptz (utcIsoSql) */
  createdAt: string;
  id: string;
}

export function encodeKeysetCursor(keyset: Keyset): string {
  return wrap(`${keyset.createdAt}|${keyset.id}`);
}

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?Z$/;

/** Whether an ISO instant names a moment that exists (no 2024-02-30, no 24:00, no year 0), so PostgreSQL takes it. */
function isRealInstant(text: string): boolean {
  const match = INSTANT.exec(text);
  if (!match) return false;
  const [hour, minute, second] = match.slice(4, 7).map(Number);
  return isRealDate(text.slice(0, 10)) && hour < 24 && minute < 60 && second < 60;
}

/**
 * The keyset of a keyset cursor whose id must be an id of `kind` (its prefix and 24 hex digits), or
 * of one of several kinds for a list that mixes them (report and visual-reading jobs).
 */
export function decodeKeysetCursor(cursor: string, kind: IdKind | readonly IdKind[]): Keyset {
  const prefixes = (typeof kind === 'string' ? [kind] : kind).map((k) => ID_PREFIXES[k]);
  const parts = unwrap(cursor).split('|');
  if (parts.length !== 2) throw new InvalidCursorError();
  const [createdAt, id] = parts;
  const idPrefix = prefixes.find((prefix) => id.startsWith(prefix));
  if (!isRealInstant(createdAt) || !idPrefix || !/^[a-f0-9]{24}$/.test(id.slice(idPrefix.length))) {
    throw new InvalidCursorError();
  }
  return { createdAt, id };
}

const decodes = (decode: (cursor: string) => unknown) => (cursor: string) => {
  try {
    decode(cursor);
    return true;
  } catch {
    return false;
  }
};

/** The query field of a list paged by position. */
export const PositionCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, CURSOR_MESSAGE)
  .refine(decodes(decodePositionCursor), CURSOR_MESSAGE)
  .describe('next_cursor of the previous page');

/** The query field of a list of ids of `kind`, paged by (created_at, id). */
export const keysetCursor = (kind: IdKind | readonly IdKind[]) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, CURSOR_MESSAGE)
    .refine(
      decodes((cursor) => decodeKeysetCursor(cursor, kind)),
      CURSOR_MESSAGE,
    )
    .describe('next_cursor of the previous page');
