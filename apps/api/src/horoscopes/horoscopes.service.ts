import { Inject, Injectable } from '@nestjs/common';
import { Database } from '@astro/database';
import { PublishedHoroscope, ZODIAC_SIGNS } from '@astro/contracts';
import { daysBetween, HoroscopePublisher, Period, periodStart, Publication, PublicationKey } from '@astro/horoscopes';
import { EPHEMERIS_PATH } from '../platform/platform';

const signOfSlug = (slug: string) => ZODIAC_SIGNS.find((s) => s.toLowerCase() === slug)!;

function view(key: PublicationKey, publication: Publication): PublishedHoroscope {
  const c = publication.content;
  return {
    sign: key.sign,
    period: key.period,
    period_start: key.periodStart,
    period_end: c.period.end,
    tone: c.tone,
    safety_mode: c.safety_mode,
    locale: c.locale,
    title: c.title,
    text: c.text,
    transits: c.transits,
    // texts published before events were part of the answer have none
    events: c.events ?? [],
    moon_sign: c.moon_sign,
    disclaimer: c.disclaimer,
    method: c.method,
    published_at: publication.published_at,
  };
}

/** How a published horoscope is asked for: the sign's slug, the locale and the voice. */
export interface PublishedQuery {
  locale: PublicationKey['locale'];
  tone: PublicationKey['voice']['tone'];
  safety_mode: PublicationKey['voice']['safety_mode'];
}

/** Published horoscopes: each text written once through the event log, then read from it. */
@Injectable()
export class HoroscopesService {
  private readonly publisher: HoroscopePublisher;

  constructor(
    private readonly db: Database,
    @Inject(EPHEMERIS_PATH) private readonly ephemerisPath: string,
  ) {
    this.publisher = new HoroscopePublisher(this.db, this.ephemerisPath);
  }

  private key(slug: string, period: Period, day: string, q: PublishedQuery): PublicationKey {
    return {
      sign: signOfSlug(slug),
      period,
      periodStart: periodStart(period, day),
      locale: q.locale,
      voice: { tone: q.tone, safety_mode: q.safety_mode },
    };
  }

  /** The horoscope of the period that contains `day`. */
  async forPeriod(slug: string, period: Period, day: string, q: PublishedQuery): Promise<PublishedHoroscope> {
    const key = this.key(slug, period, day, q);
    return view(key, await this.publisher.getOrPublish(key));
  }

  /** The daily horoscopes from `from` to `to`. */
  async range(slug: string, q: PublishedQuery & { from: string; to: string }) {
    const days: PublishedHoroscope[] = [];
    for (const day of daysBetween(q.from, q.to)) days.push(await this.forPeriod(slug, 'daily', day, q));
    return { sign: signOfSlug(slug), from: q.from, to: q.to, days };
  }
}
