import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { loggablePath } from './request-target.ts';

/**
 * One log line per answered request — method, path, status and milliseconds — instead of Fastify's two (one
 * on arrival, one on answer, joined only by the request id). The path is logged without its query string or
 * a token in the path: both can carry one-time tokens (password reset, sign-in callbacks).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  /** The request's own line already says 404. */
  override routeNotFound(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      path: loggablePath(request.url),
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
