import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { findAdvance } from '../advances/list-advances';
import type { DbOrTx } from '../db/client';
import { categories, expenseReports, expenses, fileUploads, holdAccounts, mileage, users } from '../db/schema';
import { type ListQuery, likePattern, orderOf, type Page } from '../http/pagination';
import { findUserRow } from '../users/get-user';
import { serializeUser } from '../users/serialize';
import { REPORT_NOT_FOUND } from './access';
import {
  type ReportSummary,
  serializeExpense,
  serializeFile,
  serializeMileage,
  serializeReportSummary,
} from './serialize';

export const REPORT_SORTS = [
  'id',
  'user_name',
  'missionary_number',
  'type',
  'total_amount',
  'unreimbursed_amount',
  'start_date',
  'end_date',
  'date_submitted',
  'submitted',
  'processed',
  'created_at',
] as const;
export type ReportSort = (typeof REPORT_SORTS)[number];

const SORT_COLUMNS = {
  id: expenseReports.id,
  user_name: users.name,
  missionary_number: users.missionaryNumber,
  type: expenseReports.type,
  total_amount: expenseReports.totalAmount,
  unreimbursed_amount: expenseReports.unreimbursedAmount,
  start_date: expenseReports.startDate,
  end_date: expenseReports.endDate,
  date_submitted: expenseReports.dateSubmitted,
  submitted: expenseReports.submitted,
  processed: expenseReports.processed,
  created_at: expenseReports.createdAt,
} as const;

export interface ReportFilter {
  submitted?: boolean;
  processed?: boolean;
  userId?: number;
  /** true: only archived; false: none archived; undefined: archived too when listing one user's. */
  archived?: boolean;
}

function conditions(filter: ReportFilter, q: string | null): SQL | undefined {
  const archived =
    filter.archived === true
      ? isNotNull(expenseReports.archivedAt)
      : filter.archived === false || filter.userId === undefined
        ? isNull(expenseReports.archivedAt)
        : undefined;
  const pattern = q ? likePattern(q) : null;
  return and(
    archived,
    filter.submitted !== undefined ? eq(expenseReports.submitted, filter.submitted) : undefined,
    filter.processed !== undefined ? eq(expenseReports.processed, filter.processed) : undefined,
    filter.userId !== undefined ? eq(expenseReports.userId, filter.userId) : undefined,
    pattern
      ? or(
          ilike(users.name, pattern),
          ilike(users.missionaryNumber, pattern),
          ilike(expenseReports.type, pattern),
          ilike(sql`cast(${expenseReports.id} as text)`, pattern),
        )
      : undefined,
  );
}

function selectSummaries(db: DbOrTx) {
  return db
    .select({ report: expenseReports, user: { name: users.name, missionaryNumber: users.missionaryNumber } })
    .from(expenseReports)
    .innerJoin(users, eq(users.id, expenseReports.userId));
}

export async function listReports(db: DbOrTx, filter: ReportFilter): Promise<ReportSummary[]> {
  const rows = await selectSummaries(db).where(conditions(filter, null)).orderBy(desc(expenseReports.id));
  return rows.map((row) => serializeReportSummary(row.report, row.user));
}

export async function paginateReports(
  db: DbOrTx,
  query: ListQuery<ReportSort>,
  filter: ReportFilter,
): Promise<Page<ReportSummary>> {
  const where = conditions(filter, query.q);
  const [rows, [{ total }]] = await Promise.all([
    selectSummaries(db)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[query.orderBy], query.order, expenseReports.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db
      .select({ total: count() })
      .from(expenseReports)
      .innerJoin(users, eq(users.id, expenseReports.userId))
      .where(where),
  ]);
  return { data: rows.map((row) => serializeReportSummary(row.report, row.user)), total_count: total };
}

/** GET /expense-report/{id}: the report with its expense, mileage and file_upload lists, user and advance. */
export async function getFullReport(db: DbOrTx, id: number) {
  const [row] = await selectSummaries(db).where(eq(expenseReports.id, id));
  if (!row) throw AppError.notFound(REPORT_NOT_FOUND);
  const report = row.report;
  const [expenseRows, mileageRows, fileRows, owner, advance] = await Promise.all([
    db
      .select({ expense: expenses, category: categories, holdAccount: holdAccounts })
      .from(expenses)
      .leftJoin(categories, eq(categories.id, expenses.expenseCode))
      .leftJoin(holdAccounts, eq(holdAccounts.id, expenses.holdAccountId))
      .where(eq(expenses.expenseReportId, id))
      .orderBy(asc(expenses.date), asc(expenses.id)),
    db
      .select({ trip: mileage, category: categories })
      .from(mileage)
      .leftJoin(categories, eq(categories.id, mileage.type))
      .where(eq(mileage.expenseReportId, id))
      .orderBy(asc(mileage.date), asc(mileage.id)),
    db.select().from(fileUploads).where(eq(fileUploads.expenseReportId, id)).orderBy(asc(fileUploads.id)),
    findUserRow(db, report.userId),
    report.advanceRequestId === null ? Promise.resolve(null) : findAdvance(db, report.advanceRequestId),
  ]);
  return {
    ...serializeReportSummary(report, row.user),
    expense: expenseRows.map((r) => serializeExpense(r.expense, r.category, r.holdAccount)),
    mileage: mileageRows.map((r) => serializeMileage(r.trip, r.category, report.distanceType)),
    file_upload: fileRows.map(serializeFile),
    advance_request: advance,
    user: owner ? serializeUser(owner.user, owner.profile) : null,
  };
}

export type FullReport = Awaited<ReturnType<typeof getFullReport>>;
