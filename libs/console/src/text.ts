import en from './content/en.json';
import thContent from './content/th.json';

export type ConsoleLocale = 'en' | 'th';
export const CONSOLE_LOCALES: readonly ConsoleLocale[] = ['en', 'th'];
export type ConsoleText = typeof en;

// Typed as the English file: a key missing from the Thai one fails the type check.
const th: ConsoleText = thContent;
const TEXTS: Record<ConsoleLocale, ConsoleText> = { en, th };

export function consoleText(locale: ConsoleLocale): ConsoleText {
  return TEXTS[locale];
}

export function otherLocale(locale: ConsoleLocale): ConsoleLocale {
  return locale === 'en' ? 'th' : 'en';
}

const INSTANT_FORMATS: Record<ConsoleLocale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  // Thai readers date by the Buddhist Era, which th-TH's calendar gives.
  th: new Intl.DateTimeFormat('th-TH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
};
const DAY_FORMATS: Record<ConsoleLocale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
  th: new Intl.DateTimeFormat('th-TH', { day: 'numeric', month: 'short', timeZone: 'UTC' }),
};

/** An ISO instant as a reader of the locale writes it, in UTC (said so); the text `none` for null. */
export function formatInstant(locale: ConsoleLocale, iso: string | null | undefined): string {
  if (!iso) return consoleText(locale).app.none;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : `${INSTANT_FORMATS[locale].format(at)} UTC`;
}

/** A calendar day (YYYY-MM-DD) as a short day and month. */
export function formatDay(locale: ConsoleLocale, date: string): string {
  return DAY_FORMATS[locale].format(new Date(`${date}T00:00:00Z`));
}

export function formatNumber(locale: ConsoleLocale, value: number): string {
  return value.toLocaleString(locale === 'th' ? 'th-TH' : 'en-GB');
}
