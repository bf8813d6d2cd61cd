import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { parse } from './validate';

export const PAGE_SIZES = [10, 30, 50, 100] as const;
const MAX_LIMIT = 500;

export interface ListQuery<K extends string> {
  page: number;
  limit: number;
  orderBy: K;
  order: 'asc' | 'desc';
  q: string | null;
}

/**
 * Reads `page` (zero-based), `limit`, `order_by`, `order`, `q` from a query string. `order_by`
 * must be one of the whitelisted keys; anything else is a 422, never raw SQL.
 */
export function parseListQuery<K extends string>(
  query: unknown,
  sortable: readonly K[],
  defaults: { limit?: number; orderBy?: K; order?: 'asc' | 'desc' } = {},
): ListQuery<K> {
  const schema = z.object({
    page: z.coerce.number().int('Page must be a whole number.').min(0, 'Page cannot be negative.').default(0),
    limit: z.coerce
      .number()
      .int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.')
      .max(MAX_LIMIT, `Limit cannot exceed ${MAX_LIMIT}.`)
      .default(defaults.limit ?? 10),
    order_by: z
      .enum(sortable as unknown as [K, ...K[]], { message: `Sort by one of: ${sortable.join(', ')}.` })
      .default(defaults.orderBy ?? (sortable.includes('id' as K) ? ('id' as K) : sortable[0])),
    order: z
      .string()
      .transform((value) => value.toLowerCase())
      .pipe(z.enum(['asc', 'desc'], { message: 'Order must be asc or desc.' }))
      .default(defaults.order ?? 'desc'),
    q: z
      .string()
      .optional()
      .transform((value) => (value && value.trim() !== '' ? value.trim().toLowerCase() : null)),
  });
  const parsed = parse(schema, emptyToUndefined(query));
  return { page: parsed.page, limit: parsed.limit, orderBy: parsed.order_by, order: parsed.order, q: parsed.q };
}

function emptyToUndefined(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== '' && value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

/** ORDER BY the chosen column, then id so pages never overlap on ties. */
export function orderOf(column: AnyColumn | SQL, order: 'asc' | 'desc', tieBreaker: AnyColumn): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(column), direction(tieBreaker)];
}

/** Escape a search term for LIKE patterns. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export interface Page<T> {
  data: T[];
  total_count: number;
}
