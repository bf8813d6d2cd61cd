import fc from 'fast-check';
import type { z } from 'zod';
import type { EndpointContract } from '../../domain/contract';
import type { AnyRoute } from '../http/routes';

/**
 * Requests for the fuzz test, derived from each route's contract (src/domain/*\/contract.ts):
 * the fields of its params, query and body schemas get valid values (an enum's options, numbers,
 * dates, text), boundary values (0, -1, 2^31 − 1, 2^31, ±999,999,999.99 and one cent past it,
 * 1900-01-01, 2100-12-31) and hostile ones (NUL, 100,000 characters, huge numbers, bad dates, wrong
 * types, markup and SQL); whole bodies may be the wrong shape or malformed multipart.
 */

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def | null => ((schema as { _zod?: { def?: Def } })?._zod?.def ?? null) as Def | null;

/** The schema behind preprocess/optional/default/nullable/catch wrappers (the output side of a pipe). */
function unwrap(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (!def || depth > 20) return schema;
  if (def.type === 'pipe') {
    const out = unwrap(def.out, depth + 1);
    const outDef = defOf(out);
    return outDef && outDef.type !== 'transform' ? out : unwrap(def.in, depth + 1);
  }
  if (['optional', 'default', 'nullable', 'catch', 'prefault', 'readonly', 'nonoptional'].includes(def.type)) {
    return unwrap(def.innerType, depth + 1);
  }
  return schema;
}

/** The field names and their schemas of an object schema (after unwrapping), else none. */
export function fieldsOf(schema: z.ZodType | undefined): Array<[string, unknown]> {
  const def = defOf(unwrap(schema));
  if (!def) return [];
  if (def.type === 'object') return Object.entries(def.shape as Record<string, unknown>);
  if (def.type === 'union' || def.type === 'intersection') {
    const parts = (def.options as unknown[] | undefined) ?? [def.left, def.right];
    return parts.flatMap((part) => fieldsOf(part as z.ZodType));
  }
  return [];
}

const MAX_ID = 2_147_483_647;
export const HOSTILE: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(100_000),
  '9'.repeat(400),
  '-9'.repeat(50),
  '1e999',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '١٢٣',
  ' ',
  '',
  '0000-00-00',
  '0000-01-01',
  '1899-12-31',
  '2101-01-01',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01',
  '12/31/2026',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\uD800',
  '=cmd|calc!A1',
  0,
  -1,
  MAX_ID,
  MAX_ID + 1,
  2 ** 53 + 1,
  1e308,
  -1e308,
  999_999_999.99,
  1_000_000_000,
  -1_000_000_000,
  0.001,
  true,
  false,
  null,
  [],
  [1, 2],
  {},
  { nested: { deeper: '\u0000' } },
];

function validValue(schema: unknown): fc.Arbitrary<unknown> {
  const inner = unwrap(schema);
  const def = defOf(inner);
  switch (def?.type) {
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constantFrom(0, 1, MAX_ID));
    case 'boolean':
      return fc.constantFrom(0, 1, true, false, '0', '1');
    case 'array':
      return fc.array(validValue(def.element), { maxLength: 3 });
    case 'object':
      return objectOf(fieldsOf(inner as z.ZodType));
    default:
      // Form fields are text on the wire: dates, amounts, ids and words all arrive as strings.
      return fc.oneof(
        fc.constantFrom('1900-01-01', '2026-11-21', '2100-12-31', '12.34', '999999999.99', '1000000000.00', '-0.01'),
        fc.integer({ min: -1000, max: 100_000 }).map(String),
        fc.string({ maxLength: 40 }),
      );
  }
}

function fieldValue(schema: unknown): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
}

function objectOf(fields: Array<[string, unknown]>): fc.Arbitrary<Record<string, unknown>> {
  if (fields.length === 0)
    return fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE), { maxKeys: 3 });
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, schema] of fields) record[name] = fieldValue(schema);
  return fc.record(record, { requiredKeys: [] });
}

export interface FuzzRequest {
  url: string;
  query: Record<string, string>;
  /** A JSON value, form fields, or raw multipart bytes. */
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'form'; value: Record<string, string> }
    | { kind: 'multipart'; fields: Record<string, string>; file?: Buffer }
    | { kind: 'raw'; contentType: string; payload: string };
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

function textFields(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)]));
}

const MALFORMED_MULTIPART: ReadonlyArray<[string, string]> = [
  ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end'],
  ['multipart/form-data; boundary=b', '--b\r\nContent-Dispositio\r\n\r\nx\r\n--b--\r\n'],
  ['multipart/form-data', 'no boundary at all'],
  ['multipart/form-data; boundary=b', '\u0000\u0001\u0002'],
  ['application/json', '{"unterminated": '],
  ['application/json', '"a string, not an object"'],
  ['application/x-www-form-urlencoded', '%E0%A4%A=%%%&&=&a=\u0000'],
  ['text/plain', 'hello'],
];

/** Requests for one route: params, query and body from its contract, good, boundary and hostile. */
export function requestsFor(route: AnyRoute): fc.Arbitrary<FuzzRequest> {
  const contract: EndpointContract = route.contract;
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const paramSchemas = new Map(fieldsOf(contract.request.params));
  const params = fc.tuple(
    ...paramNames.map((name) =>
      fc.oneof(
        { weight: 3, arbitrary: validValue(paramSchemas.get(name)).map(asText) },
        { weight: 2, arbitrary: fc.constantFrom('1', '0', '-1', String(MAX_ID), String(MAX_ID + 1), '9'.repeat(30)) },
        { weight: 1, arbitrary: fc.constantFrom('abc', '%00', '1.5', '%20', 'x'.repeat(2000)) },
      ),
    ),
  );
  const query = objectOf(fieldsOf(contract.request.query)).map(textFields);
  const fields = objectOf(fieldsOf(contract.request.body));
  const hasBody = route.method !== 'GET';
  const body: fc.Arbitrary<FuzzRequest['body']> = hasBody
    ? fc.oneof(
        { weight: 4, arbitrary: fields.map((value) => ({ kind: 'json' as const, value })) },
        { weight: 2, arbitrary: fields.map((value) => ({ kind: 'form' as const, value: textFields(value) })) },
        {
          weight: contract.request.encoding === 'multipart' ? 3 : 1,
          arbitrary: fc
            .tuple(fields, fc.option(fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b))))
            .map(([value, file]) => ({
              kind: 'multipart' as const,
              fields: textFields(value),
              file: file ?? undefined,
            })),
        },
        { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }).map((value) => ({ kind: 'json' as const, value })) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...MALFORMED_MULTIPART)
            .map(([contentType, payload]) => ({ kind: 'raw' as const, contentType, payload })),
        },
      )
    : fc.constant({ kind: 'none' as const });
  return fc.record({ params, query, body }).map(({ params: values, query: q, body: b }) => {
    let index = 0;
    const url = route.url.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(values[index++] ?? ''));
    return { url: `/api${url}`, query: q, body: b };
  });
}
