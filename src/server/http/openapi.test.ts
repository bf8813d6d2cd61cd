import SwaggerParser from '@apidevtools/swagger-parser';
import { createTestApp, type TestApp } from '../test-support/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Document = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        security: unknown[];
        responses: Record<string, unknown>;
        requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
      }
    >
  >;
  components: { schemas: Record<string, unknown> };
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await t.call('GET', '/api/openapi.json');
    expect(result.status).toBe(200);
    expect(result.body.openapi).toBe('3.1.0');
    // validate() checks the document against the OpenAPI 3.1 schema and resolves every $ref.
    await expect(SwaggerParser.validate(structuredClone(result.body))).resolves.toBeTruthy();
  });

  it('has every route of the route table, with its operation name, once', async () => {
    const document: Document = (await t.call('GET', '/api/openapi.json')).body;
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(80);
    for (const route of routes) {
      const path = `/api${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation.operationId).toBe(route.contract.operationId);
    }
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations).toHaveLength(routes.length);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(routes.length);
  });

  it('describes the auth header once and needs it everywhere but the public routes', async () => {
    const document: Document & { components: { securitySchemes: Record<string, { name: string }> } } = (
      await t.call('GET', '/api/openapi.json')
    ).body;
    expect(document.components.securitySchemes.apiToken.name).toBe('api-token');
    expect(document.paths['/api/login'].post.security).toEqual([]);
    expect(document.paths['/api/user/{id}'].get.security).toEqual([{ apiToken: [] }]);
    expect(document.paths['/api/user/{id}'].get.responses['401']).toEqual({ $ref: '#/components/responses/Error401' });
  });

  it('names the shared shapes (User, Error) and uses them by reference', async () => {
    const document: Document = (await t.call('GET', '/api/openapi.json')).body;
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['User', 'Error', 'Distribution']));
    expect(JSON.stringify(document.paths['/api/user/{id}'].get.responses['200'])).toContain(
      '#/components/schemas/User',
    );
  });
  it('describes money inputs as dollars (number or text), and leaves no field of a request or response undescribed', async () => {
    const document: Document = (await t.call('GET', '/api/openapi.json')).body;
    const { requestBody } = document.paths['/api/advance-request'].post;
    expect(requestBody?.content['application/json'].schema.properties.amount_requested).toEqual({
      description: expect.stringContaining('US dollars with at most 2 decimals'),
      anyOf: [
        { type: 'number', multipleOf: 0.01, minimum: 0, maximum: 999_999_999.99 },
        { type: 'string', pattern: expect.any(String) },
      ],
    });
    // Every property of every schema says what it is: a `{}` is a field zod could not describe.
    const undescribed: string[] = [];
    const walk = (value: unknown, path: string[]) => {
      if (!value || typeof value !== 'object') return;
      for (const [key, child] of Object.entries(value)) {
        const inProperties = path[path.length - 1] === 'properties';
        if (inProperties && child && typeof child === 'object' && Object.keys(child).length === 0) {
          undescribed.push([...path, key].join('.'));
        }
        walk(child, [...path, key]);
      }
    };
    walk(document, []);
    // The distribution payload's user_id is read by its own preprocess (a form sends text): not yet described.
    expect(
      undescribed.filter((path) => !path.endsWith('properties.user_id') || !path.includes('/api/distribution')),
    ).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('serves the reference page and its assets from this server (no CDN)', async () => {
    const page = await t.call('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const sources = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const source of sources) {
      expect(source.startsWith('/api/'), source).toBe(true);
      const asset = await t.call('GET', source);
      expect(asset.status, source).toBe(200);
      expect(asset.raw.length, source).toBeGreaterThan(10);
    }
  });
});
