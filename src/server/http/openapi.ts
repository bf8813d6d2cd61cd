import { z } from 'zod';
import { type EndpointContract, isFileResponse, ZErrorResponseSchema } from '../../domain/contract';
import type { AnyRoute } from './routes';

type Json = Record<string, unknown>;

/** What a reader needs once, before any endpoint (auth header, errors, money, dates). */
const DESCRIPTION = `
The Sheepfold API: everything the web application does, for scripts too (importing donations from a
donor system, pulling the accounting export).

**Signing in.** \`POST /api/login\` with \`{email, password}\` answers with the user and an
\`api_token\`. Send it on every other call as the \`api-token\` header. A session ends after four
hours without a call, on \`POST /api/logout\` and when the password changes. File downloads
(reports, statements) also take it as \`api_token\` in the query, so a browser can open them.

**Bodies.** JSON, or urlencoded form fields (the same names); uploads are \`multipart/form-data\`.
A form may send PATCH and DELETE as POST with \`_method=PATCH|DELETE\`.

**Errors.** Every failure answers \`{"message": "…", "errors": {"field": ["…"]}}\` — \`errors\`
only for field problems, under the field names of the request. 401: not signed in; 403: not
allowed for your role or not your record; 404: no such record; 409: the record's state forbids it
(e.g. approved); 413: the file is too large; 422: the input is wrong; 429: too many attempts.

**Money** is in dollars as JSON numbers with at most two decimals (\`1234.5\` is $1,234.50); the
server computes in integer cents and rounds once, half away from zero. Percentages are numbers
(\`7.65\`) or, in the distribution context, exact decimal strings. **Dates** are \`YYYY-MM-DD\`;
instants (\`created_at\`) ISO 8601 in UTC. **Flags** are \`0\` or \`1\`.
`.trim();

/** Fastify's `/user/:id` in OpenAPI's spelling, `/user/{id}`. */
function openApiPath(url: string): string {
  return `/api${url.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
}

/**
 * The OpenAPI 3.1 document of the route table (GET /api/openapi.json), generated from the
 * contracts: zod's JSON Schema for each request part and response, named schemas (`.meta({id})`)
 * under components, the auth header and error shape described once.
 */
export function openApiDocument(routes: readonly AnyRoute[], info: { title: string; version: string }): Json {
  const components: Record<string, Json> = {};
  const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
    const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' }) as Json;
    const { $schema: _ignored, $defs, ...rest } = json;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, Json>)) {
      components[id] ??= rewriteRefs(definition) as Json;
    }
    return rewriteRefs(rest) as Json;
  };

  const paths: Record<string, Record<string, Json>> = {};
  for (const definition of routes) {
    const path = openApiPath(definition.url);
    paths[path] ??= {};
    paths[path][definition.method.toLowerCase()] = operation(definition, schemaOf);
  }

  // Registers the Error schema (it carries meta id 'Error') under components.
  schemaOf(ZErrorResponseSchema, 'output');
  return {
    openapi: '3.1.0',
    info: { ...info, description: DESCRIPTION },
    servers: [{ url: '/' }],
    tags: [...new Set(routes.map((r) => r.contract.tag).filter((t): t is string => Boolean(t)))].map((name) => ({
      name,
    })),
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        apiToken: { type: 'apiKey', in: 'header', name: 'api-token', description: 'The api_token of POST /api/login.' },
        apiTokenQuery: { type: 'apiKey', in: 'query', name: 'api_token', description: 'Downloads only.' },
      },
      responses: Object.fromEntries(
        Object.entries(ERROR_MEANINGS).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}

const ERROR_MEANINGS: Record<number, string> = {
  401: 'Not signed in (no valid api-token).',
  403: 'Not allowed for this role, or not your record.',
  404: 'No such record.',
  422: 'The input is wrong; messages under the field names.',
};

function operation(definition: AnyRoute, schemaOf: (schema: z.ZodType, io: 'input' | 'output') => Json): Json {
  const contract: EndpointContract = definition.contract;
  const { request } = contract;
  const parameters = [
    ...parametersOf(request.params, 'path', schemaOf),
    ...parametersOf(request.query, 'query', schemaOf),
  ];
  const responses: Record<string, Json> = {};
  for (const [status, spec] of Object.entries(contract.responses)) {
    responses[status] = isFileResponse(spec)
      ? {
          description: spec.description,
          content: Object.fromEntries(
            spec.contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          ),
        }
      : {
          description: statusText(Number(status)),
          content: { 'application/json': { schema: schemaOf(spec, 'output') } },
        };
  }
  const errors = [
    ...(definition.access === 'public' ? [] : [401]),
    ...(Array.isArray(definition.access) ? [403] : []),
    ...(request.params ? [404] : []),
    ...(request.params || request.query || request.body ? [422] : []),
  ];
  for (const status of errors) responses[status] ??= { $ref: `#/components/responses/Error${status}` };

  const roles = Array.isArray(definition.access) ? ` Roles: ${definition.access.join(', ')}.` : '';
  return {
    operationId: contract.operationId,
    tags: contract.tag ? [contract.tag] : [],
    summary: contract.summary,
    description: `${contract.description ?? ''}${roles}`.trim() || undefined,
    security:
      definition.access === 'public'
        ? []
        : definition.queryToken
          ? [{ apiToken: [] }, { apiTokenQuery: [] }]
          : [{ apiToken: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(request.body ? { requestBody: requestBodyOf(request.body, request.encoding, schemaOf) } : {}),
    responses,
  };
}

function parametersOf(
  schema: z.ZodType | undefined,
  place: 'path' | 'query',
  schemaOf: (schema: z.ZodType, io: 'input' | 'output') => Json,
): Json[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: place,
    required: place === 'path' || required.has(name),
    schema: property,
  }));
}

function requestBodyOf(
  schema: z.ZodType,
  encoding: EndpointContract['request']['encoding'],
  schemaOf: (schema: z.ZodType, io: 'input' | 'output') => Json,
): Json {
  const json = schemaOf(schema, 'input');
  const types =
    encoding === 'multipart' ? ['multipart/form-data'] : ['application/json', 'application/x-www-form-urlencoded'];
  return { required: true, content: Object.fromEntries(types.map((type) => [type, { schema: json }])) };
}

function statusText(status: number): string {
  if (status === 201) return 'Created.';
  if (status < 300) return 'OK.';
  return 'Refused; the body says why.';
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      key === '$ref' && typeof inner === 'string'
        ? inner.replace('#/$defs/', '#/components/schemas/')
        : rewriteRefs(inner);
  }
  return out;
}
