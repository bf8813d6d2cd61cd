import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  type BodyOf,
  type EndpointContract,
  type HandlerResultOf,
  isFileResponse,
  type ParamsOf,
  type QueryOf,
  ZErrorResponseSchema,
} from '../../domain/contract';
import { AppError } from '../../domain/errors';
import { hasNul, MAX_ID } from '../../domain/fields';
import type { Role } from '../../domain/roles';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import { redeemDownloadToken } from '../auth/download-tokens';
import { type AuthUser, resolveApiToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { createOnce } from './idempotent-replay';
import { parse } from './validate';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in user, or the listed roles. Ownership checks
 * (a missionary's own report) live in the services, which know what the record is.
 */
export type Access = 'public' | 'user' | readonly Role[];

/** A request after its contract parsed it: params, query and body are the schemas' outputs. */
export interface ApiRequest<U extends AuthUser | null = AuthUser, C extends EndpointContract = EndpointContract> {
  user: U;
  params: ParamsOf<C>;
  query: QueryOf<C>;
  /** JSON, urlencoded or multipart fields as one object (files as UploadedFile), parsed by the contract. */
  body: BodyOf<C>;
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

/** A handler answers with a body of its contract, or sends the reply itself (files). */
type HandlerResult<C extends EndpointContract> = HandlerResultOf<C> | FastifyReply;

interface RouteOptions {
  /**
   * A download: it may carry the session token as `api_token` in the query (docs/product.md §6), or a
   * single-use `download_token` (auth/download-tokens.ts), which no other route accepts.
   */
  queryToken?: boolean;
  /** Files above this size are not kept in memory past it (the service answers with its message). */
  maxFileBytes?: number;
  /**
   * Parts of the request the service parses itself, with the contract's schema, because it needs
   * the raw input (which keys were present) or reports errors its own way. Listed, never silent.
   */
  rawInput?: ReadonlyArray<'query' | 'body'>;
  /**
   * Roles that `access` lets in but that the service refuses (403) for a record that is not their
   * own, before looking it up (a missionary naming another user's id). Read by the role matrix test
   * (http/role-matrix.test.ts), which derives every other expectation from `access`.
   */
  serviceDenies?: readonly Role[];
  /**
   * How a create (a POST whose contract answers 201) honours an Idempotency-Key header: `route`, the
   * route layer remembers the first answer and replays it (http/idempotent-replay.ts); `service`,
   * the service claims the key inside its own transaction (http/idempotency.ts). Every create route
   * declares one (http/idempotent-routes.test.ts).
   */
  idempotency?: 'route' | 'service';
  /**
   * Reachable by a session that must first set up a second factor (an administrator while the
   * setting requires one, decision 16); every other route answers 403 to such a session.
   */
  enrolment?: boolean;
}

export interface RouteDefinition<C extends EndpointContract = EndpointContract> extends RouteOptions {
  method: Method;
  url: string;
  /** The endpoint's contract (src/domain/<feature>/contract.ts): request and response schemas. */
  contract: C;
  access: Access;
  handler(request: ApiRequest<AuthUser, C>, reply: FastifyReply): Promise<HandlerResult<C>>;
}

export interface PublicRouteDefinition<C extends EndpointContract = EndpointContract>
  extends Omit<RouteDefinition<C>, 'handler' | 'access'> {
  access: 'public';
  handler(request: ApiRequest<AuthUser | null, C>, reply: FastifyReply): Promise<HandlerResult<C>>;
}

export type AnyRoute = RouteDefinition | PublicRouteDefinition;

type Implementation<C extends EndpointContract> = RouteOptions &
  (
    | { access: Exclude<Access, 'public'>; handler: RouteDefinition<C>['handler'] }
    | { access: 'public'; handler: PublicRouteDefinition<C>['handler'] }
  );

/** A route: the contract says what goes in and out, the implementation who may call it and what it does. */
export function route<C extends EndpointContract>(contract: C, implementation: Implementation<C>): AnyRoute {
  return { ...implementation, method: contract.method, url: contract.path, contract } as AnyRoute;
}

/**
 * Registers routes under /api. A POST carrying `_method=PATCH|DELETE` (form, JSON or query) runs
 * the PATCH or DELETE route of the same path, as the web client sends them (docs/product.md §7).
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
    const overridable = methods.has('PUT') || methods.has('PATCH') || methods.has('DELETE');
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
  return value === 'PUT' || value === 'PATCH' || value === 'DELETE' ? value : null;
}

async function run(ctx: AppContext, definition: AnyRoute, request: FastifyRequest, reply: FastifyReply) {
  const user = await authenticate(ctx, definition, request);
  assertIdsExist(request.params as Record<string, string> | undefined);
  assertNoNul({ ...(request.query as object), ...(request.body as object) });
  const body = { ...((request.body as Record<string, unknown> | null) ?? {}) };
  delete body._method;
  const { contract } = definition;
  const raw = new Set(definition.rawInput ?? []);
  const apiRequest = {
    user,
    params: parseInput(contract.request.params, request.params ?? {}),
    query: raw.has('query') ? (request.query ?? {}) : parseInput(contract.request.query, request.query ?? {}),
    body: raw.has('body') ? body : parseInput(contract.request.body, body),
    raw: request,
  };
  reply.code(successStatus(contract));
  const call = async () => {
    const handler = definition.handler as (r: typeof apiRequest, reply: FastifyReply) => Promise<unknown>;
    const result = await handler(apiRequest, reply);
    if (reply.sent) return null;
    return { status: reply.statusCode, body: serialize(contract, reply.statusCode, result ?? { success: true }) };
  };
  const answer =
    definition.idempotency === 'route' && user
      ? await createOnce(
          ctx,
          user.id,
          request.headers['idempotency-key'],
          `${definition.method} ${definition.url}`,
          body,
          call,
        )
      : await call();
  if (!answer) return reply;
  reply.code(answer.status);
  // A replayed body comes back from jsonb, whose key order is its own: it leaves in the contract's.
  return definition.idempotency === 'route' ? serialize(contract, answer.status, answer.body) : answer.body;
}

/**
 * The status of a success, from the contract: 201 where it lists 201 and not 200 (a create), else
 * 200. A handler that answers otherwise (a preview's 200 beside an import's 201, a 202) sets its own.
 */
function successStatus(contract: EndpointContract): number {
  return contract.responses[201] && !contract.responses[200] ? 201 : 200;
}

/** A part without a schema is passed on as it came; one with a schema is parsed (422 on failure). */
function parseInput(schema: z.ZodType | undefined, input: unknown) {
  return schema ? parse(schema, input) : input;
}

/**
 * The body leaves through its status's schema: unknown fields are dropped, and a body that breaks
 * the contract is the server's bug (500, logged), never sent as it is.
 */
function serialize(contract: EndpointContract, status: number, result: unknown) {
  const spec = contract.responses[status] ?? (status >= 400 ? ZErrorResponseSchema : undefined);
  if (!spec || isFileResponse(spec)) {
    throw new Error(`${contract.method} ${contract.path} answered ${status}, which its contract does not list`);
  }
  const parsed = spec.safeParse(result);
  if (parsed.success) return parsed.data;
  const error = new Error(`${contract.method} ${contract.path} ${status}: the response breaks its contract`);
  throw Object.assign(error, { issues: parsed.error.issues.slice(0, 5) });
}

/**
 * An id in the path beyond a 32-bit integer names nothing that can exist: 404, before the database
 * sees it (decision 17, docs/decisions.md). Ids that are not numbers at all stay for the route's schema (422).
 */
function assertIdsExist(params: Record<string, string> | undefined): void {
  for (const [name, value] of Object.entries(params ?? {})) {
    if (!/(^id|Id)$/.test(name) || !/^\d+$/.test(value)) continue;
    if (value.length > 10 || Number(value) > MAX_ID) throw AppError.notFound();
  }
}

/** PostgreSQL text cannot hold NUL: any field carrying one is refused by name (decision 17). */
function assertNoNul(fields: Record<string, unknown>): void {
  const errors: Record<string, string[]> = {};
  const visit = (value: unknown, path: string, depth: number) => {
    if (typeof value === 'string') {
      if (hasNul(value)) errors[path || '_'] = [`${path || 'The request'} cannot contain NUL characters.`];
    } else if (depth < 8 && value && typeof value === 'object' && !isUploadedFile(value)) {
      for (const [key, inner] of Object.entries(value)) visit(inner, path ? `${path}.${key}` : key, depth + 1);
    }
  };
  for (const [key, value] of Object.entries(fields)) {
    if (hasNul(key)) errors._ = ['Field names cannot contain NUL characters.'];
    visit(value, key, 0);
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

async function authenticate(ctx: AppContext, definition: AnyRoute, request: FastifyRequest): Promise<AuthUser | null> {
  const headerToken = request.headers['api-token'];
  const query = definition.queryToken ? ((request.query as Record<string, unknown> | undefined) ?? {}) : {};
  const queryToken = query.api_token;
  const token = typeof headerToken === 'string' ? headerToken : typeof queryToken === 'string' ? queryToken : null;
  const downloadToken = !token && typeof query.download_token === 'string' ? query.download_token : null;
  const user = token
    ? await resolveApiToken(ctx.db, token, ctx.clock.now())
    : downloadToken
      ? await redeemDownloadToken(ctx.db, downloadToken, ctx.clock.now())
      : null;
  if (definition.access === 'public') return user;
  if (!user) throw new AppError('unauthenticated');
  if (definition.access !== 'user' && !definition.access.includes(user.role)) throw AppError.forbidden();
  if (user.enrolmentNeeded && !definition.enrolment) throw AppError.forbidden(SECOND_FACTOR_MESSAGES.setupRequired);
  return user;
}
