import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { type Background, createBackground } from './background';
import type { Config } from './config';
import type { AppContext } from './context';
import { registerBodyParsers } from './http/body';
import { registerApiDocs } from './http/docs';
import { registerErrorHandler } from './http/errors';
import { openApiDocument } from './http/openapi';
import { registerProxyWarning } from './http/proxy-warning';
import { quietRequestLog } from './http/request-log';
import { type AnyRoute, registerRoutes } from './http/routes';
import { registerSecurityHeaders } from './http/security-headers';
import { startMailWorker } from './notifications/worker';
import { apiRoutes } from './routes';
import { readSiteConfig, siteRoutes } from './site/routes';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(ROOT, 'dist/web');
/** The API's version in its OpenAPI document (the package version). */
const API_VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;
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

/** A hop count means "the last N addresses of X-Forwarded-For are proxies", as Fastify reads a number. */
function trustProxyOption(value: Config['trustProxy']) {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
}

/**
 * Hashed build assets never change under their name: cached for a year without revalidation. Every
 * other file (index.html, the service worker, the manifest, icons) is revalidated on each use, so a
 * new version is seen at once.
 */
export function cacheControlFor(relativePath: string): string {
  const relative = relativePath.split(path.sep).join('/');
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route (paths relative to /api) with its contract. */
    routeTable: readonly AnyRoute[];
  }
}

export type BuildContext = Omit<AppContext, 'log' | 'background'> & { background?: Background };

export async function buildApp(
  context: BuildContext,
  options: {
    logger?: FastifyServerOptions['logger'];
    serveWeb?: boolean;
    /** Where the built web app is (tests give a directory of their own). */
    webDist?: string;
    /** Send queued mail every this many ms (decision 21); off in tests, which send explicitly. */
    mailWorkerMs?: number;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: quietRequestLog(),
    // X-Forwarded-For is believed only as TRUST_PROXY says (decision 16); off by default.
    trustProxy: trustProxyOption(context.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Failures the router meets before any route (an over-long or malformed address) leave as
    // `{message}` too, like every other failure.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const message = status === 414 ? 'That address is too long.' : 'That address is not valid.';
      (reply as FastifyReply).code(status).send({ message });
    },
  });
  const ctx: AppContext = {
    ...context,
    log: app.log,
    background: context.background ?? createBackground(() => app.log),
  };
  app.addHook('onClose', () => ctx.background.idle());
  if (options.mailWorkerMs) {
    const worker = startMailWorker(ctx, options.mailWorkerMs);
    app.addHook('onClose', () => worker.stop());
  }

  registerSecurityHeaders(app);
  registerProxyWarning(app, ctx.config.trustProxy);
  registerErrorHandler(app);
  await registerBodyParsers(app);

  const site = readSiteConfig();
  const routes = [...apiRoutes(ctx), ...siteRoutes(site, DEFAULT_FAVICON)];
  // The route table with each route's contract, for the OpenAPI document and the tests.
  app.decorate('routeTable', routes);
  await app.register(
    async (api) => {
      registerRoutes(api, ctx, routes);
    },
    { prefix: '/api' },
  );
  registerApiDocs(app, () => openApiDocument(routes, { title: `${site.title} API`, version: API_VERSION }));

  const webDist = options.webDist ?? WEB_DIST;
  const webIndex = path.join(webDist, 'index.html');
  const indexHtml = options.serveWeb !== false && fs.existsSync(webIndex) ? fs.readFileSync(webIndex, 'utf8') : null;
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build wrote .br and .gz beside each file (scripts/build/precompress.ts); the one the
      // request's Accept-Encoding allows is sent, with Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('cache-control', cacheControlFor(path.relative(webDist, filePath)));
        response.setHeader('vary', 'accept-encoding');
      },
    });
  }
  // The single-page app answers every other GET (and HEAD, for uptime checkers: same headers, no
  // body); unknown /api paths stay JSON 404s.
  app.setNotFoundHandler((request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (indexHtml && read && !request.url.startsWith('/api/')) {
      reply.type('text/html').header('cache-control', 'no-cache');
      if (request.method === 'GET') return reply.send(indexHtml);
      return reply.header('content-length', Buffer.byteLength(indexHtml)).send();
    }
    return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}.` });
  });
  return app;
}
