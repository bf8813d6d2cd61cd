import { eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { decideReport, type ReportAction } from '../../domain/expense-reports/states';
import type { AuthUser } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { distributions, expenseReports } from '../db/schema';
import type { ReportRow } from './serialize';

export const REPORT_NOT_FOUND = 'Expense report not found.';

/**
 * Reads the report (locked FOR UPDATE inside a write transaction, so concurrent edits of one report
 * run one after another) and applies the domain decision: 404, 403 or 409 before anything changes.
 */
export async function reportFor(
  db: DbOrTx,
  id: number,
  action: ReportAction,
  actor: AuthUser,
  options: { lock?: boolean } = {},
): Promise<ReportRow> {
  const query = db.select().from(expenseReports).where(eq(expenseReports.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound(REPORT_NOT_FOUND);
  const decision = decideReport(
    action,
    {
      userId: row.userId,
      submitted: row.submitted,
      processed: row.processed,
      archived: row.archivedAt !== null,
      returned: row.returnedAt !== null,
      distributionId: row.distributionId,
      distributionStatus: await distributionStatusOf(db, row.distributionId),
    },
    actor,
  );
  if (!decision.ok) throw new AppError(decision.code, decision.message);
  return row;
}

/** The referencing distribution's status (null when none); pending ones may still change. */
export async function distributionStatusOf(db: DbOrTx, distributionId: number | null) {
  if (distributionId === null) return null;
  const [row] = await db
    .select({ status: distributions.status })
    .from(distributions)
    .where(eq(distributions.id, distributionId));
  return (row?.status ?? null) as 'pending' | 'approved' | null;
}
