import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
};

// No inline script: the content security policy allows scripts from this server only.
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="icon" href="/api/site/favicon">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>`;

const START = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
});`;

/**
 * GET /api/openapi.json (the contracts as OpenAPI 3.1) and a readable reference at /api/docs
 * (Swagger UI served from this server's node_modules, never a CDN). Not API routes themselves:
 * they describe the route table.
 */
export function registerApiDocs(app: FastifyInstance, document: () => unknown): void {
  let cached: string | null = null;
  app.get('/api/openapi.json', async (_request, reply) => {
    cached ??= JSON.stringify(document());
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(cached);
  });
  app.get('/api/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app.get('/api/docs/start.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(START));
  for (const [file, type] of Object.entries(ASSETS)) {
    const content = fs.readFileSync(path.join(SWAGGER_UI, file));
    app.get(`/api/docs/${file}`, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=86400').send(content),
    );
  }
}
