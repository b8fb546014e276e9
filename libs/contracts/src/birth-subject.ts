import { z } from 'zod';

/**
 * The spec's birth subject. Used flat (Sade Sati, Manglik, Saju), nested as `birth_subject`
 * (Shadbala, remedies, transit-window and solar-return reports) or as person_a / person_b.
 */
export const BirthSubjectFields = {
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a calendar date YYYY-MM-DD'),
  time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, 'must match ^\\d{2}:\\d{2}(:\\d{2})?$ (HH:MM or HH:MM:SS)'),
  latitude: z.number().min(-90, 'must be at least -90').max(90, 'must be at most 90'),
  longitude: z.number().min(-180, 'must be at least -180').max(180, 'must be at most 180'),
  timezoneOffsetMinutes: z.number().min(-840, 'must be at least -840').max(840, 'must be at most 840'),
};

/** Only Lahiri is offered; anything else is a 400 that says so. Omitted means lahiri. */
export const Ayanamsa = z
  .string()
  .refine((v) => v === 'lahiri', { message: 'unsupported ayanamsa: the only allowed value is lahiri' })
  .default('lahiri')
  .describe('sidereal zodiac; only `lahiri` is supported');

export const BirthSubject = z.object(BirthSubjectFields).strict().meta({ id: 'BirthSubject' });
export const BirthSubjectWithAyanamsa = z
  .object({ ...BirthSubjectFields, ayanamsa: Ayanamsa })
  .strict()
  .meta({ id: 'BirthSubjectWithAyanamsa' });
export const NamedBirthSubject = z
  .object({ ...BirthSubjectFields, ayanamsa: Ayanamsa, name: z.string().min(1).max(120) })
  .strict()
  .meta({ id: 'NamedBirthSubject' });

export type BirthSubject = z.infer<typeof BirthSubject>;
export type BirthSubjectWithAyanamsa = z.infer<typeof BirthSubjectWithAyanamsa>;
