import { brandProfilesProjection } from '@astro/accounts';
import { ciUsageProjection } from '@astro/cultural-intelligence';
import { webhookDeliveryAttemptsProjection, webhookSubscriptionsProjection } from '@astro/delivery';
import { horoscopePublicationsProjection } from '@astro/horoscopes';
import { jobsProjection, visualJobsProjection } from '@astro/jobs';
import { accountsProjection } from '@astro/ledger';

/** Every projection the CLI verifies against, and rebuilds from, the event log. */
export const PROJECTIONS = [
  accountsProjection,
  jobsProjection,
  brandProfilesProjection,
  webhookSubscriptionsProjection,
  webhookDeliveryAttemptsProjection,
  visualJobsProjection,
  ciUsageProjection,
  horoscopePublicationsProjection,
];
