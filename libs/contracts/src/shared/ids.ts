import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Public ids are a prefix and 24 lowercase hex characters (96 random bits), as the spec shows. */
export const ID_PREFIXES = {
  job: 'job_',
  visualJob: 'vrj_',
  visualUpload: 'vup_',
  brandProfile: 'brand_',
  account: 'acct_',
  apiKey: 'key_',
  customerUser: 'usr_',
  webhookSubscription: 'whs_',
  horoscopeDelivery: 'hsd_',
  ciOrg: 'org_',
  ciProfile: 'cip_',
  ciTeam: 'cit_',
  operatorKey: 'opk_',
} as const;
export type IdKind = keyof typeof ID_PREFIXES;

export function newId(kind: IdKind): string {
  return ID_PREFIXES[kind] + randomBytes(12).toString('hex');
}

export function idSchema(kind: IdKind) {
  const prefix = ID_PREFIXES[kind];
  return z.string().regex(new RegExp(`^${prefix}[a-f0-9]{24}$`), `must match ^${prefix}[a-f0-9]{24}$`);
}

export const JobId = idSchema('job').meta({
  description: 'report job id: job_ + 24 lowercase hex',
  example: 'job_0123456789abcdef01234567',
});
/** A photo or logo upload: the visual readings' photos, a brand profile's logo. */
export const VisualUploadId = idSchema('visualUpload').meta({
  description: 'visual upload id: vup_ + 24 lowercase hex',
  example: 'vup_0123456789abcdef01234567',
});
export const AccountId = idSchema('account');
