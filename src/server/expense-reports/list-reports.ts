import { and, asc, count, desc, eq, isNotNull, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../domain/errors';
import type { REPORT_SORTS } from '../../domain/expense-reports/contract';
import { payoutPaidLabel } from '../../domain/expense-reports/payout-paid';
import { type PayoutPaidMethod, REPORT_TYPES } from '../../domain/expense-reports/schemas';
import { findAdvance } from '../advances/list-advances';
import type { DbOrTx } from '../db/client';
import { categories, expenseReports, expenses, fileUploads, holdAccounts, mileage, users } from '../db/schema';
import { statementCache } from '../db/statement-cache';
import { type CountedColumns, type Counter, countedColumns, countedTotal, pageWithTotal } from '../http/list-counts';
import { type ListQuery, likePattern, listPage, MAX_LIST_ROWS, type Page } from '../http/pagination';
import { findUserRow } from '../users/get-user';
import { serializeUser } from '../users/serialize';
import { REPORT_NOT_FOUND } from './access';
import { listReportEvents, pendingReturnComment } from './report-events';
import {
  type ReportRow,
  type ReportSummary,
  serializeExpense,
  serializeFile,
  serializeMileage,
  serializeReportSummary,
} from './serialize';

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

/** Sort columns that may be NULL (the keyset condition must place their NULLs). */
const NULLABLE_SORTS = new Set<ReportSort>(['missionary_number', 'start_date', 'end_date', 'date_submitted']);

export interface ReportFilter {
  submitted?: boolean;
  processed?: boolean;
  userId?: number;
  /** true: only archived; false: none archived; undefined: archived too when listing one user's. */
  archived?: boolean;
}

/** `userId` may be a placeholder: a prepared page statement's missionary (its presence is the shape). */
function conditions(
  filter: ReportFilter,
  q: string | null,
  userId: number | Placeholder | undefined = filter.userId,
): SQL | undefined {
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
    userId !== undefined ? eq(expenseReports.userId, userId) : undefined,
    // `= any(array(…))`: the ids are gathered once, first, and the reports fetched by primary key;
    // as `in (…)` the planner guessed the union's size from empty tables and walked every report.
    pattern ? sql`${expenseReports.id} = any(array(${searchedReportIds(q as string, pattern)}))` : undefined,
  );
}

/** Report types a search term names: the type is one of two words, so it is matched here, not per row. */
function typesNamed(term: string): string[] {
  const lower = term.toLowerCase();
  return REPORT_TYPES.filter((type) => type.includes(lower));
}

/**
 * The ids of the reports a search finds, as a union of index lookups (a million reports,
 * five million expenses): the owner's name or Account # (users' trigram indexes, then the reports'
 * (user_id, id) index), the report number (trigram over its text), the type, and what is in the
 * report ("Lodging" finds the reports with a lodging bill) — an expense's description
 * (trigram) or category, a trip's category (by code). A term shorter than three characters has no
 * trigram and is matched by reading; docs/performance.md says so.
 */
function searchedReportIds(term: string, pattern: string): SQL {
  const types = typesNamed(term);
  return sql`select r.id from expense_reports r where r.user_id in
      (select u.id from users u where u.name ilike ${pattern} or u.missionary_number ilike ${pattern})
    union select r.id from expense_reports r where cast(r.id as text) ilike ${pattern}
    ${
      types.length > 0
        ? sql`union select r.id from expense_reports r where r.type in (${sql.join(
            types.map((type) => sql`${type}`),
            sql`, `,
          )})`
        : sql``
    }
    union select e.expense_report_id from expenses e where e.description ilike ${pattern}
    union select e.expense_report_id from expenses e
      where e.expense_code in (select c.id from categories c where c.expense_category ilike ${pattern})
    union select m.expense_report_id from mileage m
      where m.type in (select c.id from categories c where c.expense_category ilike ${pattern})`;
}

/**
 * Every office's list of all missionaries' reports (a million rows) is counted by the triggers'
 * counters; one missionary's reports or a search are few, and are counted from the filter's index:
 * every condition is on expense_reports itself (the search reaches users through a subquery), so
 * that count needs no join.
 */
async function reportCount(db: DbOrTx, filter: ReportFilter, q: string | null, where: SQL | undefined) {
  const counter = counterOf(filter, q);
  if (counter) return [{ total: await countedTotal(db, counter.list, counter.state) }];
  return db.select({ total: count() }).from(expenseReports).where(where);
}

/** All missionaries' reports without a search are counted by the counters; null: from an index. */
function counterOf(filter: ReportFilter, q: string | null): Counter | null {
  if (filter.userId !== undefined || q) return null;
  return {
    list: 'expense_reports',
    state: { archived: filter.archived === true, submitted: filter.submitted, processed: filter.processed },
  };
}

const processors = alias(users, 'processors');

function selectSummaries(db: DbOrTx) {
  return db
    .select({
      report: expenseReports,
      user: { name: users.name, missionaryNumber: users.missionaryNumber },
      processor: { name: processors.name },
    })
    .from(expenseReports)
    .innerJoin(users, eq(users.id, expenseReports.userId))
    .leftJoin(processors, eq(processors.id, expenseReports.processedBy));
}

/** The unpaginated lists: the newest MAX_LIST_ROWS reports and the count of all (decision 18). */
export async function listReports(db: DbOrTx, filter: ReportFilter): Promise<{ rows: ReportSummary[]; total: number }> {
  const where = conditions(filter, null);
  const [rows, [{ total }]] = await Promise.all([
    selectSummaries(db).where(where).orderBy(desc(expenseReports.id)).limit(MAX_LIST_ROWS),
    reportCount(db, filter, null, where),
  ]);
  return { rows: rows.map((row) => serializeReportSummary(row.report, row.user, row.processor)), total };
}

function selectReportPage(db: DbOrTx, sort: (typeof SORT_COLUMNS)[ReportSort], counted: CountedColumns) {
  return db
    .select({
      report: expenseReports,
      user: { name: users.name, missionaryNumber: users.missionaryNumber },
      processor: { name: processors.name },
      sortValue: sort,
      ...counted,
    })
    .from(expenseReports)
    .innerJoin(users, eq(users.id, expenseReports.userId))
    .leftJoin(processors, eq(processors.id, expenseReports.processedBy));
}

type ReportPageRow = Awaited<ReturnType<typeof selectReportPage>>[number];

/** The page statements of the lists without a search, by shape (db/statement-cache.ts). */
const reportPages = statementCache<ReportPageRow>();

/** A page of reports: a search's statement per call, any other list's built once per shape. */
function reportPage(db: DbOrTx, query: ListQuery<ReportSort>, filter: ReportFilter, where: SQL | undefined) {
  const sort = SORT_COLUMNS[query.orderBy];
  // A counted list's page carries its total (one round trip); the shape (`all`) says which it is.
  return listPage(query, {
    db,
    statements: reportPages,
    select: () => selectReportPage(db, sort, countedColumns(counterOf(filter, query.q))),
    column: sort,
    id: expenseReports.id,
    nullable: NULLABLE_SORTS.has(query.orderBy),
    key: (row) => ({ value: row.sortValue, id: row.report.id }),
    searching: Boolean(query.q),
    where,
    prepared: {
      shape: `reports:${filter.archived}:${filter.submitted}:${filter.processed}:${filter.userId === undefined ? 'all' : 'one'}`,
      where: () => conditions(filter, null, filter.userId === undefined ? undefined : sql.placeholder('userId')),
      values: { userId: filter.userId },
    },
  });
}

export async function paginateReports(
  db: DbOrTx,
  query: ListQuery<ReportSort>,
  filter: ReportFilter,
): Promise<Page<ReportSummary>> {
  const where = conditions(filter, query.q);
  const [page, total] = await pageWithTotal(
    db,
    counterOf(filter, query.q),
    () => reportPage(db, query, filter, where),
    async () => (await reportCount(db, filter, query.q, where))[0].total,
  );
  return {
    data: page.rows.map((row) => serializeReportSummary(row.report, row.user, row.processor)),
    total_count: total,
    next_cursor: page.next_cursor,
    prev_cursor: page.prev_cursor,
  };
}

/** GET /expense-report/{id}: the report with its expense, mileage and file_upload lists, user and advance. */
export async function getFullReport(db: DbOrTx, id: number) {
  const [row] = await selectSummaries(db).where(eq(expenseReports.id, id));
  if (!row) throw AppError.notFound(REPORT_NOT_FOUND);
  const report = row.report;
  const [expenseRows, mileageRows, fileRows, owner, advance, events] = await Promise.all([
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
    listReportEvents(db, report),
  ]);
  return {
    ...serializeReportSummary(report, row.user, row.processor),
    expense: expenseRows.map((r) => serializeExpense(r.expense, r.category, r.holdAccount)),
    mileage: mileageRows.map((r) => serializeMileage(r.trip, r.category, report.distanceType)),
    file_upload: fileRows.map(serializeFile),
    advance_request: advance,
    user: owner ? serializeUser(owner.user, owner.profile) : null,
    /** The report's history (decision 20) and, while it is returned, the comment that says why. */
    events,
    return_comment: pendingReturnComment(report, events),
    payout_paid: payoutPaidOf(report),
  };
}

export type FullReport = Awaited<ReturnType<typeof getFullReport>>;

/** The payout recorded as paid by check or cash, or null. */
function payoutPaidOf(report: ReportRow) {
  const method = report.payoutPaidMethod as PayoutPaidMethod | null;
  if (method === null || report.payoutPaidReference === null || report.payoutPaidAt === null) return null;
  return {
    method,
    reference: report.payoutPaidReference,
    recorded_at: report.payoutPaidAt.toISOString(),
    label: payoutPaidLabel(method, report.payoutPaidReference),
  };
}
