import { SessionRequest, SessionResponse } from '../account';
import type { RouteSpec } from './route-spec';

/** Routes of the `Customer sessions` tag. */
export const sessionRoutes = {
  createSession: {
    operationId: 'createSession',
    method: 'POST',
    path: '/v1/sessions',
    tag: 'Customer sessions',
    summary: 'Exchange a customer user e-mail and password for a session bearer token',
    auth: 'none',
    body: SessionRequest,
    success: { status: 201, description: 'the session token, shown once', schema: SessionResponse },
    errors: [400, 401, 503],
  },
} as const satisfies Record<string, RouteSpec>;
