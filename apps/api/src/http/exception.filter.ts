import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { toErrorResponse } from './error-response';

const logger = new Logger('api');

export function logUnexpected(err: unknown): void {
  logger.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
}

/** Every error that reaches Nest leaves as the spec's error body. */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const response = toErrorResponse(exception, String(request.id), logUnexpected);
    void reply.status(response.status).headers(response.headers).send(response.body);
  }
}
