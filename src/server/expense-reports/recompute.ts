import { and, asc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { mileageCost, reportTotals, unreimbursedOf } from '../../domain/expense-reports/calculations';
import { parseDecimal } from '../../domain/money';
import type { DbOrTx } from '../db/client';
import { categories, expenseReports, expenses, holdAccounts, mileage } from '../db/schema';
import { loadSettings } from '../settings/settings';
import type { ReportRow } from './serialize';

/**
 * The server is the authority for every stored amount: after any change to a draft report its
 * mileage costs (at the current mileage_reimbursement rate and the report's unit), total,
 * unreimbursed amount and start/end dates are computed again from the items.
 */
export async function recomputeReport(tx: DbOrTx, report: ReportRow, now: Date): Promise<ReportRow> {
  const trips = await tx.select().from(mileage).where(eq(mileage.expenseReportId, report.id));
  if (report.distanceType !== 'none' && trips.length > 0) {
    const rate = (await loadSettings(tx)).mileageReimbursement;
    for (const trip of trips) {
      const distance = parseDecimal(trip.totalDistance);
      if (!distance) continue;
      const cost = mileageCost(distance, report.distanceType as 'km' | 'mi', rate);
      if (cost !== trip.totalCost) {
        await tx.update(mileage).set({ totalCost: cost, updatedAt: now }).where(eq(mileage.id, trip.id));
        trip.totalCost = cost;
      }
    }
  }
  const items = await tx
    .select({ date: expenses.date, amount: expenses.usdAmount })
    .from(expenses)
    .where(eq(expenses.expenseReportId, report.id));
  const totals = reportTotals(
    items,
    trips.map((trip) => ({ date: trip.date, amount: trip.totalCost })),
  );
  const [updated] = await tx
    .update(expenseReports)
    .set({
      totalAmount: totals.totalAmount,
      unreimbursedAmount: unreimbursedOf({
        type: report.type as 'reimbursement' | 'advance',
        totalAmount: totals.totalAmount,
      }),
      startDate: totals.startDate,
      endDate: totals.endDate,
      updatedAt: now,
    })
    .where(eq(expenseReports.id, report.id))
    .returning();
  return updated;
}

/** The category of an expense or trip must exist and be meant for that use. */
export async function checkCategory(
  tx: DbOrTx,
  field: string,
  id: number | undefined,
  use: 'expense' | 'advance' | 'mileage',
): Promise<void> {
  if (id === undefined) return;
  const [row] = await tx.select().from(categories).where(eq(categories.id, id));
  if (!row?.[use]) {
    const what = use === 'expense' ? 'an expense' : use === 'advance' ? 'an advance' : 'a mileage';
    throw AppError.field(field, `Choose ${what} category from the list.`);
  }
}

export const OWN_HOLD_ACCOUNT = 'Choose one of your own hold accounts.';

/** A hold account chosen on an expense or advance must be one of the owner's active accounts. */
export async function checkOwnHoldAccount(tx: DbOrTx, id: number | undefined, ownerId: number): Promise<void> {
  if (id === undefined) return;
  const [row] = await tx
    .select({ id: holdAccounts.id })
    .from(holdAccounts)
    .where(and(eq(holdAccounts.id, id), eq(holdAccounts.userId, ownerId), isNull(holdAccounts.archivedAt)));
  if (!row) throw AppError.field('hold_account_id', OWN_HOLD_ACCOUNT);
}

/** GET /user/{id}/hold-accounts: the choices for the hold account of an expense or advance. */
export async function holdAccountChoices(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: holdAccounts.id, fundName: holdAccounts.fundName })
    .from(holdAccounts)
    .where(and(eq(holdAccounts.userId, userId), isNull(holdAccounts.archivedAt)))
    .orderBy(asc(holdAccounts.fundName), asc(holdAccounts.id));
  return rows.map((row) => ({ id: row.id, fund_name: row.fundName }));
}
