import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes, so operators can filter jobs in the Temporal UI, e.g.
 * `AstroAccountId = "acct_…" AND AstroJobKind = "pipeline_probe"`. Registered on the dev server by
 * `npm start` and by the worker on an existing cluster.
 */
export const ACCOUNT_ID = defineSearchAttributeKey('AstroAccountId', SearchAttributeType.KEYWORD);
export const JOB_KIND = defineSearchAttributeKey('AstroJobKind', SearchAttributeType.KEYWORD);
export const JOB_STAGE = defineSearchAttributeKey('AstroJobStage', SearchAttributeType.KEYWORD);
export const ALL_SEARCH_ATTRIBUTES = [ACCOUNT_ID, JOB_KIND, JOB_STAGE];
