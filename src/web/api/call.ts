import type { z } from 'zod';
import type { EndpointContract, FileResponse, HttpMethod, ResponseOf } from '../../domain/contract';
import { getToken, notifyActivity, onUnauthorized } from '../session/token-store';
import { ApiError } from './error';
import type { Route } from './route';

export { ApiError };

/**
 * The web's one way to the API: `call(contract.op, {params, query, body})`. The contract
 * (src/domain/<feature>/contract.ts) names the method, the path and the answer; the call site names
 * only the values. A path parameter or an answer field renamed in the contract fails `tsc` in the
 * web (src/web/api/call.test.ts). See docs/conventions.md, "How the web calls the API".
 */

/** What `call` needs of an endpoint: a contract, or a `route()` of one (no schemas, see route.ts). */
export interface Endpoint {
  method: HttpMethod;
  path: string;
  request: { encoding?: EndpointContract['request']['encoding'] };
  responses: Readonly<Record<number, z.ZodType | FileResponse | undefined>>;
}

type Schema<S> = S extends z.ZodType ? S : never;
type Given<S> = Schema<S> extends never ? false : true;

/** Path parameters: the contract's names, each a number or a string (a route's `:id`). */
type ParamsIn<C extends EndpointContract> = { [K in keyof z.output<Schema<C['request']['params']>>]: string | number };

/** The query a caller sends: the contract's input side (every filter as the server reads it). */
type QueryIn<C extends EndpointContract> = z.input<Schema<C['request']['query']>>;
type BodyIn<C extends EndpointContract> = z.input<Schema<C['request']['body']>>;

/** The parts of a request the contract has, and only those: params and body required when it has them. */
export type CallInput<C extends EndpointContract> = (Given<C['request']['params']> extends true
  ? { params: ParamsIn<C> }
  : { params?: never }) &
  (Given<C['request']['query']> extends true ? { query?: QueryIn<C> } : { query?: never }) &
  (Given<C['request']['body']> extends true ? { body: BodyIn<C> } : { body?: never }) & {
    /**
     * Send the body as an HTML form would: form fields, PATCH and DELETE as POST with `_method`. The
     * server reads both (the contract's 'json-or-form'); the screens that sent forms before `call()`
     * keep doing so, byte for byte. Without it the body goes as JSON (multipart where the contract says).
     */
    form?: true;
  };

type SuccessSpec<C extends EndpointContract> = C['responses'][Extract<keyof C['responses'], 200 | 201 | 202>];

/** A file answer (a PDF, a CSV) comes back as a Blob; a JSON answer as the contract's parsed type. */
export type CallResult<C extends EndpointContract> = SuccessSpec<C> extends FileResponse ? Blob : ResponseOf<C>;

/** Inputs with no required part may leave the second argument out. */
type Args<C extends EndpointContract> = object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** `/hold-account/:id` with `{id: 4}` → `/hold-account/4`; every value URI-encoded. */
export function pathOf(endpoint: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

const NOT_UNDERSTOOD = 'The server sent an answer this page does not understand. Reload the page.';

export type QueryValues = Record<string, unknown>;

/** The query string: empty, null and undefined values left out, as the server reads a missing filter. */
export function withQuery(path: string, query?: QueryValues): string {
  if (!query) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Multipart fields: files as parts, flags as 1/0, nothing for null or undefined. */
function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'file');
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else form.append(key, String(value));
  }
  return form;
}

/** The request `call` sends: its method, address under /api, body and whether the body is JSON. */
/** Any call's input, before the contract types it. */
interface RawInput {
  params?: Record<string, string | number>;
  query?: QueryValues;
  body?: Record<string, unknown>;
  form?: true;
}

export function requestOf(endpoint: Endpoint, input: RawInput = {}) {
  const path = withQuery(pathOf(endpoint, input.params), input.query);
  if (endpoint.method === 'GET' || (endpoint.method === 'DELETE' && input.body === undefined))
    return { method: endpoint.method, path, body: null, json: false };
  if (input.form) {
    const fields: Record<string, unknown> = { ...input.body };
    if (endpoint.method !== 'POST') fields._method = endpoint.method;
    return { method: 'POST', path, body: toFormData(fields), json: false };
  }
  if (endpoint.request.encoding === 'multipart')
    return { method: endpoint.method, path, body: toFormData({ ...input.body }), json: false };
  return { method: endpoint.method, path, body: JSON.stringify(input.body ?? {}), json: true };
}

/**
 * Parses a JSON answer with the contract's schema for the status it came with. A `route()` has no
 * schema: its answer is typed from the contract but taken as sent (docs/conventions.md says why).
 */
export function parseAnswer(endpoint: Endpoint, status: number, payload: unknown): unknown {
  const spec = endpoint.responses[status];
  if (!spec || !('safeParse' in spec)) return payload;
  const parsed = spec.safeParse(payload);
  if (parsed.success) return parsed.data;
  // For whoever opens the console: which answer, and which fields of it, the contract refused.
  console.warn(`${endpoint.method} ${endpoint.path}: the answer does not match its contract`, parsed.error.issues);
  throw new ApiError(status, { message: NOT_UNDERSTOOD });
}

/**
 * Sends one request to `/api{path}` with the session's token, and answers the Response when it is
 * 2xx; any other answer becomes an ApiError with the server's message.
 */
export async function send(method: string, path: string, body: BodyInit | null, json: boolean): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers['api-token'] = token;
  if (json) headers['content-type'] = 'application/json';
  let response: Response;
  // From a task of its own: a screen's queries start together inside React's effects, and each request
  // started there makes that one task longer (docs/performance.md, "The dashboard's first load").
  await new Promise((resolve) => setTimeout(resolve, 0));
  try {
    response = await fetch(`/api${path}`, { method, headers, body });
  } catch {
    throw new ApiError(0, { message: 'The server could not be reached. Check your connection and try again.' });
  }
  notifyActivity();
  if (response.ok) return response;
  if (response.status === 401 && token) onUnauthorized();
  const type = response.headers.get('content-type') ?? '';
  const payload = type.includes('application/json') ? await response.json() : await response.text();
  throw new ApiError(response.status, typeof payload === 'object' ? payload : { message: String(payload) });
}

function isFile(spec: Endpoint['responses'][number]): boolean {
  return spec !== undefined && 'kind' in spec && spec.kind === 'file';
}

/**
 * Sends one call of a contract and answers its success response: parsed by the contract's schema,
 * or a Blob for a file. Failures throw ApiError (the server's message, or status 0 when unreachable).
 */
export function call<C extends EndpointContract>(contract: C, ...input: Args<C>): Promise<CallResult<C>>;
export function call<C extends EndpointContract>(route: Route<C>, ...input: Args<C>): Promise<CallResult<C>>;
// The one fact the checker cannot see: the schema chosen by the answer's status parses into CallResult<C>.
export async function call(endpoint: Endpoint, input?: RawInput): Promise<unknown> {
  const { method, path, body, json } = requestOf(endpoint, input);
  const response = await send(method, path, body, json);
  const type = response.headers.get('content-type') ?? '';
  if (Object.values(endpoint.responses).some(isFile) && !type.includes('application/json')) return response.blob();
  const payload = await response.json().catch(() => {
    throw new ApiError(response.status, { message: NOT_UNDERSTOOD });
  });
  return parseAnswer(endpoint, response.status, payload);
}
