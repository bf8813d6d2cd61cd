import type { EndpointContract } from '../../domain/contract';
import type { Endpoint } from './call';

/**
 * A contract's method and path without its schemas, for the screens a missionary waits for first.
 *
 * The login page and the missionary dashboard have download budgets (170 and 220 KiB gzipped,
 * test/web-budget.test.ts) that zod and the contracts' schemas do not fit in. There the call site
 * names the contract only as a type — `route<typeof authContract.login>({ method: 'POST', path: '/login' })`
 * — so nothing of the contract is downloaded, yet the method and path must equal the contract's
 * (a renamed path fails `tsc`), and `call()` types the params, query, body and answer from it. What
 * is given up: the answer is typed but not parsed (docs/conventions.md, "How the web calls the API").
 * Every other screen calls with the contract itself, which parses the answer.
 */
export interface Route<C extends EndpointContract> extends Endpoint {
  /** Never set: carries the contract's type to `call()`. */
  readonly contract?: C;
}

export function route<C extends EndpointContract>(spec: {
  method: C['method'];
  path: C['path'];
  /** Set for a file answer (a PDF, a CSV): `call()` then answers a Blob when the server sends no JSON. */
  file?: true;
  encoding?: C['request']['encoding'];
}): Route<C> {
  const responses = spec.file ? { 200: { kind: 'file' as const, contentTypes: [], description: '' } } : {};
  return { method: spec.method, path: spec.path, request: { encoding: spec.encoding }, responses };
}
