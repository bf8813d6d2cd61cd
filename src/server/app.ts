import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from './context';
import { registerBodyParsers } from './http/body';
import { registerErrorHandler } from './http/errors';
import { registerRoutes } from './http/routes';
import { apiRoutes } from './routes';
import { readSiteConfig, siteRoutes } from './site/routes';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(ROOT, 'dist/web');
const DEFAULT_FAVICON = path.join(ROOT, 'src/web/public/favicon.svg');

/** Query strings may carry api_token (report downloads); logs get the path only. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: {
      req: (request) => ({ method: request.method, url: String(request.url).split('?')[0], ip: request.ip }),
    },
  };
}

export type BuildContext = Omit<AppContext, 'log'>;

export async function buildApp(
  context: BuildContext,
  options: { logger?: FastifyServerOptions['logger']; serveWeb?: boolean } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const ctx: AppContext = { ...context, log: app.log };

  await app.register(helmet, {
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
  registerErrorHandler(app);
  await registerBodyParsers(app);

  const site = readSiteConfig();
  await app.register(
    async (api) => {
      registerRoutes(api, ctx, [...apiRoutes(ctx), ...siteRoutes(site, DEFAULT_FAVICON)]);
    },
    { prefix: '/api' },
  );

  const webIndex = path.join(WEB_DIST, 'index.html');
  const indexHtml = options.serveWeb !== false && fs.existsSync(webIndex) ? fs.readFileSync(webIndex, 'utf8') : null;
  if (indexHtml) await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
  // The single-page app answers every other GET; unknown /api paths stay JSON 404s.
  app.setNotFoundHandler((request, reply) => {
    if (indexHtml && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
  return app;
}
