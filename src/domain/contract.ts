import { z } from 'zod';
import type { Dollars } from './money';

/**
 * One contract per endpoint: the method and path, the request's params, query and body,
 * and every response the endpoint may send, as zod schemas. The server validates requests and
 * serialises responses through them (src/server/http/routes.ts), the web takes its types and
 * fetchers from them, the API tests check every response body against them and the OpenAPI
 * document (GET /api/openapi.json) is generated from them. A field that is not here cannot leave
 * the server: response objects are stripped to their schema.
 *
 * Naming follows Documenso: `Z…RequestSchema` / `Z…ResponseSchema`, types `T…` derived from them.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A response that is a file (PDF, CSV, Excel, an image), not JSON. */
export interface FileResponse {
  kind: 'file';
  contentTypes: readonly string[];
  description: string;
}

export function fileResponse(description: string, ...contentTypes: string[]): FileResponse {
  return { kind: 'file', contentTypes, description };
}

export type ResponseSpec = z.ZodType | FileResponse;

export function isFileResponse(spec: ResponseSpec | undefined): spec is FileResponse {
  return typeof spec === 'object' && spec !== null && (spec as FileResponse).kind === 'file';
}

/** How the body travels: JSON or urlencoded form fields (both accepted), or multipart with files. */
export type BodyEncoding = 'json-or-form' | 'multipart';

export interface EndpointRequest {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  encoding?: BodyEncoding;
}

export interface EndpointContract {
  method: HttpMethod;
  /** Fastify style (`/user/:id`); the OpenAPI document writes it `/user/{id}`. Relative to /api. */
  path: string;
  summary: string;
  description?: string;
  request: EndpointRequest;
  /** Status → schema. Error statuses not listed here answer with `ZErrorResponseSchema`. */
  responses: Readonly<Record<number, ResponseSpec>>;
  /** Set by `contracts()`: the feature (OpenAPI tag) and the operation's name. */
  tag?: string;
  operationId?: string;
}

/** Names a feature's endpoints: each key becomes the operationId, the feature the tag. */
export function contracts<const Tag extends string, const T extends Record<string, EndpointContract>>(
  tag: Tag,
  endpoints: T,
): { [K in keyof T]: T[K] & { tag: Tag; operationId: K } } {
  const named = {} as Record<string, EndpointContract>;
  for (const [operationId, endpoint] of Object.entries(endpoints))
    named[operationId] = { ...endpoint, tag, operationId };
  return named as { [K in keyof T]: T[K] & { tag: Tag; operationId: K } };
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : Record<string, unknown>;

export type ParamsOf<C extends EndpointContract> = Parsed<C['request']['params']>;
export type QueryOf<C extends EndpointContract> = Parsed<C['request']['query']>;
export type BodyOf<C extends EndpointContract> = Parsed<C['request']['body']>;
/** What a client sends (before the server's parsing: dollars, form strings). */
export type BodyInputOf<C extends EndpointContract> = C['request']['body'] extends z.ZodType
  ? z.input<C['request']['body']>
  : Record<string, never>;

type JsonOf<S> = S extends z.ZodType ? S : never;
type ResponseSchemas<C extends EndpointContract> = JsonOf<C['responses'][keyof C['responses']]>;
/** 2xx answers a client reads: 202 is login's "a second factor is needed" (docs/security.md). */
type SuccessKeys<C extends EndpointContract> = Extract<keyof C['responses'], 200 | 201 | 202>;

/** What a handler may return: the input side of any JSON response schema of the endpoint. */
export type HandlerResultOf<C extends EndpointContract> = z.input<ResponseSchemas<C>>;
/** The body a client receives on success (200, 201 or 202). */
export type ResponseOf<C extends EndpointContract> = z.output<JsonOf<C['responses'][SuccessKeys<C>]>>;

// Wire atoms: the conventions of docs/product.md §3, written once.

/**
 * Money on the wire: dollars as a JSON number with at most 2 decimals (integer cents in code). Its
 * parsed type is `Dollars`, so a response's amount cannot be handed to a function of `Cents`
 * without `fromDollars` (money.ts).
 */
export const ZDollars: z.ZodType<Dollars, number> = z.number().meta({ description: 'Dollars, at most 2 decimals.' });
export const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .meta({ description: 'A date, YYYY-MM-DD.' });
export const ZTimestamp = z.string().meta({ description: 'An instant, ISO 8601 in UTC.' });
/** Flags are 0 or 1 on the wire (docs/product.md §3). */
export const ZFlag = z.literal([0, 1]);
export const ZId = z.number().int().positive();

export function ZPageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total_count: z.number().int().nonnegative(),
    /** Pass as `cursor` for the page after / before this one (keyset paging); null at either end. */
    next_cursor: z.string().nullable().optional(),
    prev_cursor: z.string().nullable().optional(),
  });
}

/** One page of a list, as the web reads it. */
export type TPage<T> = { data: T[]; total_count: number; next_cursor?: string | null; prev_cursor?: string | null };

export const ZSuccessResponseSchema = z.object({ success: z.boolean() });
export const ZMessageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
/** Deleting a record answers with its id and docs/product.md's message. */
export const ZDeletedResponseSchema = z.object({ id: ZId, success: z.boolean(), message: z.string() });

/** The contract `listRoute` writes: a GET of one page of a list. */
export interface ListRouteContract<Query extends z.ZodType, Row extends z.ZodType> extends EndpointContract {
  method: 'GET';
  request: { query: Query };
  responses: { 200: ReturnType<typeof ZPageSchema<Row>> };
}

/**
 * One page of a list (`GET /paginated_…`): the list's query (`listQuerySchema`: page, limit, order_by,
 * order, q and its filters) in, a page of rows (`ZPageSchema`) out. Every paginated list is this.
 */
export function listRoute<Query extends z.ZodType, Row extends z.ZodType>(
  path: string,
  summary: string,
  query: Query,
  row: Row,
): ListRouteContract<Query, Row> {
  return { method: 'GET', path, summary, request: { query }, responses: { 200: ZPageSchema(row) } };
}

/** The contract `deleteRoute` writes: a DELETE of one record named in the path. */
export interface DeleteRouteContract<Params extends z.ZodType, Response extends ResponseSpec> extends EndpointContract {
  method: 'DELETE';
  request: { params: Params };
  responses: { 200: Response };
}

/**
 * Deleting (or archiving) one record named by its id in the path (`DELETE /thing/:id`): the params
 * schema names the id (and its message), the answer is `ZDeletedResponseSchema` (its id and docs/product.md's
 * message) unless the endpoint answers with the record itself.
 */
export function deleteRoute<Params extends z.ZodType>(
  path: string,
  summary: string,
  params: Params,
): DeleteRouteContract<Params, typeof ZDeletedResponseSchema>;
export function deleteRoute<Params extends z.ZodType, Response extends ResponseSpec>(
  path: string,
  summary: string,
  params: Params,
  response: Response,
): DeleteRouteContract<Params, Response>;
export function deleteRoute(
  path: string,
  summary: string,
  params: z.ZodType,
  response: ResponseSpec = ZDeletedResponseSchema,
): DeleteRouteContract<z.ZodType, ResponseSpec> {
  return { method: 'DELETE', path, summary, request: { params }, responses: { 200: response } };
}

/** Every failure: `{message, errors?}` — field messages under their field names. */
export const ZErrorResponseSchema = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });

export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;

/** A file part of a multipart body; the server hands it over as `{kind: 'file', filename, …}`. */
export function fileField(message?: string) {
  const present = (value: unknown) =>
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'file' &&
    (value as { filename?: unknown }).filename !== '';
  const schema = message ? z.custom<unknown>(present, { message }) : z.unknown().optional();
  return schema.meta({ type: 'string', format: 'binary', description: 'A file (multipart/form-data).' });
}
