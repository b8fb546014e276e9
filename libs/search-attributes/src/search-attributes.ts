import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Custom search attributes, so operators can filter jobs in the Temporal UI, e.g.
 * `AstroAccountId = "acct_…" AND AstroJobKind = "pipeline_probe"`. Registered on the dev server by
 * `npm start` and by the worker on an existing cluster.
 *
 * They are also what an operator reads about a job without the codec: payloads and memos pass
 * through the payload codec (encrypted), search attributes never do. So everything here must be
 * free of personal data: ids, kinds, stages, the priced operation and its price, never a name or a
 * birth date.
 */
export const ACCOUNT_ID = defineSearchAttributeKey('AstroAccountId', SearchAttributeType.KEYWORD);
export const JOB_KIND = defineSearchAttributeKey('AstroJobKind', SearchAttributeType.KEYWORD);
export const JOB_STAGE = defineSearchAttributeKey('AstroJobStage', SearchAttributeType.KEYWORD);
/** the API request that queued the job (its X-Request-Id), to join the API's log lines */
export const REQUEST_ID = defineSearchAttributeKey('AstroRequestId', SearchAttributeType.KEYWORD);
/** the priced operation charged for the job */
export const OPERATION = defineSearchAttributeKey('AstroOperation', SearchAttributeType.KEYWORD);
/** what the job cost in credits: what a failed run refunds */
export const PRICE_CREDITS = defineSearchAttributeKey('AstroPriceCredits', SearchAttributeType.INT);
export const ALL_SEARCH_ATTRIBUTES = [ACCOUNT_ID, JOB_KIND, JOB_STAGE, REQUEST_ID, OPERATION, PRICE_CREDITS];
