import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { returnReportSchema } from '../../domain/expense-reports/schemas';
import { advanceFor } from '../advances/access';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { advanceRequests, expenseReports } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { reportReturnedMail } from '../notifications/notifications';
import { queueNotification } from '../notifications/queue-mail';
import { reportFor } from './access';
import { getFullReport } from './list-reports';
import { recordReportEvent } from './report-events';

/**
 * PATCH /return-expense-report/{id} (staff, decision 20): a submitted, unprocessed report goes back to
 * its missionary with a comment. It becomes editable again and is submitted again as usual. An advance
 * report's advance goes back to approved, so the report can be submitted against it once more.
 * Nothing is paid or owed by a submitted report, so no balance moves.
 */
export async function returnReport(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof returnReportSchema>,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const report = await reportFor(tx, id, 'return', actor, { lock: true });
    if (report.advanceRequestId !== null) {
      const advance = await advanceFor(tx, report.advanceRequestId, 'return_report', actor, { lock: true });
      await tx
        .update(advanceRequests)
        .set({ status: 'approved', updatedAt: now })
        .where(eq(advanceRequests.id, advance.id));
    }
    await tx
      .update(expenseReports)
      .set({ submitted: false, returnedAt: now, updatedAt: now })
      .where(eq(expenseReports.id, id));
    await recordReportEvent(tx, {
      reportId: id,
      action: 'returned',
      actorId: actor.id,
      comment: input.comment,
      at: now,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'return',
      entityType: 'expense_report',
      entityId: id,
      details: { comment: input.comment },
    });
    await queueNotification(
      tx,
      ctx.config,
      reportReturnedMail({ id, userId: report.userId, comment: input.comment, by: actor.name }),
      now,
    );
  });
  return getFullReport(ctx.db, id);
}
