import { eq } from 'drizzle-orm';
import { type AdvanceAction, type AdvanceStatus, decideAdvance } from '../../domain/advances/states';
import { AppError } from '../../domain/errors';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { advanceRequests } from '../db/schema';
import { distributionStatusOf } from '../expense-reports/access';

export const ADVANCE_NOT_FOUND = 'Advance request not found.';

export type AdvanceRow = typeof advanceRequests.$inferSelect;

export function advanceFacts(row: AdvanceRow, distributionStatus?: 'pending' | 'approved' | null) {
  return {
    distributionStatus,
    userId: row.userId,
    status: row.status as AdvanceStatus,
    archived: row.archivedAt !== null,
    distributionId: row.distributionId,
    expenseReportId: row.expenseReportId,
    unpaid: row.approved && row.amountApproved !== null && row.distAmountApproved === null,
  };
}

/** The advance request, locked when asked, with the domain decision applied. */
export async function advanceFor(
  db: DbOrTx,
  id: number,
  action: AdvanceAction,
  actor: AuthUser,
  options: { lock?: boolean } = {},
): Promise<AdvanceRow> {
  const query = db.select().from(advanceRequests).where(eq(advanceRequests.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(ADVANCE_NOT_FOUND);
  const decision = decideAdvance(action, advanceFacts(row, await distributionStatusOf(db, row.distributionId)), actor);
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  return row;
}
