/** Activity signature of horoscope publishing. Types only: the implementation is apps/worker/src/activities/horoscope-publishing.activities.ts. */
export interface HoroscopePublishingActivities {
  /** Publishes the current and next day, week, month and year of horoscopes (12 signs, en and th) that are not published yet. */
  publishUpcomingHoroscopes(input: { firedAt: string }): Promise<{ published: number; already: number }>;
}
