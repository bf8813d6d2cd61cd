import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { errorSummary } from '../background';

/**
 * Fastify logs two JSON lines per request at `info`, which scrolled the first-run admin password off
 * the console within seconds. Here, at the default level the console keeps the start-up
 * summary and one line per failed request (errors.ts logs 5xx at `error`); with LOG_LEVEL=debug each
 * request gets one line: method, path (never the query string, which may carry api_token), status
 * and time. Warnings Fastify raises about broken responses are kept as they are.
 */
class QuietRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      reply.log.error({ err: errorSummary(error), method: request.method, url: pathOf(request) }, 'request errored');
      return;
    }
    request.log.debug(
      { method: request.method, url: pathOf(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  }

  override routeNotFound(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: pathOf(request) }, 'no route');
  }
}

const pathOf = (request: FastifyRequest) => request.url.split('?')[0];

export function quietRequestLog(): LogController {
  return new QuietRequestLog();
}
