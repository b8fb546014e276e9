/** An error the API answers on purpose: a status, a message for the caller, optional headers. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields added to the error body beside the four standard ones (e.g. health checks). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'missing or invalid API key: send Authorization: Bearer <key> or X-API-Key: <key>') =>
  new ApiError(401, message);
export const paymentRequired = (price: number) =>
  new ApiError(402, `insufficient credits: this operation costs ${price} credit${price === 1 ? '' : 's'}; nothing was charged`);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
export const unavailable = (message: string) => new ApiError(503, message, { 'Retry-After': '5' });
