import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TAccountableFlag } from '../../domain/accountable-plan/contract';
import { type AdvanceFacts, accountableFlags, type ExpenseFacts } from '../../domain/accountable-plan/rules';
import { type IsoDate, isoDateOf } from '../../domain/dates';
import { toDollars } from '../../domain/money';
import type { DbOrTx } from '../db/client';
import { advanceRequests, distributions, expenseReports, expenses, users } from '../db/schema';

/** A report's submission day while it is submitted or returned (decision 20 keeps date_submitted). */
function submittedOn(report: { submitted: boolean | null; returnedAt: Date | null; dateSubmitted: string | null }) {
  return report.submitted || report.returnedAt !== null ? report.dateSubmitted : null;
}

async function openAdvances(db: DbOrTx, userId: number | undefined): Promise<AdvanceFacts[]> {
  const rows = await db
    .select({
      id: advanceRequests.id,
      userId: advanceRequests.userId,
      status: advanceRequests.status,
      archivedAt: advanceRequests.archivedAt,
      amountApproved: advanceRequests.amountApproved,
      distAmountApproved: advanceRequests.distAmountApproved,
      approvedAt: distributions.approvedAt,
      submitted: expenseReports.submitted,
      returnedAt: expenseReports.returnedAt,
      dateSubmitted: expenseReports.dateSubmitted,
    })
    .from(advanceRequests)
    .innerJoin(distributions, eq(distributions.id, advanceRequests.distributionId))
    .leftJoin(expenseReports, eq(expenseReports.id, advanceRequests.expenseReportId))
    .where(
      and(
        inArray(advanceRequests.status, ['approved', 'submitted']),
        isNull(advanceRequests.archivedAt),
        eq(distributions.status, 'approved'),
        userId === undefined ? undefined : eq(advanceRequests.userId, userId),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    status: row.status as AdvanceFacts['status'],
    archived: row.archivedAt !== null,
    amount: row.distAmountApproved ?? row.amountApproved ?? 0,
    paidOn: row.distAmountApproved !== null && row.approvedAt ? isoDateOf(row.approvedAt) : null,
    reportSubmittedOn: submittedOn(row),
  }));
}

async function openExpenses(db: DbOrTx, userId: number | undefined, today: IsoDate): Promise<ExpenseFacts[]> {
  // Only lines already past the limit on any reading: dated more than 60 days before today.
  const rows = await db
    .select({
      id: expenses.id,
      userId: expenseReports.userId,
      expenseReportId: expenses.expenseReportId,
      date: expenses.date,
      amount: expenses.usdAmount,
      submitted: expenseReports.submitted,
      returnedAt: expenseReports.returnedAt,
      dateSubmitted: expenseReports.dateSubmitted,
    })
    .from(expenses)
    .innerJoin(expenseReports, eq(expenseReports.id, expenses.expenseReportId))
    .where(
      and(
        eq(expenseReports.processed, false),
        isNull(expenseReports.archivedAt),
        sql`${expenses.date} < ${today}::date - 60`,
        userId === undefined ? undefined : eq(expenseReports.userId, userId),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    expenseReportId: row.expenseReportId,
    date: row.date,
    amount: row.amount,
    processed: false,
    submittedOn: submittedOn(row),
  }));
}

/** The accountable-plan flags on `today` (one user's, or everyone's), with the owners' names. */
export async function readAccountableFlags(
  db: DbOrTx,
  today: IsoDate,
  userId: number | undefined,
): Promise<TAccountableFlag[]> {
  const flags = accountableFlags(await openAdvances(db, userId), await openExpenses(db, userId, today), today);
  const ids = [...new Set(flags.map((f) => f.userId))];
  const names =
    ids.length === 0
      ? new Map<number, string>()
      : new Map(
          (await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => [
            u.id,
            u.name,
          ]),
        );
  return flags.map((f) => ({
    kind: f.kind,
    user_id: f.userId,
    user_name: names.get(f.userId) ?? '',
    days: f.days,
    limit_days: f.limitDays,
    advance_id: f.advanceId,
    expense_report_id: f.expenseReportId,
    expense_id: f.expenseId,
    since: f.since,
    amount: toDollars(f.amount),
    message: f.message,
  }));
}
