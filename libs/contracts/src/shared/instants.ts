import { z } from 'zod';

/** An ISO 8601 instant with an explicit offset (Z or ±hh:mm); a bare local time is ambiguous. */
export const IsoInstant = z.iso.datetime({
  offset: true,
  message: 'must be an ISO 8601 date-time with Z or an offset, e.g. 2024-03-20T12:00:00Z',
});
