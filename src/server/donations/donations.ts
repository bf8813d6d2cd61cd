import { and, count, desc, eq, ilike, max, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { updateDonationSchema } from '../../domain/donations/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { toDollars } from '../../domain/money';
import { isStaff } from '../../domain/roles';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { isForeignKeyViolation } from '../db/errors';
import { donations, users } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import { type ListQuery, likePattern, orderOf, type Page } from '../http/pagination';
import { recordAudit } from '../journal/journal';
import { type SerializedDonation, serializeDonation } from './serialize';

export const DONATION_SORTS = [
  'id',
  'amount',
  'count',
  'user_name',
  'fund_name',
  'upload_name',
  'approved',
  'created_at',
] as const;
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

export interface DonationFilter {
  userId?: number;
  uploadName?: string;
  holdAccountId?: number;
  q?: string | null;
}

/** Missionaries only ever see their own donations; staff see everyone's. */
function scopedFilter(viewer: AuthUser, filter: DonationFilter): DonationFilter {
  if (isStaff(viewer.role)) return filter;
  if (filter.userId !== undefined && filter.userId !== viewer.id) throw AppError.forbidden();
  return { ...filter, userId: viewer.id };
}

function whereOf(filter: DonationFilter): SQL | undefined {
  const pattern = filter.q ? likePattern(filter.q) : null;
  return and(
    filter.userId !== undefined ? eq(donations.userId, filter.userId) : undefined,
    filter.uploadName !== undefined ? eq(donations.uploadName, filter.uploadName) : undefined,
    filter.holdAccountId !== undefined ? eq(donations.holdAccountId, filter.holdAccountId) : undefined,
    pattern
      ? or(
          ilike(donations.userName, pattern),
          ilike(donations.fundName, pattern),
          ilike(donations.uploadName, pattern),
          ilike(users.missionaryNumber, pattern),
        )
      : undefined,
  );
}

/** GET /donation: every donation matching the filter, newest first. */
export async function listDonations(db: DbOrTx, viewer: AuthUser, filter: DonationFilter) {
  const scoped = scopedFilter(viewer, filter);
  const rows = await db
    .select({ donation: donations })
    .from(donations)
    .leftJoin(users, eq(users.id, donations.userId))
    .where(whereOf(scoped))
    .orderBy(desc(donations.id));
  return rows.map((row) => serializeDonation(row.donation));
}

/** GET /paginated_donation (defaults: limit 100, page 0, id desc). */
export async function paginateDonations(
  db: DbOrTx,
  viewer: AuthUser,
  query: ListQuery<DonationSort>,
  filter: DonationFilter,
): Promise<Page<SerializedDonation & { missionary_number: string | null }>> {
  const where = whereOf(scopedFilter(viewer, { ...filter, q: query.q }));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ donation: donations, missionaryNumber: users.missionaryNumber })
      .from(donations)
      .leftJoin(users, eq(users.id, donations.userId))
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[query.orderBy], query.order, donations.id))
      .limit(query.limit)
      .offset(query.page * query.limit),
    db.select({ total: count() }).from(donations).leftJoin(users, eq(users.id, donations.userId)).where(where),
  ]);
  return {
    data: rows.map((row) => ({ ...serializeDonation(row.donation), missionary_number: row.missionaryNumber })),
    total_count: total,
  };
}

/** GET /donation/upload-names: each upload name once, newest first, for the selects. */
export async function listUploadNames(db: DbOrTx) {
  const rows = await db
    .select({
      uploadName: donations.uploadName,
      donations: count(),
      total: sql<string>`coalesce(sum(${donations.amount}), 0)`,
      lastImportedAt: max(donations.createdAt),
    })
    .from(donations)
    .groupBy(donations.uploadName)
    .orderBy(desc(max(donations.id)));
  return rows.map((row) => ({
    upload_name: row.uploadName,
    donations: row.donations,
    total_amount: toDollars(centsFromDatabase(row.total)),
    last_imported_at: row.lastImportedAt ? new Date(row.lastImportedAt).toISOString() : null,
  }));
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
  return serializeDonation(row);
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
