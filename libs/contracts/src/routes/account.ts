import { AccountResponse, LedgerQuery, LedgerResponse } from '../account';
import { AUTH_ERRORS, RouteSpec } from './route-spec';

/** Routes of the `Account` tag. */
export const accountRoutes = {
  account: {
    operationId: 'getAccount',
    method: 'GET',
    path: '/v1/account',
    tag: 'Account',
    summary: 'The calling account: tier and credit balance',
    auth: 'api_key_or_session',
    success: { status: 200, description: 'the account', schema: AccountResponse },
    errors: AUTH_ERRORS,
  },
  accountLedger: {
    operationId: 'getAccountLedger',
    method: 'GET',
    path: '/v1/account/ledger',
    tag: 'Account',
    summary: 'Credit ledger of the calling account, newest first',
    description: 'Every grant, charge and refund with the request or job that caused it. Page with `before`.',
    auth: 'api_key_or_session',
    query: LedgerQuery,
    success: { status: 200, description: 'a page of ledger entries', schema: LedgerResponse },
    errors: [400, ...AUTH_ERRORS],
  },
} as const satisfies Record<string, RouteSpec>;
