import { z } from 'zod';
import { Ayanamsa, BirthSubjectFields, BirthSubjectWithAyanamsa, withBirthTimeZone } from '../shared/birth-subject';

/** Vedic endpoints of the spec: Shadbala, Sade Sati, Manglik dosha, remedies (sidereal, Lahiri). */

const Nature = z.enum(['benefic', 'malefic'], {
  error: (issue) => (issue.input === undefined ? 'is required' : 'must be benefic or malefic'),
});
const Planet = z.enum(['Sun', 'Moon', 'Mars', 'Mercury', 'Jupiter', 'Venus', 'Saturn']);
const Virupa = z.number();
const FreeForm = z.record(z.string(), z.unknown());

export const ShadbalaRequest = z
  .strictObject({
    birth_subject: BirthSubjectWithAyanamsa,
    mercury_natures: z
      .strictObject({
        paksha: Nature.describe('Mercury as benefic or malefic for Paksha Bala only'),
        drik: Nature.describe('Mercury as benefic or malefic for Drik Bala only'),
      })
      .describe('how Mercury is classified; `paksha` is used only for Paksha Bala, `drik` only for Drik Bala'),
  })
  .meta({ id: 'ShadbalaRequest' });
export type ShadbalaRequest = z.infer<typeof ShadbalaRequest>;

export const ShadbalaMethod = z.strictObject({
  ayana_profile: z.literal('tropical_plane_zero_latitude_single_sun'),
  cheshta_profile: z.literal('vp_jain_1900_ujjain_surya_siddhanta'),
  yuddha_profile: z.literal('vp_jain_disc_normalized_pre_ayana_tri_bala'),
  luminary_allocation: z.literal('split_kala_cheshta'),
  drik_profile: z.literal('parashari_signed_drishti_pinda'),
  nodes: z.literal('excluded'),
});

export const ShadbalaPlanet = z
  .strictObject({
    planet: Planet,
    components_virupa: z.strictObject({
      sthana: z.strictObject({ uchcha: Virupa, saptavargaja: Virupa, ojayugma: Virupa, kendradi: Virupa, drekkana: Virupa }),
      dig: Virupa,
      kala: z.strictObject({
        natonnata: Virupa,
        paksha: Virupa,
        tribhaga: Virupa,
        abda: Virupa,
        masa: Virupa,
        dina: Virupa,
        hora: Virupa,
        ayana: Virupa,
        yuddha: Virupa,
      }),
      cheshta: Virupa,
      drik: Virupa,
    }),
    family_totals_virupa: z.strictObject({ sthana: Virupa, dig: Virupa, kala: Virupa, cheshta: Virupa, naisargika: Virupa, drik: Virupa }),
    total_virupa: Virupa,
    total_rupa: z.number(),
    required_virupa: Virupa,
    strength_ratio: z.number(),
  })
  .meta({ id: 'ShadbalaPlanet' });

export const ShadbalaResponse = z
  .strictObject({
    system: z.literal('vedic'),
    ayanamsa: z.literal('lahiri'),
    result: z.strictObject({
      aggregate: z.strictObject({ method: ShadbalaMethod, planets: z.array(ShadbalaPlanet).length(7) }),
      context: z.strictObject({
        instant_utc: z.iso.datetime(),
        classifications: z.strictObject({ moon: Nature, mercury: z.strictObject({ paksha: Nature, drik: Nature }) }),
        kala: FreeForm,
        profiles: z.record(z.string(), z.string()),
      }),
      yuddha: FreeForm,
      drik: z.array(FreeForm),
    }),
    derivation: z.strictObject({
      instant_utc: z.iso.datetime(),
      astrological_date: z.iso.date(),
      period: z.enum(['day', 'night']),
      third: z.number().int().min(1).max(3),
      sunrise_utc: z.iso.datetime(),
      period_start_utc: z.iso.datetime(),
      period_end_utc: z.iso.datetime(),
      elapsed_minutes_since_astrological_sunrise: z.number(),
      nata_ghatis: z.number(),
      equation_of_time_minutes: z.number(),
      sun_time_method: z.literal('swisseph_rise_trans'),
      ayanamsa: z.literal('lahiri'),
    }),
  })
  .meta({ id: 'ShadbalaResponse' });
export type ShadbalaResponse = z.infer<typeof ShadbalaResponse>;

/**
 * Sade Sati and Manglik take the birth subject flat, with an optional `locale` (beyond the spec's
 * fields): `th` gives the descriptions and remedies in Thai; omitted, English as before.
 */
const TextLocale = z
  .enum(['en', 'th'], { error: () => 'must be en or th' })
  .default('en')
  .describe('language of the description and the remedies: en (default) or th');
export const SadeSatiRequest = withBirthTimeZone(z.object({ ...BirthSubjectFields, ayanamsa: Ayanamsa, locale: TextLocale }).strict()).meta(
  {
    id: 'SadeSatiRequest',
  },
);
export const ManglikDoshaRequest = withBirthTimeZone(
  z.object({ ...BirthSubjectFields, ayanamsa: Ayanamsa, locale: TextLocale }).strict(),
).meta({
  id: 'ManglikDoshaRequest',
});

export const SadeSatiResponse = z
  .strictObject({
    has_sade_sati: z.boolean().describe('Saturn is in the 12th, 1st or 2nd sign from the natal Moon at the time of the request'),
    currentPhase: z.number().int().min(0).max(3).describe('0 none, 1 rising (12th from the Moon), 2 peak (over the Moon), 3 setting (2nd)'),
    phaseDescription: z.string(),
    startDate: z.iso.date().describe('start of the current period, or of the next one when none is active (birth offset)'),
    endDate: z.iso.date().describe('end of that period (birth offset)'),
    remedies: z.array(z.string()),
  })
  .meta({ id: 'SadeSatiResponse' });
export type SadeSatiResponse = z.infer<typeof SadeSatiResponse>;

export const ManglikDoshaResponse = z
  .strictObject({
    has_dosha: z.boolean(),
    severity: z
      .enum(['none', 'low', 'medium', 'high'])
      .describe('reference points (Lagna, Moon, Venus) showing the dosha after cancellations: 0 none, 1 low, 2 medium, 3 high'),
    description: z.string(),
    remedies: z.array(z.string()),
  })
  .meta({ id: 'ManglikDoshaResponse' });
export type ManglikDoshaResponse = z.infer<typeof ManglikDoshaResponse>;

export const VedicRemediesRequest = z
  .strictObject({
    birth_subject: BirthSubjectWithAyanamsa,
    locale: z
      .enum(['en', 'th'], { error: (issue) => (issue.input === undefined ? 'is required' : 'must be en or th') })
      .default('en')
      .describe('language of the texts (`title` stays English, `title_th` Thai)'),
  })
  .meta({ id: 'VedicRemediesRequest' });

export const VedicRemediesResponse = z
  .strictObject({
    system: z.literal('vedic'),
    locale: z.enum(['en', 'th']),
    disclaimer: z.string(),
    signals: z.array(z.string()),
    recommendations: z.array(
      z.strictObject({
        id: z.string(),
        signal: z.string(),
        title: z.string(),
        title_th: z.string(),
        traditional_context: z.string(),
        practical_reflection: z.string(),
      }),
    ),
  })
  .meta({ id: 'VedicRemediesResponse' });
export type VedicRemediesResponse = z.infer<typeof VedicRemediesResponse>;
