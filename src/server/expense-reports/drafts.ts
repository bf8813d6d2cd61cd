import { and, eq, isNull, sql } from 'drizzle-orm';
import { reusableDraft } from '../../domain/expense-reports/drafts';
import type { Tx } from '../db/client';
import { expenseReports } from '../db/schema';

/**
 * Start Report reuses the missionary's newest empty reimbursement draft (domain rule in
 * reusableDraft) instead of adding another one. Returns its id, reset to the distance type asked
 * for, or null when a new report is to be created. The report row is locked like any edit.
 */
export async function reuseEmptyDraft(tx: Tx, userId: number, distanceType: string, now: Date): Promise<number | null> {
  const drafts = await tx
    .select({
      id: expenseReports.id,
      type: expenseReports.type,
      submitted: expenseReports.submitted,
      // Qualified by hand: in a one-table select drizzle writes a bare "id", which the subquery would take for its own.
      items: sql<number>`(select count(*) from expenses e where e.expense_report_id = expense_reports.id)::int
        + (select count(*) from mileage m where m.expense_report_id = expense_reports.id)::int`,
      files: sql<number>`(select count(*) from file_uploads f where f.expense_report_id = expense_reports.id)::int`,
    })
    .from(expenseReports)
    .where(
      and(
        eq(expenseReports.userId, userId),
        eq(expenseReports.type, 'reimbursement'),
        eq(expenseReports.submitted, false),
        isNull(expenseReports.archivedAt),
      ),
    );
  const id = reusableDraft(
    drafts.map((draft) => ({
      ...draft,
      type: draft.type as 'reimbursement' | 'advance',
      archived: false,
      items: Number(draft.items),
      files: Number(draft.files),
    })),
  );
  if (id === null) return null;
  await tx
    .update(expenseReports)
    .set({ distanceType, updatedAt: now })
    .where(and(eq(expenseReports.id, id), eq(expenseReports.submitted, false)));
  return id;
}
