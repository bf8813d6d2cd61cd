import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from '../app';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * At the default level the console keeps the start-up summary and the first-run password
 * in view — no line per request, one line per failed request; LOG_LEVEL=debug logs every request.
 * Also: the single-page app answers HEAD like GET, for uptime checkers.
 */
let t: TestApp;
let webDist: string;
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sheepfold</title>');
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** An app logging at `level` into `lines`, on the test database unless another is given. */
async function loggedApp(level: string, lines: string[], context = t.ctx) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const { log: _log, ...rest } = context;
  const app = await buildApp(rest, { logger: { ...(loggerOptions(level) as object), stream: sink }, webDist });
  apps.push(app);
  await app.ready();
  return app;
}

describe('the request log', () => {
  it('stays quiet at the default level: nothing for answered or refused requests', async () => {
    const lines: string[] = [];
    const app = await loggedApp('info', lines);
    const statuses = [];
    for (const url of ['/api/health', '/api/settings', '/api/no-such-route', '/login']) {
      statuses.push((await app.inject({ method: 'GET', url })).statusCode);
    }
    expect(statuses).toEqual([200, 401, 404, 200]);
    expect(lines).toEqual([]);
  });

  it('writes one line for a request that fails on the server', async () => {
    // A database that has gone away: every query fails.
    const down = new Proxy(t.ctx.db, {
      get: (target, key, receiver) =>
        key === 'execute'
          ? () => Promise.reject(new Error('connection terminated'))
          : Reflect.get(target, key, receiver),
    });
    const lines: string[] = [];
    const app = await loggedApp('info', lines, { ...t.ctx, db: down });
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(500);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ level: 50, msg: 'request failed' });
  });

  it('logs every request with LOG_LEVEL=debug: method, path, status, never the query', async () => {
    const lines: string[] = [];
    const app = await loggedApp('debug', lines);
    await app.inject({ method: 'GET', url: '/api/health?api_token=secret-value' });
    await app.inject({ method: 'GET', url: '/api/settings' });
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request');
    expect(requests.map(({ method, url, status }) => ({ method, url, status }))).toEqual([
      { method: 'GET', url: '/api/health', status: 200 },
      { method: 'GET', url: '/api/settings', status: 401 },
    ]);
    expect(lines.join('\n')).not.toContain('secret-value');
  });
});

describe('HEAD on the single-page app', () => {
  it.each(['/login', '/admin/dashboard', '/expense-report/12'])(
    'answers HEAD %s like GET, without a body',
    async (url) => {
      const app = await loggedApp('silent', []);
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      expect(get.statusCode).toBe(200);
      expect(get.body).toContain('<title>Sheepfold</title>');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
      expect(head.body).toBe('');
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
    },
  );

  it('keeps unknown API paths a JSON 404 for HEAD too', async () => {
    const app = await loggedApp('silent', []);
    const head = await app.inject({ method: 'HEAD', url: '/api/no-such-route' });
    expect(head.statusCode).toBe(404);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
  });
});
