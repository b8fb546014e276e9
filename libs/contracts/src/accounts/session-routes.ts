import { SessionRequest, SessionResponse } from './schemas';
import { created, routesWith } from '../shared/route-spec';

/** Routes of the `Customer sessions` tag. */
export const sessionRoutes = routesWith({ tag: 'Customer sessions', method: 'POST', auth: 'none' })({
  createSession: {
    path: '/v1/sessions',
    summary: 'Exchange a customer user e-mail and password for a session bearer token',
    body: SessionRequest,
    success: created('the session token, shown once', SessionResponse),
    // No credential to send, but a wrong password is a 401, repeated failures are throttled (429 with
    // Retry-After) and the user is looked up in the database.
    errors: [401, 429, 503],
  },
});
