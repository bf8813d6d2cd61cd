import type { AppContext } from '../context';
import { apiRoutes } from '../routes';

/**
 * Every create route takes an Idempotency-Key (docs/security.md, "Idempotency"): a POST whose contract
 * answers 201 declares how it honours the key, `route` (the route layer replays the first answer)
 * or `service` (the service claims the key in its own transaction). A new create without it fails here.
 */
describe('create routes and Idempotency-Key', () => {
  const routes = apiRoutes({} as AppContext);
  const creates = routes.filter((route) => route.method === 'POST' && route.contract.responses[201] !== undefined);

  it('finds the creates in the route table', () => {
    expect(creates.map((route) => route.url)).toEqual(expect.arrayContaining(['/advance-request', '/expense-report']));
  });

  it.each(creates.map((route) => [`${route.method} ${route.url}`, route] as const))('%s declares it', (_, route) => {
    expect(route.idempotency).toMatch(/^(route|service)$/);
  });
});
