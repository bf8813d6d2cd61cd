import { z } from 'zod';

/** Page sizes the lists offer. */
export const PAGE_SIZES = [10, 30, 50, 100] as const;
/** Decision 18: a page never holds more than 100 rows; a larger `limit` is capped, not refused. */
export const MAX_LIMIT = 100;
/** Beyond this a page number is nonsense (and its OFFSET would overflow): refused with 422. */
export const MAX_PAGE = 10_000_000;

function emptyToUndefined(query: unknown): unknown {
  if (typeof query !== 'object' || query === null) return query;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== '' && value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

/**
 * The query of a paginated list: `page` (zero-based), `limit`, `order_by` (one of the whitelisted
 * keys; anything else is a 422, never raw SQL), `order`, `q` (trimmed, lower-cased, null when
 * blank), plus the list's own filters. Blank values count as absent.
 */
export function listQuerySchema<K extends string, F extends z.ZodRawShape = Record<never, never>>(
  sortable: readonly [K, ...K[]],
  defaults: { limit?: number; orderBy?: K; order?: 'asc' | 'desc' } = {},
  filters?: F,
) {
  const base = {
    page: z.coerce
      .number()
      .int('Page must be a whole number.')
      .min(0, 'Page cannot be negative.')
      .max(MAX_PAGE, `Page cannot exceed ${MAX_PAGE}.`)
      .default(0),
    limit: z.coerce
      .number()
      .int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.')
      .transform((limit) => Math.min(limit, MAX_LIMIT))
      .default(defaults.limit ?? 10),
    order_by: z
      .enum(sortable, { message: `Sort by one of: ${sortable.join(', ')}.` })
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
    /** Keyset continuation: the `next_cursor` or `prev_cursor` of the page before (opaque). */
    cursor: z.string().max(2000, 'Cursor is not valid; reload the list.').optional(),
  };
  return z.preprocess(emptyToUndefined, z.object({ ...base, ...(filters ?? ({} as F)) }));
}

/** 0/1 (or true/false) in a query string; absent or blank means "no filter". */
export function queryFlag(label: string) {
  return z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : String(value)),
    z
      .enum(['0', '1', 'true', 'false'], { error: `${label} must be 0 or 1.` })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  );
}
