import { and, desc, eq } from 'drizzle-orm';
import { distributions } from '../../db/schema';
import { fail } from './command';
import { heldBy, paymentStats } from './payment-model';
import { call, type Model, type Real } from './world';

/**
 * Reversals meeting payments in the office model (docs/payments.md "Returns"): a distribution a batch
 * holds cannot be reversed. reverseAndRebuild (reversals.ts) meets it on a missionary's latest
 * approval; recordReturn (payments.ts) tries the reversal first, as an office might before it learns
 * that a payment that came back is recorded as a return.
 */

/**
 * Money that left the bank is not undone by a reversal (docs/payments.md "Returns"): a distribution a
 * released batch holds is refused (409) pointing to returns, one a draft holds asks for its line to be
 * left out first; nothing moves (the step check compares every balance). True when a batch holds it.
 */
export function refusedForBatch(model: Model, id: number, answer: { status: number; body: { message?: string } }) {
  const batch = heldBy(model.payments, `d:${id}`);
  if (!batch) return false;
  const says = batch.status === 'released' ? 'record a payment return' : 'leave its line out';
  if (answer.status !== 409 || !answer.body.message?.includes(says)) {
    fail(
      `reversing #${id}, held by ${batch.status} batch #${batch.id}, answered ${answer.status} "${answer.body.message}"`,
    );
  }
  if (batch.status === 'released') paymentStats.reversalsRefused += 1;
  else paymentStats.reversalsRefusedDraft += 1;
  return true;
}

/** A missionary's latest approval: the only one a reversal may undo. */
export async function latestApproval(real: Real, userId: number) {
  const [latest] = await real.t.ctx.db
    .select()
    .from(distributions)
    .where(and(eq(distributions.userId, userId), eq(distributions.status, 'approved')))
    .orderBy(desc(distributions.approvedAt), desc(distributions.id))
    .limit(1);
  return latest ?? null;
}

/**
 * Reverse a distribution a released batch paid: refused (409), nothing moves; when it is the
 * missionary's latest approval (the first rule a reversal checks) the refusal points to returns.
 */
export async function reversePaid(model: Model, real: Real, id: number, userId: number) {
  const latest = await latestApproval(real, userId);
  const answer = await call(real, 'POST', `/api/distribution/${id}/reverse`, {
    token: real.admin.token,
    json: { reason: 'Office model' },
  });
  if (latest?.id === id) refusedForBatch(model, id, answer);
  else if (answer.status !== 409) fail(`reversing #${id}, paid by a released batch, answered ${answer.status}`);
}
