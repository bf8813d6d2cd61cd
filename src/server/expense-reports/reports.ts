import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { decideAdvance } from '../../domain/advances/states';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { advanceReportProblem, cashReturnedProblem } from '../../domain/expense-reports/calculations';
import type { createReportSchema, saveReportSchema, submitReportSchema } from '../../domain/expense-reports/schemas';
import { MESSAGES } from '../../domain/messages';
import { advanceFacts, advanceFor } from '../advances/access';
import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { advanceRequests, expenseReports, expenses, fileUploads, mileage } from '../db/schema';
import { claimIdempotencyKey, type IdempotencyKey, rememberResource } from '../http/idempotency';
import { recordAudit } from '../journal/journal';
import { queueSubmissionNotices } from '../notifications/office-notices';
import { reportFor } from './access';
import { reuseEmptyDraft } from './drafts';
import { getFullReport } from './list-reports';
import { recomputeReport } from './recompute';
import { recordReportEvent } from './report-events';
import type { ReportRow } from './serialize';

export const REPORT_RULE_MESSAGES = {
  emptyReport: 'Add at least one expense or mileage trip before submitting.',
  noneWithTrips: 'Delete the mileage trips before choosing None.',
} as const;

/**
 * POST /expense-report: a missionary starts a report for themselves (an advance one from an approved
 * advance); a reimbursement report continues their newest empty draft when they have one.
 */
export async function createReport(
  ctx: AppContext,
  actor: AuthUser,
  input: z.output<typeof createReportSchema>,
  idempotency: IdempotencyKey | null = null,
) {
  if (input.user_id !== undefined && input.user_id !== actor.id) throw AppError.forbidden();
  const now = ctx.clock.now();
  const id = await ctx.db.transaction(async (tx) => {
    // A retried request (same Idempotency-Key and body) answers with the report the first one made.
    const prior = idempotency ? await claimIdempotencyKey(tx, actor.id, idempotency, now) : null;
    if (prior !== null) return prior;
    const made = await insertReport(tx, actor, input, now);
    if (idempotency) await rememberResource(tx, actor.id, idempotency.key, made);
    return made;
  });
  return getFullReport(ctx.db, id);
}

async function insertReport(tx: Tx, actor: AuthUser, input: z.output<typeof createReportSchema>, now: Date) {
  if (input.type === 'reimbursement') {
    // Start Report and leave, again and again, must not pile up empty drafts.
    const reused = await reuseEmptyDraft(tx, actor.id, input.distance_type ?? 'none', now);
    if (reused !== null) return reused;
  }
  let advanceId: number | null = null;
  if (input.type === 'advance') {
    const advance = await advanceFor(tx, input.advance_request_id!, 'start_report', actor, { lock: true });
    advanceId = advance.id;
  }
  const [report] = await tx
    .insert(expenseReports)
    .values({
      type: input.type,
      userId: actor.id,
      distanceType: input.distance_type ?? 'none',
      advanceRequestId: advanceId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (advanceId !== null) {
    await tx
      .update(advanceRequests)
      .set({ expenseReportId: report.id, updatedAt: now })
      .where(eq(advanceRequests.id, advanceId));
  }
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'create',
    entityType: 'expense_report',
    entityId: report.id,
    details: { type: input.type, advance_request_id: advanceId },
  });
  return report.id;
}

/** PATCH /save/expense-report/{id}: Finish Later, or a change of distance type (costs follow the unit). */
export async function saveReport(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof saveReportSchema>,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    let report = await reportFor(tx, id, 'edit', actor, { lock: true });
    if (input.distance_type !== undefined && input.distance_type !== report.distanceType) {
      if (input.distance_type === 'none') {
        const [{ trips }] = await tx.select({ trips: count() }).from(mileage).where(eq(mileage.expenseReportId, id));
        if (trips > 0) throw AppError.field('distance_type', REPORT_RULE_MESSAGES.noneWithTrips);
      }
      [report] = await tx
        .update(expenseReports)
        .set({ distanceType: input.distance_type, updatedAt: now })
        .where(eq(expenseReports.id, id))
        .returning();
    }
    if (input.cash_returned !== undefined) report = await setCashReturned(tx, report, input.cash_returned, now);
    await recomputeReport(tx, report, now);
  });
  return getFullReport(ctx.db, id);
}

/** Decision 34: the unspent cash an advance report gives back, at most the approved amount. */
async function setCashReturned(tx: Tx, report: ReportRow, cents: number, now: Date): Promise<ReportRow> {
  let approved = 0;
  if (report.advanceRequestId !== null) {
    const [advance] = await tx
      .select({ approved: advanceRequests.amountApproved })
      .from(advanceRequests)
      .where(eq(advanceRequests.id, report.advanceRequestId));
    approved = advance?.approved ?? 0;
  }
  const type = report.type === 'advance' ? 'advance' : 'reimbursement';
  const problem = cashReturnedProblem(cents, approved, type);
  if (problem) throw AppError.field('cash_returned', problem);
  const [updated] = await tx
    .update(expenseReports)
    .set({ cashReturned: cents, updatedAt: now })
    .where(eq(expenseReports.id, report.id))
    .returning();
  return updated;
}

async function itemCounts(tx: Tx, id: number) {
  // Sequential: a transaction's queries share one connection.
  const [{ expenseCount }] = await tx
    .select({ expenseCount: count() })
    .from(expenses)
    .where(eq(expenses.expenseReportId, id));
  const [{ tripCount }] = await tx.select({ tripCount: count() }).from(mileage).where(eq(mileage.expenseReportId, id));
  const [{ fileCount }] = await tx
    .select({ fileCount: count() })
    .from(fileUploads)
    .where(eq(fileUploads.expenseReportId, id));
  return { items: expenseCount + tripCount, files: fileCount };
}

/**
 * PATCH /submit/expense-report/{id}: totals are computed once more; an advance report needs a
 * receipt and a total within $1 of the approved amount, and moves its advance to submitted.
 */
export async function submitReport(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof submitReportSchema> = {},
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    let locked = await reportFor(tx, id, 'submit', actor, { lock: true });
    if (input.cash_returned !== undefined) locked = await setCashReturned(tx, locked, input.cash_returned, now);
    const report = await recomputeReport(tx, locked, now);
    const { items, files } = await itemCounts(tx, id);
    if (report.type === 'advance') {
      const [advance] = await tx
        .select()
        .from(advanceRequests)
        .where(eq(advanceRequests.id, report.advanceRequestId!))
        .for('update');
      const decision = decideAdvance('submit_report', advanceFacts(advance), actor);
      if (!decision.ok) throw new AppError(decision.code, decision.message);
      if (files === 0) throw AppError.field('file', MESSAGES.fileNotChosen);
      const problem = advanceReportProblem(report.totalAmount, advance.amountApproved ?? 0, report.cashReturned);
      if (problem) throw AppError.field('total_amount', problem);
      await tx
        .update(advanceRequests)
        .set({ status: 'submitted', updatedAt: now })
        .where(eq(advanceRequests.id, advance.id));
    } else if (items === 0) {
      throw AppError.field('expense', REPORT_RULE_MESSAGES.emptyReport);
    }
    await tx
      .update(expenseReports)
      .set({ submitted: true, dateSubmitted: isoDateOf(now), returnedAt: null, updatedAt: now })
      .where(eq(expenseReports.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'submit',
      entityType: 'expense_report',
      entityId: id,
      details: { total_amount: report.totalAmount, cash_returned: report.cashReturned },
    });
    await recordReportEvent(tx, { reportId: id, action: 'submitted', actorId: actor.id, at: now });
    await queueSubmissionNotices(tx, ctx, {
      kind: report.type === 'advance' ? 'advance_report' : 'expense_report',
      id,
      userId: report.userId,
      amount: report.totalAmount,
      at: now,
    });
  });
  return getFullReport(ctx.db, id);
}

export { processReport } from './process-report';

/**
 * DELETE /expense-report/unsubmitted/{id} (owner or admin, drafts) and DELETE /expense-report/{id}
 * (admin, unprocessed). An advance report's advance goes back to approved, ready for a new report.
 * Receipts leave storage after the rows are gone.
 */
export async function deleteReport(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  action: 'delete_unsubmitted' | 'delete',
) {
  const now = ctx.clock.now();
  const keys = await ctx.db.transaction(async (tx) => {
    const report = await reportFor(tx, id, action, actor, { lock: true });
    if (report.advanceRequestId !== null) {
      const advance = await advanceFor(tx, report.advanceRequestId, 'remove_report', actor, { lock: true });
      await tx
        .update(advanceRequests)
        .set({ status: 'approved', expenseReportId: null, updatedAt: now })
        .where(eq(advanceRequests.id, advance.id));
    }
    const files = await tx
      .select({ key: fileUploads.filePath })
      .from(fileUploads)
      .where(eq(fileUploads.expenseReportId, id));
    await tx.delete(expenseReports).where(eq(expenseReports.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'delete',
      entityType: 'expense_report',
      entityId: id,
      details: {
        user_id: report.userId,
        type: report.type,
        submitted: report.submitted,
        total_amount: report.totalAmount,
      },
    });
    return files.map((file) => file.key);
  });
  await removeStoredFiles(ctx, keys);
  return { id, success: true, message: MESSAGES.reportDeleted };
}

export async function removeStoredFiles(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await ctx.storage
      .delete(key)
      .catch((error: unknown) => ctx.log.error({ err: errorSummary(error), key }, 'receipt not removed'));
  }
}

/** DELETE /expense-report/processed/{id} (admin): archive a processed report; it stays readable. */
export async function archiveReport(ctx: AppContext, actor: AuthUser, id: number) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await reportFor(tx, id, 'archive', actor, { lock: true });
    await tx.update(expenseReports).set({ archivedAt: now, updatedAt: now }).where(eq(expenseReports.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'archive', entityType: 'expense_report', entityId: id });
  });
  return getFullReport(ctx.db, id);
}
