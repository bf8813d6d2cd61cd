import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { buildApp, loggerOptions } from '../app';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/** Decision 17 (docs/decisions.md): bad input never gives a 5xx. */
let t: TestApp;
let admin: SignedIn;
let missionary: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  missionary = await t.signIn('missionary');
});
afterAll(() => t.close());

describe('bad input gives a 4xx naming the field', () => {
  it('a NUL byte in text, in JSON, forms and queries', async () => {
    const json = await t.call('POST', '/api/categories', {
      token: admin.token,
      json: { name: 'Fuel\u0000', type: 'expense' },
    });
    expect(json.status).toBe(422);
    expect(json.body.errors.name).toEqual(['name cannot contain NUL characters.']);
    const form = await t.call('POST', '/api/login', { form: { email: 'a\u0000@b.org', password: 'x' } });
    expect(form.status).toBe(422);
    const query = await t.call('GET', '/api/paginated_user', { token: admin.token, query: { q: 'x\u0000y' } });
    expect(query.status).toBe(422);
    expect(query.body.errors.q).toBeDefined();
  });

  it.each([
    ['GET', '/api/user/2147483648'],
    ['GET', '/api/user/99999999999999999999'],
    ['GET', '/api/expense-report/4294967296'],
    ['DELETE', '/api/hold-account-transaction/2147483648'],
    ['GET', '/api/expense-report/user/2147483648'],
  ])('%s %s (beyond a 32-bit id) → 404', async (method, url) => {
    const answer = await t.call(method, url, { token: admin.token });
    expect(answer.status).toBe(404);
  });

  it('ids beyond 32 bits in a body are a 422 under the field', async () => {
    const answer = await t.call('POST', '/api/hold-account', {
      token: admin.token,
      json: { user_id: 2147483648, fund_name: 'Big id' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.user_id).toBeDefined();
  });

  it.each([['0000-01-01'], ['1899-12-31'], ['2101-01-01'], ['9999-12-31']])(
    'a date of %s is refused under its field',
    async (date) => {
      const answer = await t.call('GET', '/api/reports/field-worker-expenses', {
        token: admin.token,
        query: { from: date, to: '2026-01-31' },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.from).toEqual(['From Date must lie between 1900-01-01 and 2100-12-31.']);
    },
  );

  it.each([[1_000_000_000], [-1_000_000_000], ['99999999999999999999.99'], [1e300]])(
    'money of %s is refused (±999,999,999.99)',
    async (amount) => {
      const answer = await t.call('POST', '/api/advance-request', {
        token: missionary.token,
        json: { amount_requested: amount, reason: 'x' },
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.amount_requested).toBeDefined();
    },
  );

  it.each([
    ['no closing boundary', '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nx'],
    ['a broken part header', '--b\r\nContent-Dispositio\r\n\r\nx\r\n--b--\r\n'],
    ['garbage', '\u0000\u0001\u0002 not multipart at all'],
    ['an empty body', ''],
  ])('a malformed multipart body (%s) → 4xx', async (_case, payload) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload,
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });

  it('multipart without a boundary → 4xx', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });
});

describe('413 names the limit of the route that refused the body', () => {
  it('a JSON body over 2 MB says 2MB', async () => {
    const answer = await t.call('POST', '/api/categories', {
      token: admin.token,
      json: { name: 'x'.repeat(2 * 1024 * 1024 + 10), type: 'expense' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toContain('2MB');
    expect(answer.body.message).not.toContain('5MB');
  });

  it('a urlencoded body over 1 MB says 1MB', async () => {
    const answer = await t.call('POST', '/api/login', { form: { email: 'x'.repeat(1024 * 1024 + 10), password: 'y' } });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toContain('1MB');
  });
});

describe('a failed query’s log line holds no parameter', () => {
  it('logs the error by name, never the hashes, tokens or values it was given', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(
      { ...t.ctx, config: { ...t.ctx.config, logLevel: 'info' } },
      { logger: { ...(loggerOptions('info') as object), stream: sink }, serveWeb: false },
    );
    const secret = 'argon2-hash-and-token-SECRET-VALUE';
    app.get('/api/__failing-query', async () => {
      // A query that fails inside the database with a parameter that must not be logged.
      await t.ctx.db.execute(sql`select ${secret}::text from table_that_does_not_exist`);
      return {};
    });
    await app.ready();
    const answer = await app.inject({ method: 'GET', url: '/api/__failing-query?api_token=query-secret-token' });
    await app.close();
    expect(answer.statusCode).toBe(500);
    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('query-secret-token');
    expect(log).not.toContain('params');
  });
});
