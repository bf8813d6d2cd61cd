import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

export const PROXY_WARNING =
  'requests arrive through a proxy but TRUST_PROXY is off: every user shares one address for the sign-in limits';

/**
 * With TRUST_PROXY off the app takes the proxy's address for every client, so 50 failed sign-ins
 * from anyone lock out everyone (docs/deploy.md). The first request that arrives with
 * X-Forwarded-For says so, once, in the log.
 */
export function registerProxyWarning(app: FastifyInstance, trustProxy: Config['trustProxy']): void {
  if (trustProxy !== false && trustProxy !== 0) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    request.log.warn(PROXY_WARNING);
  });
}
