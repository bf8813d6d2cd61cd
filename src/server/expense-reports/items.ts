import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { resolveCurrency } from '../../domain/currencies';
import { AppError } from '../../domain/errors';
import { usdAmount } from '../../domain/expense-reports/calculations';
import {
  type createMileageSchema,
  type expenseSchema,
  isRateOne,
  type mileageSchema,
} from '../../domain/expense-reports/schemas';
import { MESSAGES } from '../../domain/messages';
import { toDecimalString } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { categories, expenses, holdAccounts, mileage } from '../db/schema';
import { claimIdempotencyKey, type IdempotencyKey, rememberResource } from '../http/idempotency';
import { recordAudit } from '../journal/journal';
import { reportFor } from './access';
import { checkCategory, checkOwnHoldAccount, recomputeReport } from './recompute';
import { type ReportRow, serializeExpense, serializeMileage } from './serialize';

/**
 * Expenses and mileage trips of a draft report. Every change locks the report, checks that the
 * caller owns it and that it is not submitted, writes the item with the amount the server computes,
 * and recomputes the report's totals, all in one transaction.
 */
type ExpenseInput = z.output<typeof expenseSchema>;
type MileageInput = z.output<typeof mileageSchema>;

export const EXPENSE_NOT_FOUND = 'Expense not found.';
export const MILEAGE_NOT_FOUND = 'Mileage not found.';

async function checkExpenseInput(tx: Tx, report: ReportRow, input: ExpenseInput) {
  await checkCategory(tx, 'expense_code', input.expense_code, report.type === 'advance' ? 'advance' : 'expense');
  await checkOwnHoldAccount(tx, input.hold_account_id, report.userId);
}

/** Decision 22 (the schema already refused USD at another rate). */
function storedCurrency(input: ExpenseInput): string | null {
  const resolved = resolveCurrency(input.currency, isRateOne(input.exchange_rate));
  return 'currency' in resolved ? resolved.currency : null;
}

function expenseValues(input: ExpenseInput) {
  const fieldCurrency = toDecimalString(input.field_currency);
  return {
    date: input.date,
    expenseCode: input.expense_code,
    description: input.description ?? null,
    fieldCurrency,
    exchangeRate: input.exchange_rate,
    currency: storedCurrency(input),
    usdAmount: usdAmount(fieldCurrency, input.exchange_rate),
    holdAccountId: input.hold_account_id ?? null,
  };
}

async function expenseResponse(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ expense: expenses, category: categories, holdAccount: holdAccounts })
    .from(expenses)
    .leftJoin(categories, eq(categories.id, expenses.expenseCode))
    .leftJoin(holdAccounts, eq(holdAccounts.id, expenses.holdAccountId))
    .where(eq(expenses.id, id));
  if (!row) throw AppError.notFound(EXPENSE_NOT_FOUND);
  return serializeExpense(row.expense, row.category, row.holdAccount);
}

/** The item's report id, or 404 when there is no such item. */
async function reportIdOf(db: DbOrTx, table: typeof expenses | typeof mileage, id: number, notFound: string) {
  const [row] = await db.select({ reportId: table.expenseReportId }).from(table).where(eq(table.id, id));
  if (!row) throw AppError.notFound(notFound);
  return row.reportId;
}

export async function createExpense(
  ctx: AppContext,
  actor: AuthUser,
  input: ExpenseInput & { expense_report_id: number },
  idempotency: IdempotencyKey | null = null,
) {
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    // A retried request (same Idempotency-Key and body) answers with the expense the first one made.
    const prior = idempotency ? await claimIdempotencyKey(tx, actor.id, idempotency, now) : null;
    if (prior !== null) return prior;
    const report = await reportFor(tx, input.expense_report_id, 'edit', actor, { lock: true });
    await checkExpenseInput(tx, report, input);
    const [row] = await tx
      .insert(expenses)
      .values({ ...expenseValues(input), expenseReportId: report.id, createdAt: now, updatedAt: now })
      .returning({ id: expenses.id });
    await recomputeReport(tx, report, now);
    if (idempotency) await rememberResource(tx, actor.id, idempotency.key, row.id);
    return row.id;
  });
  return expenseResponse(ctx.db, id);
}

export async function updateExpense(ctx: AppContext, actor: AuthUser, id: number, input: ExpenseInput) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const reportId = await reportIdOf(tx, expenses, id, EXPENSE_NOT_FOUND);
    const report = await reportFor(tx, reportId, 'edit', actor, { lock: true });
    await checkExpenseInput(tx, report, input);
    await tx
      .update(expenses)
      .set({ ...expenseValues(input), updatedAt: now })
      .where(eq(expenses.id, id));
    await recomputeReport(tx, report, now);
  });
  return expenseResponse(ctx.db, id);
}

export async function deleteExpense(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const reportId = await reportIdOf(tx, expenses, id, EXPENSE_NOT_FOUND);
    const report = await reportFor(tx, reportId, 'edit', actor, { lock: true });
    const gone = await expenseResponse(tx, id);
    await tx.delete(expenses).where(eq(expenses.id, id));
    await recomputeReport(tx, report, now);
    await recordAudit(tx, { actorId: actor.id, action: 'delete', entityType: 'expense', entityId: id, details: gone });
    return gone;
  });
}

/** GET /expense/{id}: the owner or staff. */
export async function getExpense(ctx: AppContext, actor: AuthUser, id: number) {
  const reportId = await reportIdOf(ctx.db, expenses, id, EXPENSE_NOT_FOUND);
  await reportFor(ctx.db, reportId, 'view', actor);
  return expenseResponse(ctx.db, id);
}

async function mileageResponse(db: DbOrTx, id: number, distanceType: string) {
  const [row] = await db
    .select({ trip: mileage, category: categories })
    .from(mileage)
    .leftJoin(categories, eq(categories.id, mileage.type))
    .where(eq(mileage.id, id));
  if (!row) throw AppError.notFound(MILEAGE_NOT_FOUND);
  return serializeMileage(row.trip, row.category, distanceType);
}

async function checkMileageInput(tx: Tx, report: ReportRow, input: MileageInput) {
  if (report.distanceType === 'none') throw AppError.field('distance_type', MESSAGES.distanceTypeRequired);
  await checkCategory(tx, 'type', input.type, 'mileage');
}

function mileageValues(input: MileageInput) {
  const bothReadings = input.odometer_start !== undefined && input.odometer_end !== undefined;
  return {
    date: input.date,
    type: input.type ?? null,
    odometerStart: bothReadings ? input.odometer_start! : null,
    odometerEnd: bothReadings ? input.odometer_end! : null,
    totalDistance: input.trip_distance,
    // The cost is set by recomputeReport from the distance, the report's unit and the current rate.
    totalCost: 0,
  };
}

export async function createMileage(
  ctx: AppContext,
  actor: AuthUser,
  input: z.output<typeof createMileageSchema>,
  idempotency: IdempotencyKey | null = null,
) {
  const now = ctx.clock.now();
  const [id, distanceType] = await ctx.db.transaction(async (tx) => {
    // A retried request (same Idempotency-Key and body) answers with the trip the first one made.
    const prior = idempotency ? await claimIdempotencyKey(tx, actor.id, idempotency, now) : null;
    if (prior !== null) {
      const [trip] = await tx.select({ reportId: mileage.expenseReportId }).from(mileage).where(eq(mileage.id, prior));
      const report = await reportFor(tx, trip?.reportId ?? input.expense_report_id, 'view', actor);
      return [prior, report.distanceType] as const;
    }
    const report = await reportFor(tx, input.expense_report_id, 'edit', actor, { lock: true });
    await checkMileageInput(tx, report, input);
    const [row] = await tx
      .insert(mileage)
      .values({ ...mileageValues(input), expenseReportId: report.id, createdAt: now, updatedAt: now })
      .returning({ id: mileage.id });
    await recomputeReport(tx, report, now);
    if (idempotency) await rememberResource(tx, actor.id, idempotency.key, row.id);
    return [row.id, report.distanceType] as const;
  });
  return mileageResponse(ctx.db, id, distanceType);
}

export async function updateMileage(ctx: AppContext, actor: AuthUser, id: number, input: MileageInput) {
  const now = ctx.clock.now();
  const distanceType = await ctx.db.transaction(async (tx) => {
    const reportId = await reportIdOf(tx, mileage, id, MILEAGE_NOT_FOUND);
    const report = await reportFor(tx, reportId, 'edit', actor, { lock: true });
    await checkMileageInput(tx, report, input);
    await tx
      .update(mileage)
      .set({ ...mileageValues(input), updatedAt: now })
      .where(eq(mileage.id, id));
    await recomputeReport(tx, report, now);
    return report.distanceType;
  });
  return mileageResponse(ctx.db, id, distanceType);
}

export async function deleteMileage(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const reportId = await reportIdOf(tx, mileage, id, MILEAGE_NOT_FOUND);
    const report = await reportFor(tx, reportId, 'edit', actor, { lock: true });
    const gone = await mileageResponse(tx, id, report.distanceType);
    await tx.delete(mileage).where(eq(mileage.id, id));
    await recomputeReport(tx, report, now);
    await recordAudit(tx, { actorId: actor.id, action: 'delete', entityType: 'mileage', entityId: id, details: gone });
    return gone;
  });
}

export async function getMileage(ctx: AppContext, actor: AuthUser, id: number) {
  const reportId = await reportIdOf(ctx.db, mileage, id, MILEAGE_NOT_FOUND);
  const report = await reportFor(ctx.db, reportId, 'view', actor);
  return mileageResponse(ctx.db, id, report.distanceType);
}
