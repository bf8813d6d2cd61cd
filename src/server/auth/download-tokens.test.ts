import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { DOWNLOAD_TOKEN_TTL_MS } from './download-tokens';

/**
 * Download tokens (docs/security.md, "Download tokens"): the web app opens downloads with a token that
 * works once, for 60 seconds, on download routes only, and is never a session; SPEC's `api_token` in
 * the query keeps working.
 */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const TEMPLATE = '/api/donation/import-template';
const mint = async (user: SignedIn) => {
  const answer = await t.call('POST', '/api/download-token', { token: user.token, json: {} });
  expect(answer.status).toBe(200);
  return answer.body.download_token as string;
};
const download = (query: Record<string, string>) => t.call('GET', TEMPLATE, { query: { format: 'csv', ...query } });

describe('POST /api/download-token', () => {
  it('needs a session; answers a token and its lifetime in seconds', async () => {
    expect((await t.call('POST', '/api/download-token', { json: {} })).status).toBe(401);
    const answer = await t.call('POST', '/api/download-token', { token: admin.token, json: {} });
    expect(answer.body).toEqual({ download_token: expect.stringMatching(/^[\w-]{40,}$/), expires_in: 60 });
  });

  it('opens one download, once', async () => {
    const token = await mint(admin);
    const first = await download({ download_token: token });
    expect(first.status).toBe(200);
    expect(String(first.headers['content-type'])).toContain('text/csv');
    expect((await download({ download_token: token })).status).toBe(401);
  });

  it('two requests at once with one token: one file', async () => {
    const token = await mint(admin);
    const answers = await Promise.all(Array.from({ length: 5 }, () => download({ download_token: token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('expires after 60 seconds', async () => {
    const token = await mint(admin);
    t.clock.advance(DOWNLOAD_TOKEN_TTL_MS);
    expect((await download({ download_token: token })).status).toBe(401);
    const fresh = await mint(admin);
    t.clock.advance(DOWNLOAD_TOKEN_TTL_MS - 1_000);
    expect((await download({ download_token: fresh })).status).toBe(200);
  });

  it('is not an api-token anywhere, and opens nothing but downloads', async () => {
    const token = await mint(admin);
    expect((await t.call('GET', `/api/user/${admin.id}`, { token })).status).toBe(401);
    expect((await download({ api_token: token })).status).toBe(401);
    expect((await t.call('POST', '/api/token', { json: { api_token: token } })).status).toBe(401);
    const other = await t.call('GET', `/api/user/${admin.id}`, { query: { download_token: token } });
    expect(other.status).toBe(401);
    // None of those used it up: it still opens its download.
    expect((await download({ download_token: token })).status).toBe(200);
  });

  it('carries its own user only: a missionary’s token opens no admin file', async () => {
    const missionary = await t.signIn('missionary');
    const token = await mint(missionary);
    expect((await download({ download_token: token })).status).toBe(403);
  });

  it('ends with the session it was made from', async () => {
    const user = await t.signIn('admin');
    const token = await mint(user);
    expect((await t.call('POST', '/api/logout', { token: user.token })).status).toBe(200);
    expect((await download({ download_token: token })).status).toBe(401);
  });

  it('SPEC’s api_token in the query still opens downloads', async () => {
    expect((await download({ api_token: admin.token })).status).toBe(200);
  });
});
