import { desc, eq, sql } from 'drizzle-orm';
import {
  type ColumnMapping,
  type ColumnRole,
  checkMapping,
  headerSignature,
  normalizeMapping,
  planColumns,
} from '../../domain/donations/columns';
import type { TColumnMapping } from '../../domain/donations/contract';
import { AppError } from '../../domain/errors';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { donationColumnMappings } from '../db/schema';
import { MAX_LIST_ROWS } from '../http/pagination';
import { recordAudit } from '../journal/journal';

/**
 * Column mappings remembered per header signature (decision 24, docs/decisions.md): the office maps an
 * unknown layout once; the next file with the same headers is read with it.
 */
type MappingRow = typeof donationColumnMappings.$inferSelect;

export function serializeMapping(row: MappingRow): TColumnMapping {
  return {
    id: row.id,
    headers: row.headers,
    columns: row.columns as Record<string, ColumnRole>,
    amount_column: row.amountColumn,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findMapping(db: DbOrTx, headers: readonly string[]): Promise<MappingRow | null> {
  const [row] = await db
    .select()
    .from(donationColumnMappings)
    .where(eq(donationColumnMappings.headerSignature, headerSignature(headers)));
  return row ?? null;
}

/**
 * The mapping's problems against the file's headers: unknown headers or meanings, and a plan
 * that still cannot read the file (no amount, no fund/Account #/Missionary, a role twice).
 */
export function mappingErrors(
  headers: readonly string[],
  columns: Readonly<Record<string, ColumnRole>>,
  amountColumn: string | null,
): string[] {
  const errors = checkMapping(headers, columns);
  if (errors.length > 0) return errors;
  return planColumns(headers, normalizeMapping(columns), amountColumn).errors;
}

/** Remembers (or replaces) the mapping for these headers, in the caller's transaction. */
export async function upsertMapping(
  db: DbOrTx,
  actor: AuthUser,
  now: Date,
  input: { headers: readonly string[]; columns: Readonly<Record<string, ColumnRole>>; amountColumn: string | null },
): Promise<MappingRow> {
  const headers = input.headers.map((header) => header.trim());
  const columns: ColumnMapping = normalizeMapping(input.columns);
  const values = {
    headerSignature: headerSignature(headers),
    headers,
    columns,
    amountColumn: input.amountColumn,
    updatedBy: actor.id,
    updatedAt: now,
  };
  const [row] = await db
    .insert(donationColumnMappings)
    .values(values)
    .onConflictDoUpdate({
      target: donationColumnMappings.headerSignature,
      set: {
        headers: values.headers,
        columns: values.columns,
        amountColumn: values.amountColumn,
        updatedBy: values.updatedBy,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row;
}

/** POST /donation/column-mapping. */
export async function saveMapping(
  ctx: AppContext,
  actor: AuthUser,
  body: { headers: string[]; columns: Record<string, ColumnRole>; amount_column: string | null },
) {
  const errors = mappingErrors(body.headers, body.columns, body.amount_column);
  if (errors.length > 0) throw new AppError('validation', errors[0], { columns: errors });
  return ctx.db.transaction(async (tx) => {
    const row = await upsertMapping(tx, actor, ctx.clock.now(), {
      headers: body.headers,
      columns: body.columns,
      amountColumn: body.amount_column,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entityType: 'donation_column_mapping',
      entityId: row.id,
      details: { headers: row.headers, columns: row.columns, amount_column: row.amountColumn },
    });
    return serializeMapping(row);
  });
}

/** GET /donation/column-mappings: newest first, at most MAX_LIST_ROWS (decision 18). */
export async function listMappings(db: DbOrTx) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(donationColumnMappings)
      .orderBy(desc(donationColumnMappings.updatedAt), desc(donationColumnMappings.id))
      .limit(MAX_LIST_ROWS),
    db.select({ total: sql<number>`count(*)::int` }).from(donationColumnMappings),
  ]);
  return { rows: rows.map(serializeMapping), total: Number(total) };
}

/** DELETE /donation/column-mapping/{id}. */
export async function deleteMapping(ctx: AppContext, actor: AuthUser, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.delete(donationColumnMappings).where(eq(donationColumnMappings.id, id)).returning();
    if (!row) throw AppError.notFound('Column mapping not found.');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'donation_column_mapping',
      entityId: row.id,
      details: { headers: row.headers },
    });
    return { id: row.id, success: true, message: 'Column mapping deleted.' };
  });
}
