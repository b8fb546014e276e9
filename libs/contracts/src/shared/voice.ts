import { z } from 'zod';

/** The spec's voice-control enumerations (natal chart body, brand profile branding). */
export const TONES = ['professional', 'casual', 'mystical', 'playful', 'formal'] as const;
export const AUDIENCES = ['consumer', 'employee', 'manager', 'customer', 'community'] as const;
export const SAFETY_MODES = ['default', 'workplace', 'financial_wellness', 'entertainment'] as const;
export type Tone = (typeof TONES)[number];
export type Audience = (typeof AUDIENCES)[number];
export type SafetyMode = (typeof SAFETY_MODES)[number];

export const Tone = z.enum(TONES);
export const Audience = z.enum(AUDIENCES);
export const SafetyMode = z.enum(SAFETY_MODES);
