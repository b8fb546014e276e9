import { z } from 'zod';
import { BirthSubjectFields, withBirthTimeZone } from '../shared/birth-subject';
import { CalendarDate } from '../shared/calendar-date';
import { idSchema } from '../shared/ids';
import { changeOf, pageQuery } from '../shared/request-shapes';

/**
 * Cultural Intelligence (enterprise API keys): orgs, encrypted member profiles, teams, the team
 * chemistry reflection, campaign content and the unit-usage summary. The two spec endpoints
 * (chemistry reflection, usage) answer exactly the spec's fields.
 */
export const CI_LOCALES = ['en', 'th'] as const;
export const CiLocale = z.enum(CI_LOCALES);
export const CI_AUDIENCES = ['employee', 'manager'] as const;
export const QUOTA_MODES = ['hard', 'soft'] as const;

export const CiOrgId = idSchema('ciOrg').meta({ example: 'org_5f0c2a9b7e1d4c3b2a190817' });
export const CiProfileId = idSchema('ciProfile').meta({ example: 'cip_0a1b2c3d4e5f60718293a4b5' });
export const CiTeamId = idSchema('ciTeam').meta({ example: 'cit_9e8d7c6b5a4f3e2d1c0b9a87' });

const DATE = CalendarDate;
const LABEL = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters');

export const CiOrgCreate = z
  .object({
    name: LABEL.describe('the org as the enterprise names it'),
    default_locale: CiLocale.default('en').describe('language of reflections and campaign copy unless a request asks for another'),
    audience: z.enum(CI_AUDIENCES).default('employee').describe('who reads the reflections: team members or their manager'),
    share_member_labels: z
      .boolean()
      .default(false)
      .describe('when true, the reflection names each member by label in `element_balance.members`; otherwise members are numbered'),
  })
  .strict()
  .meta({
    id: 'CiOrgCreate',
    example: { name: 'Siam Retail People Team', default_locale: 'th', audience: 'manager', share_member_labels: false },
  });

export const CiOrgUpdate = changeOf({
  name: LABEL.optional(),
  default_locale: CiLocale.optional(),
  audience: z.enum(CI_AUDIENCES).optional(),
  share_member_labels: z.boolean().optional(),
}).meta({ id: 'CiOrgUpdate', example: { audience: 'employee' } });

export const CiOrg = z
  .object({
    org_id: z.string(),
    name: z.string(),
    default_locale: CiLocale,
    audience: z.enum(CI_AUDIENCES),
    share_member_labels: z.boolean(),
    monthly_unit_quota: z.number().int(),
    quota_mode: z.enum(QUOTA_MODES),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({
    id: 'CiOrg',
    example: {
      org_id: 'org_5f0c2a9b7e1d4c3b2a190817',
      name: 'Siam Retail People Team',
      default_locale: 'th',
      audience: 'manager',
      share_member_labels: false,
      monthly_unit_quota: 1000,
      quota_mode: 'hard',
      created_at: '2026-11-23T08:00:00.000000Z',
      updated_at: '2026-11-23T08:00:00.000000Z',
    },
  });
export const CiOrgList = z.object({ orgs: z.array(CiOrg) }).meta({ id: 'CiOrgList' });
export const CiOrgParams = z.object({ org_id: z.string().max(64) }).strict();

/**
 * Birth data of a member: the shared birth forms (docs/time-zones.md: a zone or an offset, and
 * optionally coordinates, a place or a place_id), with the time optional: without it the Moon and
 * the hour pillar are left out and the clock is resolved at local noon.
 */
export const CiBirth = withBirthTimeZone(
  z
    .object({
      ...BirthSubjectFields,
      time: BirthSubjectFields.time.optional(),
      latitude: BirthSubjectFields.latitude.optional(),
      longitude: BirthSubjectFields.longitude.optional(),
    })
    .strict(),
).meta({ id: 'CiBirth', example: { date: '1991-06-14', time: '08:30', timezone: 'Asia/Bangkok' } });
/**
 * A member birth: as parsed, its offset resolved (at noon when untimed); as stored before offsets
 * were resolved at parse time, with a zone alone. The time may be unknown.
 */
export type CiBirth = Omit<z.infer<typeof CiBirth>, 'time' | 'timezoneOffsetMinutes' | 'latitude' | 'longitude'> & {
  time?: string;
  timezoneOffsetMinutes?: number;
  latitude?: number;
  longitude?: number;
};

export const CiConsent = z
  .object({
    given_at: z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time with Z or an offset' }),
    purpose: z.string().trim().min(1).max(200).describe('what the member agreed to, e.g. team_reflection'),
  })
  .strict()
  .meta({ id: 'CiConsent', example: { given_at: '2026-11-20T09:00:00Z', purpose: 'team_reflection' } });

export const CiProfileCreate = z
  .object({
    label: LABEL.describe('a display label (encrypted at rest like the birth data)'),
    birth: CiBirth,
    consent: CiConsent.describe('required: no consent, no profile'),
    locale: CiLocale.optional(),
  })
  .strict()
  .meta({
    id: 'CiProfileCreate',
    example: {
      label: 'Store lead, Chiang Mai',
      birth: { date: '1991-06-14', time: '08:30', timezone: 'Asia/Bangkok' },
      consent: { given_at: '2026-11-20T09:00:00Z', purpose: 'team_reflection' },
      locale: 'th',
    },
  });

export const CiProfileUpdate = changeOf({
  label: LABEL.optional(),
  birth: CiBirth.optional(),
  consent: CiConsent.optional(),
  locale: CiLocale.optional(),
}).meta({ id: 'CiProfileUpdate', example: { label: 'Regional lead, Chiang Mai' } });

const profileFields = {
  profile_id: z.string(),
  org_id: z.string(),
  label: z.string(),
  consent: CiConsent,
  locale: CiLocale.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
};
export const CiProfileSummary = z.object(profileFields).meta({ id: 'CiProfileSummary' });
export const CiProfile = z.object({ ...profileFields, birth: CiBirth }).meta({
  id: 'CiProfile',
  example: {
    profile_id: 'cip_0a1b2c3d4e5f60718293a4b5',
    org_id: 'org_5f0c2a9b7e1d4c3b2a190817',
    label: 'Store lead, Chiang Mai',
    consent: { given_at: '2026-11-20T09:00:00Z', purpose: 'team_reflection' },
    locale: 'th',
    created_at: '2026-11-23T08:00:00.000000Z',
    updated_at: '2026-11-23T08:00:00.000000Z',
    birth: { date: '1991-06-14', time: '08:30', timezone: 'Asia/Bangkok' },
  },
});
export const CiProfileList = z
  .object({ profiles: z.array(CiProfileSummary), next_cursor: z.string().nullable() })
  .meta({ id: 'CiProfileList' });
export const CiProfileParams = z.object({ org_id: z.string().max(64), profile_id: z.string().max(64) }).strict();
export const CiPageQuery = pageQuery('ciProfile', 50);

const TEAM_MEMBERS = z
  .array(CiProfileId)
  .max(200, 'a team has at most 200 members')
  .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat a profile' });

/** The team of the examples, as created and as answered. */
const TEAM_EXAMPLE = {
  name: 'Bangkok merchandising',
  profile_ids: ['cip_0a1b2c3d4e5f60718293a4b5', 'cip_1b2c3d4e5f60718293a4b5c6', 'cip_2c3d4e5f60718293a4b5c6d7'],
};

export const CiTeamCreate = z
  .object({ name: LABEL, profile_ids: TEAM_MEMBERS })
  .strict()
  .meta({ id: 'CiTeamCreate', example: TEAM_EXAMPLE });
export const CiTeamUpdate = changeOf({ name: LABEL.optional(), profile_ids: TEAM_MEMBERS.optional() }).meta({
  id: 'CiTeamUpdate',
  example: { name: 'Bangkok merchandising and buying' },
});
export const CiTeam = z
  .object({
    team_id: z.string(),
    org_id: z.string(),
    name: z.string(),
    profile_ids: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({
    id: 'CiTeam',
    example: {
      team_id: 'cit_9e8d7c6b5a4f3e2d1c0b9a87',
      org_id: 'org_5f0c2a9b7e1d4c3b2a190817',
      ...TEAM_EXAMPLE,
      created_at: '2026-11-23T08:00:00.000000Z',
      updated_at: '2026-11-23T08:00:00.000000Z',
    },
  });
export const CiTeamList = z.object({ teams: z.array(CiTeam) }).meta({ id: 'CiTeamList' });
export const CiTeamParams = z.object({ org_id: z.string().max(64), team_id: z.string().max(64) }).strict();
export const CiReflectionQuery = z
  .object({ locale: CiLocale.optional().describe("language of `content`; the org's default_locale when omitted") })
  .strict();

const WesternElements = z.object({ fire: z.number(), earth: z.number(), air: z.number(), water: z.number() });
const ChineseElements = z.object({ wood: z.number(), fire: z.number(), earth: z.number(), metal: z.number(), water: z.number() });

/** The spec's shape: org_id, team_id, element_balance, content, guardrails, meta. */
export const ChemistryReflection = z
  .object({
    org_id: z.string(),
    team_id: z.string(),
    element_balance: z.object({
      western: z.object({ counts: WesternElements, shares: WesternElements, dominant: z.array(z.string()), lacking: z.array(z.string()) }),
      chinese: z.object({ counts: ChineseElements, shares: ChineseElements, dominant: z.array(z.string()), lacking: z.array(z.string()) }),
      members: z.array(z.object({ member: z.string(), birth_time_known: z.boolean(), western: WesternElements, chinese: ChineseElements })),
      method: z.string(),
    }),
    content: z.object({
      locale: CiLocale,
      audience: z.enum(CI_AUDIENCES),
      summary: z.string(),
      strengths: z.array(z.string()),
      friction_points: z.array(z.string()),
      collaboration_suggestions: z.array(z.string()),
      facilitation_prompt: z.string(),
    }),
    guardrails: z.object({ allowed_use: z.string(), prohibited_use_notice: z.string() }),
    meta: z.object({ engine: z.string(), endpoint_family: z.string(), units_charged: z.number().int(), generated_at: z.string() }),
  })
  .meta({ id: 'ChemistryReflection' });

export const CampaignContentRequest = z
  .object({
    from: DATE.describe('first day of the period (UTC dates)'),
    to: DATE.describe('last day of the period, at most 92 days after `from`'),
    theme: z.string().trim().min(1).max(200).describe('what the copy is for, e.g. "December culture newsletter"'),
    locale: CiLocale.optional(),
    calendars: z
      .array(z.enum(['western', 'chinese', 'thai']))
      .min(1)
      .default(['western'])
      .describe(
        'which calendars to draw highlights from: western (ingresses, retrogrades, lunations), chinese (solar terms), thai (Songkran and the Buddhist holy days that fall on fixed solar dates)',
      ),
  })
  .strict()
  .meta({
    id: 'CampaignContentRequest',
    example: {
      from: '2026-12-01',
      to: '2026-12-31',
      theme: 'December culture newsletter',
      locale: 'en',
      calendars: ['western', 'chinese'],
    },
  });

export const CampaignContent = z
  .object({
    org_id: z.string(),
    theme: z.string(),
    period: z.object({ from: z.string(), to: z.string() }),
    locale: CiLocale,
    blocks: z.array(z.object({ kind: z.string(), date: z.string(), title: z.string(), body: z.string() })),
    guardrails: z.object({ allowed_use: z.string(), prohibited_use_notice: z.string() }),
    meta: z.object({ engine: z.string(), endpoint_family: z.string(), units_charged: z.number().int(), generated_at: z.string() }),
  })
  .meta({ id: 'CampaignContent' });

/** The spec's shape: org_id, period, quota_mode, monthly_unit_quota, units_used_current_period, by_endpoint, by_family. */
export const CiUsage = z
  .object({
    org_id: z.string(),
    period: z.string().describe('the calendar month (UTC) the figures cover, e.g. 2026-11; quotas reset at 00:00 UTC on the 1st'),
    quota_mode: z.enum(QUOTA_MODES),
    monthly_unit_quota: z.number().int(),
    units_used_current_period: z.number().int(),
    by_endpoint: z.record(z.string(), z.number().int()),
    by_family: z.record(z.string(), z.number().int()),
  })
  .meta({
    id: 'CiUsage',
    example: {
      org_id: 'org_5f0c2a9b7e1d4c3b2a190817',
      period: '2026-11',
      quota_mode: 'hard',
      monthly_unit_quota: 1000,
      units_used_current_period: 17,
      by_endpoint: {
        'POST /v1/cultural-intelligence/orgs/{org_id}/teams/{team_id}/chemistry-reflection': 10,
        'POST /v1/cultural-intelligence/orgs/{org_id}/campaign-content': 7,
      },
      by_family: { team_chemistry: 10, campaign_content: 7 },
    },
  });
