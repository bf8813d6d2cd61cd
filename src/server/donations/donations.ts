import { and, count, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DONATION_SORTS } from '../../domain/donations/contract';
import type { updateDonationSchema } from '../../domain/donations/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { toDollars } from '../../domain/money';
import { isStaff } from '../../domain/roles';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { donations, donationUploadSummaries, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { statementCache } from '../db/statement-cache';
import { type CountedColumns, type Counter, countedColumns, countedTotal, pageWithTotal } from '../http/list-counts';
import { type ListQuery, likePattern, listPage, MAX_LIST_ROWS, type Page } from '../http/pagination';
import { recordAudit } from '../journal/journal';
import { searchMatches, searchOf } from './donation-search';
import { type SerializedDonation, serializeDonation } from './serialize';

export type DonationSort = (typeof DONATION_SORTS)[number];

const SORT_COLUMNS = {
  id: donations.id,
  amount: donations.amount,
  count: donations.count,
  user_name: donations.userName,
  fund_name: donations.fundName,
  upload_name: donations.uploadName,
  approved: donations.approved,
  created_at: donations.createdAt,
} as const;

const NULLABLE_SORTS = new Set<DonationSort>(['user_name', 'fund_name']);

export interface DonationFilter {
  userId?: number;
  uploadName?: string;
  holdAccountId?: number;
  q?: string | null;
  /** Staff search donors' names too; missionaries never see them (decision 24, docs/decisions.md). */
  searchDonors?: boolean;
}

/** Missionaries only ever see their own donations; staff see everyone's. */
function scopedFilter(viewer: AuthUser, filter: DonationFilter): DonationFilter {
  if (isStaff(viewer.role)) return { ...filter, searchDonors: true };
  if (filter.userId !== undefined && filter.userId !== viewer.id) throw AppError.forbidden();
  return { ...filter, userId: viewer.id, searchDonors: false };
}

/** The filters but the search, with their values or placeholders for them (a prepared page statement). */
function filterConditions(filter: DonationFilter, placeholders = false): SQL | undefined {
  const value = <T>(name: string, given: T): T | Placeholder => (placeholders ? sql.placeholder(name) : given);
  return and(
    filter.userId !== undefined ? eq(donations.userId, value('userId', filter.userId)) : undefined,
    filter.uploadName !== undefined ? eq(donations.uploadName, value('uploadName', filter.uploadName)) : undefined,
    filter.holdAccountId !== undefined
      ? eq(donations.holdAccountId, value('holdAccountId', filter.holdAccountId))
      : undefined,
  );
}

async function whereOf(db: DbOrTx, filter: DonationFilter): Promise<SQL | undefined> {
  const pattern = filter.q ? likePattern(filter.q) : null;
  return and(
    filterConditions(filter),
    pattern ? searchOf(await searchMatches(db, pattern), pattern, filter.searchDonors) : undefined,
  );
}

/**
 * All donations (two million rows after ten years) are counted by the triggers' counter; any
 * filter (one missionary, an upload, a hold account, a search) is counted from its index.
 */
async function donationCount(db: DbOrTx, filter: DonationFilter, where: SQL | undefined) {
  const counter = counterOf(filter);
  if (counter) return [{ total: await countedTotal(db, counter.list, counter.state) }];
  return db.select({ total: count() }).from(donations).where(where);
}

/** All donations, unfiltered, are counted by the counter; null: from an index. */
function counterOf(filter: DonationFilter): Counter | null {
  const unfiltered =
    filter.userId === undefined && filter.uploadName === undefined && filter.holdAccountId === undefined && !filter.q;
  return unfiltered ? { list: 'donations', state: {} } : null;
}

/** GET /donation: the newest MAX_LIST_ROWS donations and how many there are in all (decision 18). */
export async function listDonations(db: DbOrTx, viewer: AuthUser, filter: DonationFilter) {
  const scoped = scopedFilter(viewer, filter);
  const where = await whereOf(db, scoped);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ donation: donations })
      .from(donations)
      .leftJoin(users, eq(users.id, donations.userId))
      .where(where)
      .orderBy(desc(donations.id))
      .limit(MAX_LIST_ROWS),
    donationCount(db, scoped, where),
  ]);
  return { rows: rows.map((row) => serializeDonation(row.donation, isStaff(viewer.role))), total };
}

function selectDonationPage(db: DbOrTx, sort: (typeof SORT_COLUMNS)[DonationSort], counted: CountedColumns) {
  return db
    .select({ donation: donations, missionaryNumber: users.missionaryNumber, sortValue: sort, ...counted })
    .from(donations)
    .leftJoin(users, eq(users.id, donations.userId));
}

type DonationPageRow = Awaited<ReturnType<typeof selectDonationPage>>[number];

/** The page statements of the lists without a search, by shape (db/statement-cache.ts). */
const donationPages = statementCache<DonationPageRow>();

/** A page of donations: a search's statement per call, any other list's built once per shape. */
function donationPage(db: DbOrTx, query: ListQuery<DonationSort>, filter: DonationFilter, where: SQL | undefined) {
  const sort = SORT_COLUMNS[query.orderBy];
  const present = (value: unknown) => (value === undefined ? '-' : '=');
  // All donations' page carries its total (one round trip); the shape (`---`) says which it is.
  return listPage(query, {
    db,
    statements: donationPages,
    select: () => selectDonationPage(db, sort, countedColumns(counterOf(filter))),
    column: sort,
    id: donations.id,
    nullable: NULLABLE_SORTS.has(query.orderBy),
    key: (row) => ({ value: row.sortValue, id: row.donation.id }),
    searching: Boolean(filter.q),
    where,
    prepared: {
      shape: `donations:${present(filter.userId)}${present(filter.uploadName)}${present(filter.holdAccountId)}`,
      where: () => filterConditions(filter, true),
      values: { userId: filter.userId, uploadName: filter.uploadName, holdAccountId: filter.holdAccountId },
    },
  });
}

/** GET /paginated_donation (defaults: limit 100, page 0, id desc). */
export async function paginateDonations(
  db: DbOrTx,
  viewer: AuthUser,
  query: ListQuery<DonationSort>,
  filter: DonationFilter,
): Promise<Page<SerializedDonation & { missionary_number: string | null }>> {
  const scoped = scopedFilter(viewer, { ...filter, q: query.q });
  const where = await whereOf(db, scoped);
  const [page, total] = await pageWithTotal(
    db,
    counterOf(scoped),
    () => donationPage(db, query, scoped, where),
    async () => (await donationCount(db, scoped, where))[0].total,
  );
  return {
    data: page.rows.map((row) => ({
      ...serializeDonation(row.donation, isStaff(viewer.role)),
      missionary_number: row.missionaryNumber,
    })),
    total_count: total,
    next_cursor: page.next_cursor,
    prev_cursor: page.prev_cursor,
  };
}

/**
 * GET /donation/upload-names: each upload name once, newest first, for the selects, from the
 * summaries migration 0017's triggers keep (never a grouping of the donations). Fewer rows
 * than the limit (decision 18) are all the uploads there are; only a full page counts them.
 */
export async function listUploadNames(db: DbOrTx) {
  const summaries = await db
    .select()
    .from(donationUploadSummaries)
    .orderBy(desc(donationUploadSummaries.lastId))
    .limit(MAX_LIST_ROWS);
  const rows = summaries.map((row) => ({
    upload_name: row.uploadName,
    donations: row.donations,
    total_amount: toDollars(centsFromDatabase(row.total)),
    last_imported_at: row.lastImportedAt.toISOString(),
  }));
  if (rows.length < MAX_LIST_ROWS) return { rows, total: rows.length };
  const [{ total }] = await db.select({ total: count() }).from(donationUploadSummaries);
  return { rows, total };
}

async function findDonation(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(donations).where(eq(donations.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('Donation not found.');
  return row;
}

export async function getDonation(db: DbOrTx, viewer: AuthUser, id: number) {
  const row = await findDonation(db, id);
  if (!isStaff(viewer.role) && row.userId !== viewer.id) throw AppError.forbidden();
  return serializeDonation(row, isStaff(viewer.role));
}

/** PATCH /donation/{id} (admin): amount and count, unless a distribution already counts it. */
export async function updateDonation(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof updateDonationSchema>,
) {
  return ctx.db.transaction(async (tx) => {
    const existing = await findDonation(tx, id, true);
    if (existing.distributionId !== null) throw AppError.conflict(MESSAGES.donationInDistribution);
    const [updated] = await tx
      .update(donations)
      .set({ amount: input.amount, count: input.count })
      .where(eq(donations.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'update',
      entityType: 'donation',
      entityId: id,
      details: { before: { amount: existing.amount, count: existing.count }, after: input },
    });
    return serializeDonation(updated);
  });
}

/** PATCH /donation/{id}/approve (admin): only donations designated to a hold account. */
export async function approveDonation(ctx: AppContext, actor: AuthUser, id: number, approved: boolean) {
  return ctx.db.transaction(async (tx) => {
    const existing = await findDonation(tx, id, true);
    if (existing.holdAccountId === null) {
      throw AppError.field('approved', 'Only donations to a hold account can be approved.');
    }
    if (existing.distributionId !== null) throw AppError.conflict(MESSAGES.donationInDistribution);
    const [updated] = await tx.update(donations).set({ approved }).where(eq(donations.id, id)).returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: approved ? 'approve' : 'unapprove',
      entityType: 'donation',
      entityId: id,
    });
    return serializeDonation(updated);
  });
}

/** DELETE /donation/{id} (admin): refused while a distribution or a hold-account transaction refers to it. */
export async function deleteDonation(ctx: AppContext, actor: AuthUser, id: number) {
  return ctx.db.transaction(async (tx) => {
    const existing = await findDonation(tx, id, true);
    if (existing.distributionId !== null) throw AppError.conflict(MESSAGES.donationInDistribution);
    try {
      await tx.transaction(async (inner) => {
        await inner.delete(donations).where(eq(donations.id, id));
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) {
        throw AppError.conflict('This donation was deposited to a hold account and cannot be deleted.');
      }
      throw error;
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'donation',
      entityId: id,
      details: serializeDonation(existing),
    });
    return serializeDonation(existing);
  });
}
