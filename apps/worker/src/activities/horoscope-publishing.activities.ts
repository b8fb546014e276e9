import { Context } from '@temporalio/activity';
import { PlatformConfig } from '@astro/config';
import { Database } from '@astro/database';
import { HoroscopePublisher, publishUpcomingHoroscopes } from '@astro/horoscopes';
import type { HoroscopePublishingActivities } from '@astro/workflows';

/** The daily publishing run of the `horoscope-publishing` schedule. */
export function horoscopePublishingActivities(config: PlatformConfig, db: Database): HoroscopePublishingActivities {
  const publisher = new HoroscopePublisher(db, config.ephemerisPath);
  return {
    async publishUpcomingHoroscopes({ firedAt }) {
      // The workflow gives the run a heartbeat timeout: a run slower than that on a busy machine is alive, not lost.
      return publishUpcomingHoroscopes(publisher, new Date(firedAt), (done) => Context.current().heartbeat(done));
    },
  };
}
