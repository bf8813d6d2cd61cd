import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ADVANCE_SORTS } from '../../domain/advances/contract';
import type { AdvanceStatus } from '../../domain/advances/states';
import { AppError } from '../../domain/errors';
import { isStaff } from '../../domain/roles';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { advanceRequests, categories, distributions, expenseReports, holdAccounts, users } from '../db/schema';
import { type ListQuery, likePattern, MAX_LIST_ROWS, orderOf, type Page } from '../http/pagination';
import { ADVANCE_NOT_FOUND } from './access';
import { type SerializedAdvance, serializeAdvance } from './serialize';

export type AdvanceSort = (typeof ADVANCE_SORTS)[number];

const SORT_COLUMNS = {
  id: advanceRequests.id,
  user_name: users.name,
  missionary_number: users.missionaryNumber,
  status: advanceRequests.status,
  amount_requested: advanceRequests.amountRequested,
  amount_approved: advanceRequests.amountApproved,
  date_submitted: advanceRequests.dateSubmitted,
  mat_date: advanceRequests.matDate,
  expense_report_id: advanceRequests.expenseReportId,
  distribution_id: advanceRequests.distributionId,
  created_at: advanceRequests.createdAt,
} as const;

function selectAdvances(db: DbOrTx) {
  return db
    .select({
      advance: advanceRequests,
      user: { name: users.name, missionaryNumber: users.missionaryNumber },
      category: { id: categories.id, expenseCategory: categories.expenseCategory },
      holdAccount: { id: holdAccounts.id, fundName: holdAccounts.fundName },
      report: {
        id: expenseReports.id,
        submitted: expenseReports.submitted,
        processed: expenseReports.processed,
        totalAmount: expenseReports.totalAmount,
        cashReturned: expenseReports.cashReturned,
      },
      distributionApprovedAt: distributions.approvedAt,
    })
    .from(advanceRequests)
    .innerJoin(users, eq(users.id, advanceRequests.userId))
    .leftJoin(categories, eq(categories.id, advanceRequests.type))
    .leftJoin(holdAccounts, eq(holdAccounts.id, advanceRequests.holdAccountId))
    .leftJoin(expenseReports, eq(expenseReports.id, advanceRequests.expenseReportId))
    .leftJoin(distributions, eq(distributions.id, advanceRequests.distributionId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectAdvances>['where']>>[number];

function serializeJoined(row: Joined): SerializedAdvance {
  return serializeAdvance(row.advance, {
    user: row.user,
    category: row.category,
    holdAccount: row.holdAccount,
    report: row.report,
    distributionApprovedAt: row.distributionApprovedAt,
  });
}

export async function findAdvance(db: DbOrTx, id: number): Promise<SerializedAdvance> {
  const [row] = await selectAdvances(db).where(eq(advanceRequests.id, id));
  if (!row) throw AppError.notFound(ADVANCE_NOT_FOUND);
  return serializeJoined(row);
}

export interface AdvanceFilter {
  status?: AdvanceStatus;
  userId?: number;
  /** true: only archived; false: none archived; undefined: archived too when listing one user's. */
  archived?: boolean;
}

/** A missionary lists only their own; asking for someone else's is a 403. */
export function scopeToViewer(viewer: AuthUser, userId: number | undefined): number | undefined {
  if (isStaff(viewer.role)) return userId;
  if (userId !== undefined && userId !== viewer.id) throw AppError.forbidden();
  return viewer.id;
}

function conditions(filter: AdvanceFilter, q: string | null): SQL | undefined {
  const archived =
    filter.archived === true
      ? isNotNull(advanceRequests.archivedAt)
      : filter.archived === false || filter.userId === undefined
        ? isNull(advanceRequests.archivedAt)
        : undefined;
  const pattern = q ? likePattern(q) : null;
  return and(
    archived,
    filter.status ? eq(advanceRequests.status, filter.status) : undefined,
    filter.userId !== undefined ? eq(advanceRequests.userId, filter.userId) : undefined,
    pattern
      ? or(
          ilike(users.name, pattern),
          ilike(users.missionaryNumber, pattern),
          ilike(advanceRequests.status, pattern),
          ilike(sql`cast(${advanceRequests.id} as text)`, pattern),
        )
      : undefined,
  );
}

/** The unpaginated lists: the newest MAX_LIST_ROWS requests and the count of all (decision 18). */
export async function listAdvances(
  db: DbOrTx,
  filter: AdvanceFilter,
): Promise<{ rows: SerializedAdvance[]; total: number }> {
  const where = conditions(filter, null);
  const [rows, [{ total }]] = await Promise.all([
    selectAdvances(db).where(where).orderBy(desc(advanceRequests.id)).limit(MAX_LIST_ROWS),
    db
      .select({ total: count() })
      .from(advanceRequests)
      .innerJoin(users, eq(users.id, advanceRequests.userId))
      .where(where),
  ]);
  return { rows: rows.map(serializeJoined), total };
}

export async function paginateAdvances(
  db: DbOrTx,
  query: ListQuery<AdvanceSort>,
  filter: AdvanceFilter,
): Promise<Page<SerializedAdvance>> {
  const where = conditions(filter, query.q);
  const [rows, [{ total }]] = await Promise.all([
    selectAdvances(db)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[query.orderBy], query.order, advanceRequests.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db
      .select({ total: count() })
      .from(advanceRequests)
      .innerJoin(users, eq(users.id, advanceRequests.userId))
      .where(where),
  ]);
  return { data: rows.map(serializeJoined), total_count: total };
}
