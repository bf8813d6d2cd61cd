import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * helmet's headers on every answer (API, web app, 404s), with the web app's content security
 * policy. The middleware is built ONCE: @fastify/helmet built it again on every request (its CSP
 * string parsed and joined anew), about 5 % of a bare request's CPU in a profile of the server
 * under load (docs/performance.md).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // MUI's emotion injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // helmet 8 throws rather than passing an error on; its callback only says it is done.
  app.addHook('onRequest', (request, reply, done) => applyHeaders(request.raw, reply.raw, () => done()));
}
