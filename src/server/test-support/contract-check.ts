import { type EndpointContract, isFileResponse, ZErrorResponseSchema } from '../../domain/contract';
import type { AnyRoute, Method } from '../http/routes';

interface Entry {
  route: AnyRoute;
  pattern: RegExp;
  params: number;
}

export interface Exchange {
  method: string;
  /** The address as called, with /api and maybe a query string. */
  url: string;
  /** `_method` of a POST's body or query (PATCH/DELETE through POST, docs/product.md §7). */
  override: unknown;
  status: number;
  contentType: string;
  body: unknown;
}

/**
 * Checks every answer of the API tests against its route's contract: a JSON body must
 * be exactly what its status's schema yields (no field more, none missing or of another type), an
 * error body `{message, errors?}`, a file one of the listed content types. `createTestApp().call`
 * runs it on every call, so no test can forget it.
 */
export function contractChecker(routes: readonly AnyRoute[]) {
  const table: Entry[] = routes
    .map((route) => ({
      route,
      pattern: new RegExp(`^${route.url.replace(/[.]/g, '\\.').replace(/:[A-Za-z_]+/g, '[^/]+')}$`),
      params: (route.url.match(/:/g) ?? []).length,
    }))
    // Like the router: a static segment wins over a parameter (/user/archived before /user/:id).
    .sort((a, b) => a.params - b.params);

  function find(method: string, path: string, override: unknown): EndpointContract | null {
    const candidates = table.filter((entry) => entry.pattern.test(path));
    const wanted = String(override ?? '').toUpperCase();
    if (method === 'POST' && (wanted === 'PATCH' || wanted === 'DELETE')) {
      const overridden = candidates.find((entry) => entry.route.method === wanted);
      if (overridden) return overridden.route.contract;
    }
    return candidates.find((entry) => entry.route.method === (method as Method))?.route.contract ?? null;
  }

  return function check(exchange: Exchange): void {
    const path = exchange.url
      .split('?')[0]
      .replace(/^\/api/, '')
      .replace(/(.)\/$/, '$1');
    if (!exchange.url.startsWith('/api/')) return;
    // The API's description (http/docs.ts) is not an API route itself.
    if (/^\/(openapi\.json|docs(\/.*)?)$/.test(path)) return;
    const contract = find(exchange.method.toUpperCase(), path, exchange.override);
    const where = `${exchange.method} ${exchange.url} → ${exchange.status}`;
    if (!contract && exchange.status < 400) throw new Error(`${where}: no route of the route table answers this`);
    const spec = contract?.responses[exchange.status];
    if (isFileResponse(spec)) {
      const type = exchange.contentType.split(';')[0].trim();
      if (!spec.contentTypes.includes(type)) {
        throw new Error(`${where}: content type ${type} is not one of ${spec.contentTypes.join(', ')}`);
      }
      return;
    }
    if (exchange.status === 204) return;
    if (!exchange.contentType.includes('application/json')) {
      throw new Error(`${where}: answered ${exchange.contentType || 'no content type'}, not JSON`);
    }
    const schema = spec ?? (exchange.status >= 400 ? ZErrorResponseSchema : null);
    if (!schema)
      throw new Error(`${where}: the contract of ${contract?.operationId ?? path} lists no ${exchange.status}`);
    const parsed = schema.safeParse(exchange.body);
    if (!parsed.success) {
      throw new Error(`${where}: the body breaks its contract: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
    }
    if (JSON.stringify(parsed.data) !== JSON.stringify(exchange.body)) {
      throw new Error(`${where}: the body carries fields its contract does not list`);
    }
  };
}
