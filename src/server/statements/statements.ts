import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { toDollars } from '../../domain/money';
import { TREND_LENGTH } from '../../domain/reports/chart';
import { statementFilename } from '../../domain/reports/schemas';
import { buildStatement } from '../../domain/reports/statement';
import { isStaff } from '../../domain/roles';
import type { Terms } from '../../domain/terms';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { distributions, users } from '../db/schema';
import { MAX_LIST_ROWS } from '../http/pagination';
import { approvedDistributionsOf, findDistribution, loadStatementSource } from './load-statement';
import { writeStatementPdf } from './statement-pdf';

export const NOT_APPROVED = 'A statement is issued once the distribution is approved.';
export const USER_REQUIRED = 'User is required.';

/**
 * Whose statements a viewer may read: staff anyone's (user_id required), a missionary only their
 * own (user_id optional). 404 for an unknown user.
 */
export async function statementOwner(db: DbOrTx, viewer: AuthUser, userId: number | undefined): Promise<number> {
  if (!isStaff(viewer.role)) {
    if (userId !== undefined && userId !== viewer.id) throw AppError.forbidden();
    return viewer.id;
  }
  if (userId === undefined) throw AppError.field('user_id', USER_REQUIRED);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw AppError.notFound('User not found.');
  return user.id;
}

type DistributionRow = typeof distributions.$inferSelect;

function serializeStatement(row: DistributionRow) {
  return {
    id: row.id,
    distribution_id: row.id,
    user_id: row.userId,
    user_name: row.userName,
    start_date: row.startDate,
    end_date: row.endDate,
    donation_upload_name: row.donationUploadName,
    total_donations: toDollars(row.totalDonations),
    total_funds_disbursed: toDollars(row.totalFundsDisbursed),
    ending_balance: toDollars(row.endingBalance),
    approved_at: row.approvedAt ? row.approvedAt.toISOString() : null,
    url: `/api/distribution/${row.id}/statement.pdf`,
  };
}

export type SerializedStatement = ReturnType<typeof serializeStatement>;

/** GET /statements: the user's statements (approved distributions), newest first. */
export async function listStatements(db: DbOrTx, viewer: AuthUser, userId: number | undefined) {
  const owner = await statementOwner(db, viewer, userId);
  // Decision 18: the newest MAX_LIST_ROWS statements, and the count of all in X-Total-Count.
  const [rows, [{ total }]] = await Promise.all([
    approvedDistributionsOf(db, owner, MAX_LIST_ROWS),
    db
      .select({ total: count() })
      .from(distributions)
      .where(and(eq(distributions.userId, owner), eq(distributions.status, 'approved'))),
  ]);
  return { rows: rows.map(serializeStatement), total };
}

/** GET /statements/trend: donations and ending balance of the last 12 approved distributions, oldest first. */
export async function statementTrend(db: DbOrTx, viewer: AuthUser, userId: number | undefined) {
  const owner = await statementOwner(db, viewer, userId);
  const rows = await approvedDistributionsOf(db, owner, TREND_LENGTH);
  return {
    user_id: owner,
    points: rows.reverse().map((row) => ({
      distribution_id: row.id,
      start_date: row.startDate,
      end_date: row.endDate,
      total_donations: toDollars(row.totalDonations),
      ending_balance: toDollars(row.endingBalance),
    })),
  };
}

/**
 * A distribution whose statement (and pay stub) a viewer may read: staff any approved one; a
 * missionary only their own approved ones (another's: 403; their own pending one does not exist for
 * them: 404). A reversed one keeps its statement, which says so first (docs/distribution.md
 * "Reversing an approval"); a pending one has none yet (409 for staff).
 */
export async function issuedDistribution(db: DbOrTx, viewer: AuthUser, id: number) {
  const found = await findDistribution(db, id);
  if (!found) throw AppError.notFound('Distribution not found.');
  const d = found.distribution;
  if (!isStaff(viewer.role)) {
    if (d.userId !== viewer.id) throw AppError.forbidden();
    if (d.status === 'pending') throw AppError.notFound('Distribution not found.');
  }
  if (d.status === 'pending') throw AppError.conflict(NOT_APPROVED);
  return found;
}

/** The statement PDF of one distribution (who may read it: issuedDistribution). */
export async function statementPdf(
  db: DbOrTx,
  viewer: AuthUser,
  id: number,
  site: { title: string; terms: Terms },
  now: Date,
) {
  const found = await issuedDistribution(db, viewer, id);
  const d = found.distribution;
  const statement = buildStatement(await loadStatementSource(db, found, site));
  return {
    content: await writeStatementPdf(statement, now),
    filename: statementFilename(found.missionaryNumber, d.userId, d.endDate),
  };
}
