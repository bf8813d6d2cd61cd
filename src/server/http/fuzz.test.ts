import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { Role } from '../../domain/roles';
import { issueApiToken } from '../auth/tokens';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { apiRoutes } from '../routes';
import { readSiteConfig, siteRoutes } from '../site/routes';
import { type FuzzRequest, fieldsOf, requestsFor } from '../test-support/fuzz';
import { createTestApp, type TestApp } from '../test-support/harness';
import type { AnyRoute } from './routes';

/**
 * Fuzz over every route (decision 17, docs/decisions.md): requests drawn from each route's contract
 * (test-support/fuzz.ts) — valid, boundary and hostile values, wrong types, malformed bodies — sent
 * by a caller the route lets in. Zero 5xx. FUZZ_PER_ROUTE requests per route (50 in CI);
 * `npm run fuzz -- --per-route 2000` runs more. FUZZ_SEED repeats a run.
 */
const PER_ROUTE = Number(process.env.FUZZ_PER_ROUTE ?? 50);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** POST/PATCH/DELETE routes that take no body at all; any other write route must have a body schema. */
const BODYLESS = new Set([
  'POST /logout',
  'POST /download-token',
  'POST /user/:id/restore',
  'PATCH /hold-account/:id/archive',
  'PATCH /submit/expense-report/:id',
  'POST /donation/:id/approve',
  'POST /outbox/:id/retry',
  'POST /setup/default-categories',
  'POST /account/totp',
  'POST /account/passkeys/options',
  'POST /payment-batches/:id/lines/:line_id/clear',
  'POST /payment-batches/:id/release',
]);

// Handlers are not called while the table is read; the test app's own routes serve the requests.
const ROUTES: AnyRoute[] = [...apiRoutes({} as AppContext), ...siteRoutes(readSiteConfig(), '')];
const writes = (route: AnyRoute) => route.method === 'POST' || route.method === 'PATCH' || route.method === 'PUT';

let t: TestApp;
const userIds: Partial<Record<Exclude<Role, 'none'>, number>> = {};
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_THROTTLE_LIMIT: '1000000' } });
  for (const role of ['missionary', 'employee', 'admin'] as const) userIds[role] = (await t.signIn(role)).id;
});
afterAll(() => t.close());

describe('every route has a schema to fuzz', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (_name, route) => {
    const contract = route.contract;
    expect(contract, 'route without a contract').toBeDefined();
    if (route.url.includes(':')) expect(contract.request.params, 'path params without a schema').toBeDefined();
    if (writes(route) && !BODYLESS.has(`${route.method} ${route.url}`)) {
      expect(contract.request.body, 'a write route without a body schema (or list it in BODYLESS)').toBeDefined();
      expect(fieldsOf(contract.request.body).length + (contract.request.encoding ? 1 : 0)).toBeGreaterThan(0);
    }
  });
});

/** Someone the route lets in, so the request reaches its parsing and service. */
function callerFor(route: AnyRoute, run: number): Exclude<Role, 'none'> | null {
  if (route.access === 'public') return run % 2 ? 'admin' : null;
  if (route.access === 'user') return (['admin', 'missionary', 'employee'] as const)[run % 3];
  const allowed = route.access.filter((role): role is Exclude<Role, 'none'> => role !== 'none');
  return allowed[run % allowed.length];
}

/**
 * A live token of a caller of that role. The fuzz may archive or delete its own callers (DELETE
 * /user/1 is a fair request), so a caller that is gone is restored or replaced first.
 */
async function tokenFor(role: Exclude<Role, 'none'>): Promise<string> {
  const id = userIds[role]!;
  const [row] = await t.ctx.db
    .select({ deletedAt: users.deletedAt, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  if (!row || row.role !== role) userIds[role] = (await t.signIn(role)).id;
  else if (row.deletedAt) await t.ctx.db.update(users).set({ deletedAt: null }).where(eq(users.id, id));
  return issueApiToken(t.ctx.db, userIds[role]!, t.clock.now());
}

async function send(route: AnyRoute, request: FuzzRequest, token: string | null) {
  const headers: Record<string, string> = token ? { 'api-token': token } : {};
  const { body } = request;
  if (body.kind === 'raw') {
    const answer = await t.app.inject({
      method: route.method,
      url: request.url,
      query: request.query,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: answer.statusCode, text: answer.body };
  }
  const answer = await t.call(route.method, request.url, {
    headers,
    query: request.query,
    json: body.kind === 'json' ? (body.value ?? null) : undefined,
    form: body.kind === 'form' ? body.value : undefined,
    multipart:
      body.kind === 'multipart'
        ? { ...body.fields, ...(body.file ? { file: { content: body.file, filename: 'fuzz.bin' } } : {}) }
        : undefined,
  });
  return { status: answer.status, text: JSON.stringify(answer.body) };
}

describe(`fuzz: ${PER_ROUTE} requests per route, zero 5xx`, () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s',
    async (_name, route) => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async (request) => {
          run += 1;
          const role = callerFor(route, run);
          const token = role ? await tokenFor(role) : null;
          const answer = await send(route, request, token);
          if (answer.status >= 500) {
            throw new Error(
              `${route.method} ${request.url} as ${role ?? 'none'} → ${answer.status} ${answer.text.slice(0, 200)}`,
            );
          }
        }),
        { numRuns: PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    },
    Math.max(60_000, PER_ROUTE * 400),
  );
});
