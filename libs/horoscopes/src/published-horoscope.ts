import { horoscopeFor, Horoscope } from '@astro/western';
import type { SafetyMode, Tone } from '@astro/contracts';
import { ZodiacSign } from '@astro/ephemeris';
import en from '../content/en.json';
import th from '../content/th.json';
import { Period } from './periods';

export const PUBLISHED_LOCALES = ['en', 'th'] as const;
export type PublishedLocale = (typeof PUBLISHED_LOCALES)[number];
const CONTENT = { en, th } as const;

/** The voice a published text is written in; one text per voice. */
export interface HoroscopeVoice {
  tone: Tone;
  safety_mode: SafetyMode;
}
export const DEFAULT_VOICE: HoroscopeVoice = { tone: 'professional', safety_mode: 'default' };
export const voiceKey = (voice: HoroscopeVoice) => `${voice.tone}.${voice.safety_mode}`;

/** What identifies one published text. */
export interface PublicationKey {
  sign: ZodiacSign;
  period: Period;
  /** first day of the period, YYYY-MM-DD (UTC calendar) */
  periodStart: string;
  locale: PublishedLocale;
  voice: HoroscopeVoice;
}

export const streamIdOf = (key: PublicationKey) =>
  `horoscope:${key.sign.toLowerCase()}:${key.period}:${key.periodStart}:${key.locale}:${voiceKey(key.voice)}`;

export type PublishedContent = Horoscope & { tone: Tone; safety_mode: SafetyMode };

/**
 * Writes the text of a sign and period from the real sky (the western horoscope engine, UTC
 * calendar), in the asked voice: the tone chooses the opening line, the safety mode the disclaimer
 * (and, in `workplace`, the words for the themes a team must not read).
 */
export function writeHoroscope(key: PublicationKey, ephemerisPath: string): PublishedContent {
  const horoscope = horoscopeFor(
    { kind: 'sun_sign', sign: key.sign },
    { cadence: key.period, startDate: key.periodStart, timezoneOffsetMinutes: 0 },
    key.locale,
    ephemerisPath,
    key.voice,
  );
  return {
    ...horoscope,
    disclaimer: CONTENT[key.locale].disclaimers[key.voice.safety_mode],
    tone: key.voice.tone,
    safety_mode: key.voice.safety_mode,
  };
}
