import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { type Cents, sum, toDollars } from '../../domain/money';
import type { PayoutMethod } from '../../domain/payments/bank-details';
import { batchTotals, HOLD_REASONS, type HoldCode } from '../../domain/payments/batch-plan';
import type { TPaymentBatch, TPaymentBatchRow, TPaymentLine } from '../../domain/payments/contract';
import type { LineStatus } from '../../domain/payments/line-status';
import { returnLabel } from '../../domain/payments/returns';
import type { DbOrTx } from '../db/client';
import { paymentBatches, paymentLineItems, paymentLines, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import type { ListQuery } from '../http/pagination';
import { orderOf } from '../http/pagination';

export const BATCH_NOT_FOUND = 'Payment batch not found.';

type BatchRow = typeof paymentBatches.$inferSelect;

export interface LineRow {
  id: number;
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  amount: Cents;
  method: PayoutMethod;
  currency: string | null;
  maskedAccount: string | null;
  status: LineStatus;
  heldCode: HoldCode | null;
  detailsVersion: number;
  returnCode: string | null;
  returnDate: string | null;
}

export async function batchLines(db: DbOrTx, batchId: number): Promise<LineRow[]> {
  const rows = await db
    .select({
      id: paymentLines.id,
      userId: paymentLines.userId,
      userName: users.name,
      missionaryNumber: users.missionaryNumber,
      amount: paymentLines.amount,
      method: paymentLines.method,
      currency: paymentLines.currency,
      maskedAccount: paymentLines.maskedAccount,
      status: paymentLines.status,
      heldCode: paymentLines.heldCode,
      detailsVersion: paymentLines.detailsVersion,
      returnCode: paymentLines.returnCode,
      returnDate: paymentLines.returnDate,
    })
    .from(paymentLines)
    .innerJoin(users, eq(users.id, paymentLines.userId))
    .where(eq(paymentLines.batchId, batchId))
    .orderBy(asc(users.name), asc(paymentLines.id));
  return rows.map((row) => ({
    ...row,
    method: row.method as PayoutMethod,
    status: row.status as LineStatus,
    heldCode: row.heldCode as HoldCode | null,
  }));
}

/** Which files a batch has: ACH when it pays or prenotes by ACH, wires, checks (docs/payments.md "Release"). */
export function fileKindsOf(lines: ReadonlyArray<Pick<LineRow, 'method' | 'status'>>) {
  const sends = (line: Pick<LineRow, 'status'>) => line.status === 'paid' || line.status === 'returned';
  const kinds: Array<'nacha' | 'pain001' | 'checks'> = [];
  if (lines.some((l) => l.method === 'ach' && (sends(l) || l.status === 'prenote'))) kinds.push('nacha');
  if (lines.some((l) => l.method === 'wire' && sends(l))) kinds.push('pain001');
  if (lines.some((l) => l.method === 'check' && sends(l))) kinds.push('checks');
  return kinds;
}

export const FILE_EXTENSIONS = { nacha: 'ach.txt', pain001: 'pain001.xml', checks: 'checks.csv' } as const;

export function batchFileName(batchId: number, kind: keyof typeof FILE_EXTENSIONS): string {
  return `payment-batch-${batchId}-${FILE_EXTENSIONS[kind]}`;
}

/** What a batch pays: the lines that go to the bank (pending in a draft, paid or returned after release). */
export function payingTotal(lines: ReadonlyArray<Pick<LineRow, 'status' | 'amount'>>): Cents {
  return sum(
    lines.filter((l) => l.status === 'pending' || l.status === 'paid' || l.status === 'returned').map((l) => l.amount),
  );
}

export async function readBatch(db: DbOrTx, id: number): Promise<TPaymentBatch> {
  const [batch] = await db.select().from(paymentBatches).where(eq(paymentBatches.id, id));
  if (!batch) throw AppError.notFound(BATCH_NOT_FOUND);
  const lines = await batchLines(db, id);
  const items = lines.length
    ? await db
        .select({
          lineId: paymentLineItems.lineId,
          distributionId: paymentLineItems.distributionId,
          reportId: paymentLineItems.expenseReportId,
        })
        .from(paymentLineItems)
        .where(
          inArray(
            paymentLineItems.lineId,
            lines.map((l) => l.id),
          ),
        )
        .orderBy(asc(paymentLineItems.id))
    : [];
  const [releaser] = batch.releasedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, batch.releasedBy))
    : [];
  return serializeBatch(batch, lines, items, releaser?.name ?? null);
}

function serializeBatch(
  batch: BatchRow,
  lines: LineRow[],
  items: Array<{ lineId: number; distributionId: number | null; reportId: number | null }>,
  releasedBy: string | null,
): TPaymentBatch {
  const serializedLines: TPaymentLine[] = lines.map((line) => {
    const own = items.filter((item) => item.lineId === line.id);
    return {
      id: line.id,
      user_id: line.userId,
      user_name: line.userName,
      missionary_number: line.missionaryNumber,
      amount: toDollars(line.amount),
      method: line.method,
      currency: line.currency,
      masked_account: line.maskedAccount,
      held: line.status === 'held',
      held_reason: line.status === 'held' && line.heldCode ? HOLD_REASONS[line.heldCode] : null,
      status: line.status,
      distribution_ids: own.flatMap((item) => (item.distributionId === null ? [] : [item.distributionId])),
      report_ids: own.flatMap((item) => (item.reportId === null ? [] : [item.reportId])),
      return_code: line.returnCode,
      return_reason: line.returnCode ? returnLabel(line.returnCode) : null,
      return_date: line.returnDate,
    };
  });
  const released = batch.status === 'released';
  return {
    id: batch.id,
    status: batch.status as TPaymentBatch['status'],
    mat_date: batch.matDate,
    effective_date: batch.effectiveDate,
    total: toDollars(payingTotal(lines)),
    totals: batchTotals(lines).map((t) => ({ ...t, amount: toDollars(t.amount) })),
    held_count: lines.filter((l) => l.status === 'held').length,
    prenote_count: lines.filter((l) => l.status === 'prenote').length,
    returned_total: toDollars(sum(lines.filter((l) => l.status === 'returned').map((l) => l.amount))),
    created_at: batch.createdAt.toISOString(),
    released_at: batch.releasedAt ? batch.releasedAt.toISOString() : null,
    released_by: releasedBy,
    files: released
      ? fileKindsOf(lines).map((kind) => ({
          kind,
          filename: batchFileName(batch.id, kind),
          path: `/api/payment-batches/${batch.id}/${kind}`,
        }))
      : [],
    lines: serializedLines,
  };
}

const SORT_COLUMNS = { id: paymentBatches.id, mat_date: paymentBatches.matDate, created_at: paymentBatches.createdAt };

/** GET /payment-batches: one page, newest first by default, with each batch's total and held lines. */
export async function listBatches(
  db: DbOrTx,
  query: ListQuery<keyof typeof SORT_COLUMNS>,
): Promise<{ data: TPaymentBatchRow[]; total_count: number }> {
  const paying = sql`coalesce(sum(${paymentLines.amount}) filter (where ${paymentLines.status} in ('pending', 'paid', 'returned')), 0)`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        batch: paymentBatches,
        total: sql<string>`${paying}::text`,
        lineCount: sql<number>`count(${paymentLines.id})::int`,
        heldCount: sql<number>`(count(${paymentLines.id}) filter (where ${paymentLines.status} = 'held'))::int`,
      })
      .from(paymentBatches)
      .leftJoin(paymentLines, eq(paymentLines.batchId, paymentBatches.id))
      .groupBy(paymentBatches.id)
      .orderBy(...orderOf(SORT_COLUMNS[query.orderBy], query.order, paymentBatches.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db.select({ total: count() }).from(paymentBatches),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.batch.id,
      status: row.batch.status as TPaymentBatchRow['status'],
      mat_date: row.batch.matDate,
      effective_date: row.batch.effectiveDate,
      total: toDollars(centsFromDatabase(row.total)),
      line_count: Number(row.lineCount),
      held_count: Number(row.heldCount),
      created_at: row.batch.createdAt.toISOString(),
      released_at: row.batch.releasedAt ? row.batch.releasedAt.toISOString() : null,
    })),
    total_count: total,
  };
}
