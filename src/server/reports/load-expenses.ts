import { and, between, eq } from 'drizzle-orm';
import { reportStatus } from '../../domain/expense-reports/states';
import { REPORT_STATUS_LABELS } from '../../domain/expense-reports/status-labels';
import type { ExpenseLine } from '../../domain/reports/field-worker-expenses';
import type { DbOrTx } from '../db/client';
import { categories, expenseReports, expenses, holdAccounts, mileage, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { COLLATOR } from './load-distributions';

/**
 * Every expense and mileage line dated from `from` to `to` (inclusive) of every submitted report
 * (processed or not, archived included). Drafts are left out: they are not reports yet.
 */
export async function loadExpenseLines(db: DbOrTx, from: string, to: string): Promise<ExpenseLine[]> {
  const reportColumns = {
    reportId: expenseReports.id,
    reportType: expenseReports.type,
    submitted: expenseReports.submitted,
    processed: expenseReports.processed,
    archivedAt: expenseReports.archivedAt,
    dateSubmitted: expenseReports.dateSubmitted,
    distanceType: expenseReports.distanceType,
    userName: users.name,
    missionaryNumber: users.missionaryNumber,
    category: categories.expenseCategory,
  };
  const expenseRows = await db
    .select({ ...reportColumns, line: expenses, fundName: holdAccounts.fundName })
    .from(expenses)
    .innerJoin(expenseReports, eq(expenseReports.id, expenses.expenseReportId))
    .innerJoin(users, eq(users.id, expenseReports.userId))
    .leftJoin(categories, eq(categories.id, expenses.expenseCode))
    .leftJoin(holdAccounts, eq(holdAccounts.id, expenses.holdAccountId))
    .where(and(eq(expenseReports.submitted, true), between(expenses.date, from, to)));
  const mileageRows = await db
    .select({ ...reportColumns, line: mileage })
    .from(mileage)
    .innerJoin(expenseReports, eq(expenseReports.id, mileage.expenseReportId))
    .innerJoin(users, eq(users.id, expenseReports.userId))
    .leftJoin(categories, eq(categories.id, mileage.type))
    .where(and(eq(expenseReports.submitted, true), between(mileage.date, from, to)));

  const status = (row: { submitted: boolean; processed: boolean; archivedAt: Date | null }) =>
    REPORT_STATUS_LABELS[
      reportStatus({ submitted: row.submitted, processed: row.processed, archived: row.archivedAt !== null })
    ];
  const lines: ExpenseLine[] = [
    ...expenseRows.map(
      (row): ExpenseLine => ({
        kind: 'expense',
        id: row.line.id,
        reportId: row.reportId,
        reportType: row.reportType as ExpenseLine['reportType'],
        reportStatus: status(row),
        dateSubmitted: row.dateSubmitted,
        userName: row.userName,
        missionaryNumber: row.missionaryNumber,
        date: row.line.date,
        category: row.category,
        description: row.line.description,
        fieldCurrency: centsFromDatabase(row.line.fieldCurrency),
        exchangeRate: row.line.exchangeRate,
        // Stored since migration 0007; older rows: USD at rate 1, else unknown (decision 22).
        currency: row.line.currency ?? (Number(row.line.exchangeRate) === 1 ? 'USD' : null),
        distance: null,
        distanceUnit: null,
        usdAmount: row.line.usdAmount,
        holdAccount: row.fundName,
      }),
    ),
    ...mileageRows.map(
      (row): ExpenseLine => ({
        kind: 'mileage',
        id: row.line.id,
        reportId: row.reportId,
        reportType: row.reportType as ExpenseLine['reportType'],
        reportStatus: status(row),
        dateSubmitted: row.dateSubmitted,
        userName: row.userName,
        missionaryNumber: row.missionaryNumber,
        date: row.line.date,
        category: row.category,
        description: null,
        fieldCurrency: null,
        exchangeRate: null,
        currency: null,
        distance: row.line.totalDistance,
        distanceUnit: row.distanceType === 'km' || row.distanceType === 'mi' ? row.distanceType : null,
        usdAmount: row.line.totalCost,
        holdAccount: null,
      }),
    ),
  ];
  return lines.sort(
    (a, b) =>
      COLLATOR.compare(a.userName, b.userName) ||
      COLLATOR.compare(a.missionaryNumber ?? '', b.missionaryNumber ?? '') ||
      a.reportId - b.reportId ||
      a.date.localeCompare(b.date) ||
      a.kind.localeCompare(b.kind) ||
      a.id - b.id,
  );
}
