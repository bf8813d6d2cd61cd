import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * The security headers on every kind of answer — API success, refusal and unknown route, the
 * single-page app and a built asset — and exactly the policy the web app was built against.
 */
const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: blob:",
  "object-src 'self' blob:",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "frame-src 'self' blob:",
].join(';');

const EXPECTED: Record<string, string> = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
};

let t: TestApp;
let webDist: string;
let web: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Sheepfold</title>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets/app-1234.js'), 'console.log(1)');
  const { log: _log, ...context } = t.ctx;
  web = await buildApp(context, { webDist });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/health', 200],
    ['a refusal', '/api/settings', 401],
    ['an unknown API route', '/api/no-such-route', 404],
    ['the single-page app', '/admin/donations', 200],
    ['a built asset', '/assets/app-1234.js', 200],
  ])('are on %s (%s)', async (_kind, url, status) => {
    const response = await web.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    for (const [name, value] of Object.entries(EXPECTED)) expect([name, response.headers[name]]).toEqual([name, value]);
    // Embedding cross-origin images and PDFs stays possible; the server does not name itself.
    expect(response.headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
