import { Projection, ProjectionRow, StoredEvent, utcIsoSql } from '@astro/ledger';
import { HOROSCOPE_PUBLISHED } from './publisher';

/** Milliseconds ISO (the payload) as PostgreSQL's microseconds ISO (the live column), e.g. …:05.123Z → …:05.123000Z. */
const microsecondsIso = (iso: string) => iso.replace(/\.(\d{3})Z$/, '.$1000Z');

/** `horoscope_publications`, folded from the `HoroscopePublished` events of `horoscope:…` streams (first event of each stream). */
export const horoscopePublicationsProjection: Projection = {
  table: 'horoscope_publications',
  key: 'stream_id',
  columns: ['stream_id', 'sign', 'period', 'period_start', 'locale', 'voice', 'content', 'published_at', 'event_position'],
  selectLive: `SELECT stream_id, sign, period, to_char(period_start, 'YYYY-MM-DD') AS period_start, locale, voice, content,
                      ${utcIsoSql('published_at')} AS published_at, event_position::text AS event_position
                 FROM horoscope_publications`,
  fold(rows: Map<string, ProjectionRow>, event: StoredEvent): void {
    if (event.type !== HOROSCOPE_PUBLISHED || !event.streamId.startsWith('horoscope:') || rows.has(event.streamId)) return;
    const p = event.payload as {
      sign: string;
      period: string;
      period_start: string;
      locale: string;
      voice: string;
      content: Record<string, unknown>;
      published_at: string;
    };
    rows.set(event.streamId, {
      stream_id: event.streamId,
      sign: p.sign,
      period: p.period,
      period_start: p.period_start,
      locale: p.locale,
      voice: p.voice,
      content: p.content,
      published_at: microsecondsIso(p.published_at),
      event_position: String(event.position),
    });
  },
};
