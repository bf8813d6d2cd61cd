import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { Role } from '../../domain/roles';
import { type AuthUser, resolveApiToken } from '../auth/tokens';
import type { AppContext } from '../context';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user, or the listed roles. Ownership checks
 * (a missionary's own report) live in the services, which know what the record is.
 */
export type Access = 'public' | 'user' | readonly Role[];

export interface ApiRequest<U extends AuthUser | null = AuthUser> {
  user: U;
  params: Record<string, string>;
  query: Record<string, unknown>;
  /** JSON, urlencoded or multipart fields as one plain object; files as UploadedFile. */
  body: Record<string, unknown>;
  raw: FastifyRequest;
}

export interface UploadedFile {
  kind: 'file';
  fieldname: string;
  filename: string;
  mimetype: string;
  content: Buffer;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && (value as UploadedFile).kind === 'file';
}

export interface RouteDefinition {
  method: Method;
  url: string;
  access: Access;
  /** Report downloads may carry the token as `api_token` in the query (SPEC.md §6). */
  queryToken?: boolean;
  /** Files above this size are not kept in memory past it (the service answers with its message). */
  maxFileBytes?: number;
  handler(request: ApiRequest<AuthUser>, reply: FastifyReply): Promise<unknown>;
}

export type PublicRouteDefinition = Omit<RouteDefinition, 'handler' | 'access'> & {
  access: 'public';
  handler(request: ApiRequest<AuthUser | null>, reply: FastifyReply): Promise<unknown>;
};

export type AnyRoute = RouteDefinition | PublicRouteDefinition;

export function route(definition: RouteDefinition): RouteDefinition;
export function route(definition: PublicRouteDefinition): PublicRouteDefinition;
export function route(definition: AnyRoute): AnyRoute {
  return definition;
}

/**
 * Registers routes under /api. A POST carrying `_method=PATCH|DELETE` (form, JSON or query) runs
 * the PATCH or DELETE route of the same path, as the web client sends them (SPEC.md §7).
 */
export function registerRoutes(app: FastifyInstance, ctx: AppContext, routes: readonly AnyRoute[]): void {
  const byUrl = new Map<string, Map<Method, AnyRoute>>();
  for (const definition of routes) {
    const methods = byUrl.get(definition.url) ?? new Map<Method, AnyRoute>();
    if (methods.has(definition.method)) throw new Error(`duplicate route ${definition.method} ${definition.url}`);
    methods.set(definition.method, definition);
    byUrl.set(definition.url, methods);
  }

  for (const [url, methods] of byUrl) {
    const overridable = methods.has('PATCH') || methods.has('DELETE');
    for (const [method, definition] of methods) {
      if (method === 'POST' && overridable) continue;
      app.route({
        method,
        url,
        config: fileLimit(definition),
        handler: (request, reply) => run(ctx, definition, request, reply),
      });
    }
    if (overridable) {
      app.route({
        method: 'POST',
        url,
        config: fileLimit(methods.get('POST')),
        handler: (request, reply) => {
          const override = methodOverride(request);
          const definition = override ? methods.get(override) : methods.get('POST');
          if (!definition) throw new AppError('bad_request', `${override ?? 'POST'} is not allowed here.`);
          return run(ctx, definition, request, reply);
        },
      });
    }
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Read by the multipart parser (http/body.ts) while the file streams in. */
    maxFileBytes?: number;
  }
}

function fileLimit(definition: AnyRoute | undefined) {
  return { maxFileBytes: definition?.maxFileBytes };
}

function methodOverride(request: FastifyRequest): Method | null {
  const fromBody = (request.body as Record<string, unknown> | undefined)?._method;
  const fromQuery = (request.query as Record<string, unknown> | undefined)?._method;
  const value = String(fromBody ?? fromQuery ?? '').toUpperCase();
  return value === 'PATCH' || value === 'DELETE' ? value : null;
}

async function run(ctx: AppContext, definition: AnyRoute, request: FastifyRequest, reply: FastifyReply) {
  const user = await authenticate(ctx, definition, request);
  const body = { ...((request.body as Record<string, unknown> | null) ?? {}) };
  delete body._method;
  const apiRequest = {
    user,
    params: (request.params ?? {}) as Record<string, string>,
    query: (request.query ?? {}) as Record<string, unknown>,
    body,
    raw: request,
  };
  const result = await (definition.handler as (r: typeof apiRequest, reply: FastifyReply) => Promise<unknown>)(
    apiRequest,
    reply,
  );
  if (reply.sent) return reply;
  return result ?? { success: true };
}

async function authenticate(ctx: AppContext, definition: AnyRoute, request: FastifyRequest): Promise<AuthUser | null> {
  const headerToken = request.headers['api-token'];
  const queryToken = definition.queryToken ? (request.query as Record<string, unknown>)?.api_token : undefined;
  const token = typeof headerToken === 'string' ? headerToken : typeof queryToken === 'string' ? queryToken : null;
  const user = token ? await resolveApiToken(ctx.db, token, ctx.clock.now()) : null;
  if (definition.access === 'public') return user;
  if (!user) throw new AppError('unauthenticated');
  if (definition.access !== 'user' && !definition.access.includes(user.role)) throw AppError.forbidden();
  return user;
}
