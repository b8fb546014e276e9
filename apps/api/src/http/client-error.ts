import { STATUS_CODES } from 'node:http';
import { Duplex } from 'node:stream';
import { errorIdFor } from '@astro/contracts';

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a body longer or shorter than its
 * Content-Length, a broken request line, headers too large, a request that never finishes) still
 * gets our error envelope, its request id and our security headers, then the connection is closed
 * (the parser cannot tell where the next request would start). Fastify's default answers a bare body.
 */
export function answerClientError(err: { code?: string }, socket: Duplex, requestId: string, headers: Record<string, string>): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request: not received in time']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'request: the headers are too large']
        : [400, 'request: not valid HTTP/1.1 (for example a body whose length does not match its Content-Length); nothing was done'];
  const body = JSON.stringify({ ...errorIdFor(status), message, request_id: requestId });
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
  ];
  if (socket.writable) socket.write(`${head.join('\r\n')}\r\n\r\n${body}`);
  socket.destroy();
}
