import type { Role } from '../../domain/roles';
import { issueApiToken } from '../auth/tokens';
import { apiRoutes } from '../routes';
import { readSiteConfig, siteRoutes } from '../site/routes';
import { createTestApp, type TestApp } from '../test-support/harness';
import type { AnyRoute } from './routes';

/**
 * The role matrix, generated: every route of the route table × {none, missionary, employee, admin}.
 * The expected outcome is written once, beside the route: its `access` (and `serviceDenies` where a
 * service refuses a role outright). Each call names a record that does not exist (id 2147483647)
 * with an empty body, so a caller who is let in gets 200, 404 or 422, never 401/403; one kept out
 * gets exactly 401 (no token) or 403. A route registered outside the table has no rule and fails.
 */
type Caller = 'none' | Exclude<Role, 'none'>;
const CALLERS: readonly Caller[] = ['none', 'missionary', 'employee', 'admin'];
const PROBE_ID = '2147483647';

let t: TestApp;
const users: Partial<Record<Caller, number>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['missionary', 'employee', 'admin'] as const) users[role] = (await t.signIn(role)).id;
});
afterAll(() => t.close());

function table(): AnyRoute[] {
  return [...apiRoutes(t.ctx), ...siteRoutes(readSiteConfig(), '')];
}

/** What a caller must get: 'in' (past the gate: anything but 401/403) or the refusal's status. */
function expectedFor(route: AnyRoute, caller: Caller): 'in' | 401 | 403 {
  if (route.access === 'public') return 'in';
  if (caller === 'none') return 401;
  if (route.access !== 'user' && !route.access.includes(caller)) return 403;
  if (route.serviceDenies?.includes(caller)) return 403;
  return 'in';
}

function probeUrl(route: AnyRoute): string {
  return `/api${route.url.replace(/:[A-Za-z_]+/g, PROBE_ID)}`;
}

describe('role matrix', () => {
  it('the route table is what Fastify serves, one rule per method and path', async () => {
    const declared = new Set(table().map((r) => `${r.method} /api${r.url}`));
    for (const route of table()) {
      const found = await t.app.hasRoute({ method: route.method, url: `/api${route.url}` });
      expect(found, `${route.method} ${route.url}`).toBe(true);
    }
    expect(declared.size).toBe(table().length);
  });

  const routes = () => table();
  it.each(CALLERS)('%s: every route answers as its access rule says', async (caller) => {
    const failures: string[] = [];
    for (const route of routes()) {
      // A fresh token each call: some routes (logout, password changes) end the session they run in.
      const token = caller === 'none' ? null : await issueApiToken(t.ctx.db, users[caller]!, t.clock.now());
      const answer = await t.call(route.method, probeUrl(route), {
        token,
        json: route.method === 'GET' ? undefined : {},
      });
      const expected = expectedFor(route, caller);
      const ok =
        expected === 'in'
          ? answer.status !== 401 && answer.status !== 403 && answer.status < 500
          : answer.status === expected;
      if (!ok)
        failures.push(
          `${route.method} ${route.url}: expected ${expected}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('covers every route of the table for every caller', () => {
    expect(routes().length).toBeGreaterThan(80);
    for (const route of routes()) {
      expect(route.access, `${route.method} ${route.url} has no access rule`).toBeDefined();
      for (const caller of CALLERS) expect(['in', 401, 403]).toContain(expectedFor(route, caller));
    }
  });
});
