import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { PROXY_WARNING, registerProxyWarning } from './proxy-warning';

/** The log says once, at the first proxied request, that TRUST_PROXY is off (docs/deploy.md). */
async function warningsFor(trustProxy: boolean | number | string[], headers: Array<Record<string, string>>) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  registerProxyWarning(app, trustProxy);
  app.get('/x', async () => ({ ok: true }));
  for (const header of headers)
    expect((await app.inject({ method: 'GET', url: '/x', headers: header })).statusCode).toBe(200);
  await app.close();
  return lines.filter((line) => line.includes(PROXY_WARNING)).length;
}

describe('the TRUST_PROXY warning', () => {
  const proxied = { 'x-forwarded-for': '203.0.113.7' };
  it('is logged once when proxied requests arrive and TRUST_PROXY is off', async () => {
    expect(await warningsFor(false, [{}, proxied, proxied, { 'x-forwarded-for': '198.51.100.2' }])).toBe(1);
  });
  it('is not logged for direct requests, nor when TRUST_PROXY is set', async () => {
    expect(await warningsFor(false, [{}, {}])).toBe(0);
    expect(await warningsFor(1, [proxied, proxied])).toBe(0);
    expect(await warningsFor(['10.0.0.0/8'], [proxied])).toBe(0);
  });
});
