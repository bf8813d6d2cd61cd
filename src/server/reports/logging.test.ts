import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from '../app';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/**
 * Downloads carry api_token in the address (docs/product.md §6); docs/decisions.md says query strings are never
 * logged. This runs the real request logger (app.ts loggerOptions) into a buffer and reads it.
 */
let t: TestApp;
let logged: FastifyInstance;
let admin: SignedIn;
let missionary: SignedIn;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  missionary = await t.signIn('missionary');
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const { log: _log, ...context } = t.ctx;
  logged = await buildApp(context, {
    logger: { ...(loggerOptions('debug') as object), stream: sink },
    serveWeb: false,
  });
  await logged.ready();
});
afterAll(async () => {
  await logged.close();
  await t.close();
});

describe('the request log', () => {
  it('records report downloads by path only, never the api_token of the query', async () => {
    const calls = [
      `/api/reports/accounting?mat_to_date=2024-05-31&status=approved&api_token=${admin.token}`,
      `/api/reports/accounting-journal?api_token=${admin.token}&mat_to_date=2024-05-31&format=xlsx`,
      `/api/reports/field-worker-expenses?from=2024-05-01&to=2024-05-31&api_token=${admin.token}`,
      // refused calls are logged too: bad input (422), a missionary (403), a wrong token (401)
      `/api/reports/accounting?api_token=${admin.token}`,
      `/api/reports/accounting?mat_to_date=2024-05-31&api_token=${missionary.token}`,
      '/api/reports/accounting?mat_to_date=2024-05-31&api_token=wrong-token-123',
      `/api/no-such-route?api_token=${admin.token}`,
    ];
    const statuses = [];
    for (const url of calls) statuses.push((await logged.inject({ method: 'GET', url })).statusCode);
    // No distribution has 2024-05-31 here: the accounting downloads explain that (422), the expense download is a file.
    expect(statuses).toEqual([422, 422, 200, 422, 403, 401, 404]);

    const text = lines.join('\n');
    // The log really captured these requests, by path …
    expect(text).toContain('"url":"/api/reports/accounting"');
    expect(text).toContain('"url":"/api/reports/accounting-journal"');
    expect(text).toContain('"url":"/api/reports/field-worker-expenses"');
    expect(lines.filter((line) => line.includes('"status":200')).length).toBeGreaterThanOrEqual(1);
    expect(lines.filter((line) => line.includes('"status":422')).length).toBeGreaterThanOrEqual(3);
    // … and nothing of the query string.
    for (const secret of [admin.token, missionary.token, 'wrong-token-123', 'api_token', 'mat_to_date']) {
      expect(text).not.toContain(secret);
    }
  });
});
