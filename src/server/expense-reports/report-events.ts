import { asc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { expenseReportEvents, users } from '../db/schema';
import type { ReportRow } from './serialize';

export type ReportEventAction = 'submitted' | 'returned' | 'processed';

/** One line of the report's history, written in the transaction that made the change (decision 20). */
export async function recordReportEvent(
  tx: Tx,
  event: { reportId: number; action: ReportEventAction; actorId: number; comment?: string | null; at: Date },
): Promise<void> {
  await tx.insert(expenseReportEvents).values({
    expenseReportId: event.reportId,
    action: event.action,
    actorId: event.actorId,
    comment: event.comment ?? null,
    createdAt: event.at,
  });
}

export interface ReportEvent {
  id: number | null;
  action: ReportEventAction;
  actor_id: number | null;
  actor_name: string | null;
  comment: string | null;
  created_at: string;
}

/**
 * The history, oldest first. A report paid by a distribution is processed by the approval, which
 * writes no event of its own; that step is shown from the report's columns so the history is whole.
 */
export async function listReportEvents(db: DbOrTx, report: ReportRow): Promise<ReportEvent[]> {
  const rows = await db
    .select({ event: expenseReportEvents, actorName: users.name })
    .from(expenseReportEvents)
    .leftJoin(users, eq(users.id, expenseReportEvents.actorId))
    .where(eq(expenseReportEvents.expenseReportId, report.id))
    .orderBy(asc(expenseReportEvents.createdAt), asc(expenseReportEvents.id));
  const events: ReportEvent[] = rows.map(({ event, actorName }) => ({
    id: event.id,
    action: event.action as ReportEventAction,
    actor_id: event.actorId,
    actor_name: actorName,
    comment: event.comment,
    created_at: event.createdAt.toISOString(),
  }));
  if (report.processed && report.processedAt && !events.some((event) => event.action === 'processed')) {
    events.push({
      id: null,
      action: 'processed',
      actor_id: null,
      actor_name: null,
      comment: report.distributionId === null ? null : `Paid by distribution #${report.distributionId}`,
      created_at: report.processedAt.toISOString(),
    });
  }
  return events;
}

/** The comment the missionary must act on: the last return's, while the report is still returned. */
export function pendingReturnComment(report: ReportRow, events: readonly ReportEvent[]): string | null {
  if (report.returnedAt === null || report.submitted) return null;
  const last = [...events].reverse().find((event) => event.action === 'returned');
  return last?.comment ?? null;
}
