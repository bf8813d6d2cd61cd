import { eq } from 'drizzle-orm';
import { addDays, isoDateOf } from '../../domain/dates';
import { yearOf } from '../../domain/distributions/payroll-year';
import { AppError } from '../../domain/errors';
import { type Cents, formatUSD, toDollars } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { advanceRequests, advanceWageConfirmations, distributions } from '../db/schema';
import { recordAudit } from '../journal/journal';
import { SETTLE_WITHIN_DAYS } from './load-year';

/**
 * POST /advance-request/{id}/confirm-wages (admin): an advance paid and not settled within 120 days
 * becomes wages of the year its 120th day falls in (Treas. Reg. §1.62-2; docs/tax.md). Refused
 * (409) before the 120 days are over, for a closed advance, and twice; the amount is at most what
 * was paid (422).
 */
export async function confirmAdvanceWages(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  body: { amount: Cents; note?: string | null },
) {
  const today = isoDateOf(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [advance] = await tx
      .select({
        id: advanceRequests.id,
        userId: advanceRequests.userId,
        status: advanceRequests.status,
        paid: advanceRequests.distAmountApproved,
        approvedAt: distributions.approvedAt,
        distributionStatus: distributions.status,
      })
      .from(advanceRequests)
      .leftJoin(distributions, eq(distributions.id, advanceRequests.distributionId))
      .where(eq(advanceRequests.id, id))
      .for('update', { of: advanceRequests });
    if (!advance) throw AppError.notFound('Advance request not found.');
    if (advance.paid === null || advance.approvedAt === null || advance.distributionStatus !== 'approved') {
      throw AppError.conflict('This advance has not been paid: there is nothing to confirm as wages.');
    }
    if (advance.status === 'closed') throw AppError.conflict('This advance is settled: its report was processed.');
    const dueOn = addDays(isoDateOf(advance.approvedAt), SETTLE_WITHIN_DAYS);
    if (dueOn >= today) throw AppError.conflict(`This advance has until ${dueOn} to be accounted for.`);
    if (body.amount > advance.paid) {
      throw AppError.field('amount', `At most the ${formatUSD(advance.paid)} paid can be confirmed as wages.`);
    }
    const [existing] = await tx
      .select()
      .from(advanceWageConfirmations)
      .where(eq(advanceWageConfirmations.advanceRequestId, id));
    if (existing) throw AppError.conflict('This advance is already confirmed as wages.');
    const year = yearOf(dueOn);
    await tx.insert(advanceWageConfirmations).values({
      advanceRequestId: id,
      userId: advance.userId,
      year,
      amount: body.amount,
      note: body.note ?? null,
      confirmedBy: actor.id,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'confirm_wages',
      entityType: 'advance_request',
      entityId: id,
      details: { year, amount: toDollars(body.amount) },
    });
    return { advance_id: id, year, amount: toDollars(body.amount) };
  });
}
