import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { MAX_UPLOAD_BYTES } from './body';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

describe('API plumbing', () => {
  it('answers unknown API paths with a JSON 404 in the {message} shape', async () => {
    const result = await t.call('GET', '/api/no-such-thing', { token: admin.token });
    expect(result.status).toBe(404);
    expect(result.body).toEqual({ message: 'No route for GET /api/no-such-thing.' });
  });

  it('refuses malformed JSON with 400 and an unknown content type with 415', async () => {
    const malformed = await t.call('POST', '/api/categories', {
      token: admin.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { 'api-token': admin.token, 'content-type': 'application/json' },
      payload: '{"expense_category":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The request body is not valid JSON.' });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: { 'api-token': admin.token, 'content-type': 'application/xml' },
      payload: '<category/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toHaveProperty('message');
  });

  it('takes _method from the query string too, and refuses a POST the path does not have', async () => {
    const created = await t.call('POST', '/api/categories', {
      token: admin.token,
      json: { expense_category: 'Via Query', description: 'd' },
    });
    const deleted = await t.call('POST', `/api/categories/${created.body.id}`, {
      token: admin.token,
      query: { _method: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    const plainPost = await t.call('POST', '/api/settings', { token: admin.token, json: { medicare_percentage: '2' } });
    expect(plainPost.status).toBe(400);
    expect(plainPost.body).toEqual({ message: 'POST is not allowed here.' });
  });

  it('never answers with a stack trace or internals on a bad token', async () => {
    const result = await t.call('GET', '/api/user/1', { token: 'x'.repeat(500) });
    expect(result.status).toBe(401);
    expect(result.body).toEqual({ message: 'Please log in to continue.' });
  });

  it(`answers 413 naming the route's own limit above ${MAX_UPLOAD_BYTES / 1024 / 1024} MB (decision 17)`, async () => {
    const result = await t.call('POST', '/api/donation/denari-upload', {
      token: admin.token,
      multipart: {
        upload_name: 'Huge',
        denari: { content: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x41), filename: 'huge.csv' },
      },
    });
    expect(result.status).toBe(413);
    expect(result.body.message).toBe('Invalid file. Please choose a file that is 50MB or smaller.');
  });
});
