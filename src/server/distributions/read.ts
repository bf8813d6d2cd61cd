import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { contextToWire, type DistributionContextWire, parsePayload } from '../../domain/distributions/context';
import {
  type DISTRIBUTION_SORTS,
  ZDistributionContextQuerySchema,
  type ZDistributionFilterQuerySchema,
} from '../../domain/distributions/contract';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { isStaff } from '../../domain/roles';
import { findAdvance } from '../advances/list-advances';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { rowsOfResult } from '../db/query-rows';
import { distributions, donations, expenseReports, users } from '../db/schema';
import { serializeDonation } from '../donations/serialize';
import { serializeReportSummary } from '../expense-reports/serialize';
import { type ListQuery, likePattern, MAX_LIST_ROWS, type Page, pageRows } from '../http/pagination';
import { parse } from '../http/validate';
import { findUserRow } from '../users/get-user';
import { serializeUser } from '../users/serialize';
import type { DistributionRow } from './figures';
import { loadContexts } from './load-context';
import { type DistributionSummary, serializeDistributionDetail, serializeDistributionSummary } from './serialize';
import { assertUploadsExist, DISTRIBUTION_MESSAGES } from './write';

export type DistributionSort = (typeof DISTRIBUTION_SORTS)[number];

const SORT_COLUMNS = {
  id: distributions.id,
  status: distributions.status,
  user_name: distributions.userName,
  missionary_number: users.missionaryNumber,
  start_date: distributions.startDate,
  end_date: distributions.endDate,
  donation_upload_name: distributions.donationUploadName,
  total_donations: distributions.totalDonations,
  ending_balance: distributions.endingBalance,
  total_funds_disbursed: distributions.totalFundsDisbursed,
  unreimbursed_amount_ending: distributions.unreimbursedAmountEnding,
  created_at: distributions.createdAt,
  approved_at: distributions.approvedAt,
} as const;

export type DistributionFilter = z.output<typeof ZDistributionFilterQuerySchema>;

/**
 * Staff see every distribution; a missionary only their own approved ones (docs/product.md §6, docs/decisions.md
 * decision 3) — and their own reversed ones, which were approved and say why they were reversed.
 */
export function assertCanView(viewer: AuthUser, row: Pick<DistributionRow, 'userId' | 'status'>): void {
  if (isStaff(viewer.role)) return;
  if (row.userId !== viewer.id || row.status === 'pending') {
    throw AppError.forbidden(DISTRIBUTION_MESSAGES.noMissionaryAccess);
  }
}

/** A missionary's lists are narrowed to their own approved distributions; asking for others' is a 403. */
function scopeFilter(viewer: AuthUser, filter: DistributionFilter): DistributionFilter {
  if (isStaff(viewer.role)) return filter;
  if ((filter.user_id !== undefined && filter.user_id !== viewer.id) || filter.status === 'pending') {
    throw AppError.forbidden(DISTRIBUTION_MESSAGES.noMissionaryAccess);
  }
  return { user_id: viewer.id, status: filter.status === 'reversed' ? 'reversed' : 'approved' };
}

function conditions(filter: DistributionFilter, q: string | null): SQL | undefined {
  const pattern = q ? likePattern(q) : null;
  return and(
    filter.status ? eq(distributions.status, filter.status) : undefined,
    filter.user_id !== undefined ? eq(distributions.userId, filter.user_id) : undefined,
    pattern
      ? or(
          ilike(distributions.userName, pattern),
          ilike(distributions.userEmail, pattern),
          sql`${distributions.userId} in (select ${users.id} from ${users} where ${ilike(users.missionaryNumber, pattern)})`,
          ilike(distributions.donationUploadName, pattern),
          ilike(sql`cast(${distributions.id} as text)`, pattern),
        )
      : undefined,
  );
}

function selectRows(db: DbOrTx) {
  return db
    .select({ distribution: distributions, user: { missionaryNumber: users.missionaryNumber } })
    .from(distributions)
    .innerJoin(users, eq(users.id, distributions.userId));
}

export async function findDistribution(db: DbOrTx, id: number) {
  const [row] = await selectRows(db).where(eq(distributions.id, id));
  if (!row) throw AppError.notFound(DISTRIBUTION_MESSAGES.notFound);
  return row;
}

/** GET /distribution: every distribution (newest first), filtered by status and user. */
export async function listDistributions(
  db: DbOrTx,
  viewer: AuthUser,
  filter: DistributionFilter,
): Promise<{ rows: DistributionSummary[]; total: number }> {
  const where = conditions(scopeFilter(viewer, filter), null);
  // Decision 18: the newest MAX_LIST_ROWS, and the count of all in X-Total-Count.
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db).where(where).orderBy(desc(distributions.id)).limit(MAX_LIST_ROWS),
    db.select({ total: count() }).from(distributions).innerJoin(users, eq(users.id, distributions.userId)).where(where),
  ]);
  return { rows: rows.map((row) => serializeDistributionSummary(row.distribution, row.user)), total };
}

/** Sort columns that may be NULL (the keyset condition must place their NULLs). */
const NULLABLE_SORTS = new Set<DistributionSort>(['missionary_number', 'donation_upload_name', 'approved_at']);

/** GET /paginated_distribution: `{data, total_count}`; status, q, user_id; default limit 100. */
export async function paginateDistributions(
  db: DbOrTx,
  viewer: AuthUser,
  query: ListQuery<DistributionSort>,
  filter: DistributionFilter,
): Promise<Page<DistributionSummary>> {
  const where = conditions(scopeFilter(viewer, filter), query.q);
  const sort = SORT_COLUMNS[query.orderBy];
  const [page, [{ total }]] = await Promise.all([
    pageRows(query, {
      column: sort,
      id: distributions.id,
      nullable: NULLABLE_SORTS.has(query.orderBy),
      where,
      fetch: (pageWhere, orderBy, limit, offset) =>
        db
          .select({ distribution: distributions, user: { missionaryNumber: users.missionaryNumber }, sortValue: sort })
          .from(distributions)
          .innerJoin(users, eq(users.id, distributions.userId))
          .where(pageWhere)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      key: (row) => ({ value: row.sortValue, id: row.distribution.id }),
    }),
    db.select({ total: count() }).from(distributions).where(where),
  ]);
  return {
    data: page.rows.map((row) => serializeDistributionSummary(row.distribution, row.user)),
    total_count: total,
    next_cursor: page.next_cursor,
    prev_cursor: page.prev_cursor,
  };
}

/**
 * GET /distribution/{id}: every stored figure, the JSON text lists, the saved payload, the user
 * with profile, and the expense_report, advance_request and donations lists that reference it.
 */
export async function getDistribution(db: DbOrTx, viewer: AuthUser, id: number) {
  const row = await findDistribution(db, id);
  assertCanView(viewer, row.distribution);
  const reversedBy = row.distribution.reversedBy;
  const [owner, reportRows, advanceRows, donationRows, reverser] = await Promise.all([
    findUserRow(db, row.distribution.userId),
    db
      .select({ report: expenseReports, user: { name: users.name, missionaryNumber: users.missionaryNumber } })
      .from(expenseReports)
      .innerJoin(users, eq(users.id, expenseReports.userId))
      .where(eq(expenseReports.distributionId, id))
      .orderBy(expenseReports.id),
    db.execute(sql`select id from advance_requests where distribution_id = ${id} order by id`),
    db.select().from(donations).where(eq(donations.distributionId, id)).orderBy(donations.id),
    reversedBy === null ? null : findUserRow(db, reversedBy),
  ]);
  const advanceIds = rowsOfResult(advanceRows, z.object({ id: z.coerce.number() })).map((r) => r.id);
  const advances = await Promise.all(advanceIds.map((advanceId) => findAdvance(db, advanceId)));
  const detail = serializeDistributionDetail(row.distribution, row.user);
  return {
    ...detail,
    // Review flags ("Donations down 94 %") are the office's checklist before approval, not the missionary's.
    review_flags: isStaff(viewer.role) ? detail.review_flags : [],
    user: owner ? serializeUser(owner.user, owner.profile) : null,
    expense_report: reportRows.map((r) => serializeReportSummary(r.report, r.user)),
    advance_request: advances,
    donations: donationRows.map((donation) => serializeDonation(donation, isStaff(viewer.role))),
    reversed_by_name: reverser?.user.name ?? null,
  };
}

/**
 * GET /distribution-context?user_id&start_date&end_date&donation_upload_names[&distribution_id]:
 * what the form previews with (src/domain/distributions/context.ts, wire form). Staff only, except
 * that a missionary may load their own approved distribution by id. An approved distribution answers
 * with the context frozen at approval, so it recomputes to exactly its stored figures; a pending one
 * with today's data, its saved payload and what it already references (user, dates and uploads
 * default to the saved ones; donation_upload_name alone is a list of one).
 */
export async function distributionContext(
  db: DbOrTx,
  viewer: AuthUser,
  query: Record<string, unknown>,
): Promise<DistributionContextWire> {
  const input = parse(ZDistributionContextQuerySchema, query);
  if (input.distribution_id !== undefined) {
    const { distribution } = await findDistribution(db, input.distribution_id);
    assertCanView(viewer, distribution);
    if (distribution.status !== 'pending' && distribution.approvedContext) {
      return distribution.approvedContext as DistributionContextWire;
    }
    if (input.user_id !== undefined && input.user_id !== distribution.userId) {
      throw AppError.field('user_id', DISTRIBUTION_MESSAGES.userChanged);
    }
    const named = 'donation_upload_name' in query || 'donation_upload_names' in query;
    const range = {
      startDate: input.start_date ?? distribution.startDate,
      endDate: input.end_date ?? distribution.endDate,
      donationUploadNames: named ? input.donation_upload_names : distribution.donationUploadNames,
    };
    if (range.endDate < range.startDate) throw AppError.field('end_date', MESSAGES.endBeforeStart);
    await assertUploadsExist(db, range.donationUploadNames);
    const loaded = (
      await loadContexts(db, [{ userId: distribution.userId, distributionId: distribution.id }], range, { mode: 'new' })
    ).get(distribution.userId);
    if (!loaded) throw AppError.notFound('User not found.');
    return contextToWire({
      ...loaded,
      distribution: {
        id: distribution.id,
        status: 'pending',
        payload: parsePayload(distribution.input),
      },
    });
  }
  if (!isStaff(viewer.role)) throw AppError.forbidden(DISTRIBUTION_MESSAGES.noMissionaryAccess);
  const userId = input.user_id as number;
  const [user] = await db
    .select({ role: users.role, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (user?.role !== 'missionary' || user.deletedAt !== null) {
    throw AppError.field('user_id', DISTRIBUTION_MESSAGES.notMissionary);
  }
  await assertUploadsExist(db, input.donation_upload_names);
  const range = {
    startDate: input.start_date as string,
    endDate: input.end_date as string,
    donationUploadNames: input.donation_upload_names,
  };
  const loaded = (await loadContexts(db, [{ userId, distributionId: null }], range, { mode: 'new' })).get(userId);
  if (!loaded) throw AppError.field('user_id', DISTRIBUTION_MESSAGES.notMissionary);
  return contextToWire({ ...loaded, distribution: null });
}
