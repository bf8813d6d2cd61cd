import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  balanceKey,
  distributionPeriod,
  REVERSAL_MESSAGES,
  reversalSentence,
} from '../../domain/distributions/reversal';
import type { TReversalPreview } from '../../domain/distributions/reversal-contract';
import { AppError } from '../../domain/errors';
import { type Cents, toDecimalString, toDollars } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import {
  advanceRequests,
  distributions,
  donations,
  expenseReports,
  holdAccounts,
  holdAccountTransactions,
  profiles,
  users,
} from '../db/schema';
import { postJournal, recordAudit } from '../journal/journal';
import { distributionReversedMail } from '../notifications/notifications';
import { queueNotification } from '../notifications/queue-mail';
import { assertFreshSecondFactor, secondFactorNeeded } from '../second-factor/freshness';
import { planReversal, type ReversalPlan } from './reverse-plan';
import { serializeDistributionSummary } from './serialize';

/**
 * POST /distribution/{id}/reverse (docs/distribution.md "Reversing an approval"): in ONE
 * transaction, with the rows locked as approval locks them, the missionary's latest approved
 * distribution is undone — the opposite of every journal row its approval wrote (dated today, each
 * naming the row it undoes), the fund, unreimbursed and hold-account balances put back, the
 * hold-account transactions it posted marked reversed, its reports unprocessed and payable again
 * (older reports' paid-down parts given back), its advances unpaid as they were, its donations
 * free for the next distribution — and the row kept, status `reversed`, with when, who and why.
 * The missionary is mailed; an audit event records it.
 */
export async function reverseDistribution(ctx: AppContext, actor: AuthUser, token: string, id: number, reason: string) {
  await assertFreshSecondFactor(ctx, actor, token, REVERSAL_MESSAGES.staleSecondFactor);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const plan = await planReversal(tx, id, true);
    if (plan.refusal) throw AppError.conflict(plan.refusal);
    assertCompleteJournal(plan);
    await writeReversal(tx, plan, { actorId: actor.id, now, reason });
    const [row] = await tx.select().from(distributions).where(eq(distributions.id, id));
    const [owner] = await tx
      .select({ missionaryNumber: users.missionaryNumber })
      .from(users)
      .where(eq(users.id, row.userId));
    await queueNotification(
      tx,
      ctx.config,
      distributionReversedMail({ ...row, reason, reversedBy: actor.name, reversedAt: now }),
      now,
    );
    return {
      ...serializeDistributionSummary(row, owner ?? { missionaryNumber: null }),
      message: 'The distribution was reversed.',
      journal_rows: plan.reversal.journal.length,
    };
  });
}

/** The fund rows found must be exactly the approval's: starting balance to ending balance. */
function assertCompleteJournal(plan: ReversalPlan): void {
  const fundRows = plan.reversal.journal.filter((r) => r.account === 'user_fund');
  const moved = -fundRows.reduce((total, r) => total + r.amount, 0);
  if (moved !== plan.row.endingBalance - plan.row.startingBalance) {
    throw new Error(
      `distribution #${plan.row.id}: its approval's fund rows move ${moved}, not ${plan.row.endingBalance - plan.row.startingBalance}`,
    );
  }
}

interface WriteArgs {
  actorId: number;
  now: Date;
  reason: string;
}

async function writeReversal(tx: Tx, plan: ReversalPlan, { actorId, now, reason }: WriteArgs): Promise<void> {
  const { row, reversal } = plan;
  const id = row.id;
  await postJournal(
    tx,
    reversal.journal.map((r) => ({
      account: r.account,
      accountId: r.accountId,
      amount: r.amount,
      balanceAfter: r.balanceAfter,
      reason: r.reason,
      refType: r.refType ?? undefined,
      refId: r.refId ?? undefined,
      memo: r.memo,
      actorId,
      reversesJournalId: r.reverses,
      createdAt: now,
    })),
  );
  const fund = reversal.balances.get(balanceKey('user_fund', row.userId));
  const owed = reversal.balances.get(balanceKey('user_unreimbursed', row.userId));
  if (fund !== undefined || owed !== undefined) {
    await tx
      .update(profiles)
      .set({
        ...(fund !== undefined && { fundBalance: fund }),
        ...(owed !== undefined && { unreimbursedAmount: owed }),
        updatedAt: now,
      })
      .where(eq(profiles.userId, row.userId));
  }
  for (const holdId of new Set(reversal.journal.filter((r) => r.account.startsWith('hold_')).map((r) => r.accountId))) {
    const balance = reversal.balances.get(balanceKey('hold_account', holdId));
    const unreimbursed = reversal.balances.get(balanceKey('hold_account_unreimbursed', holdId));
    await tx
      .update(holdAccounts)
      .set({
        ...(balance !== undefined && { balance }),
        ...(unreimbursed !== undefined && { unreimbursedAmount: unreimbursed }),
        updatedAt: now,
      })
      .where(eq(holdAccounts.id, holdId));
  }
  await tx
    .update(holdAccountTransactions)
    .set({ status: 'reversed' })
    .where(and(eq(holdAccountTransactions.distributionId, id), eq(holdAccountTransactions.status, 'posted')));
  await freeReferences(tx, plan, now);
  await tx
    .update(distributions)
    .set({ status: 'reversed', reversedAt: now, reversedBy: actorId, reversalReason: reason, updatedAt: now })
    .where(and(eq(distributions.id, id), eq(distributions.status, 'approved')));
  await recordAudit(tx, {
    actorId,
    action: 'reverse',
    entityType: 'distribution',
    entityId: id,
    details: {
      user_id: row.userId,
      reason,
      journal_rows: reversal.journal.length,
      fund_change: toDecimalString(plan.summary.fundChange),
      fund_after: toDecimalString(plan.summary.fundAfter),
      unreimbursed_after: toDecimalString(plan.summary.unreimbursedAfter),
      reports: plan.reportIds,
      advances: plan.advances.map((a) => a.id),
      donations: plan.donations.length,
    },
  });
}

/** Reports unprocessed (paid-down parts given back), advances unpaid as they were, donations freed. */
async function freeReferences(tx: Tx, plan: ReversalPlan, now: Date): Promise<void> {
  if (plan.reportIds.length > 0) {
    // As a submitted, unprocessed reimbursement report is (src/domain/expense-reports/calculations.ts
    // unreimbursedOf: a reimbursement owes its total until processed).
    await tx
      .update(expenseReports)
      .set({
        processed: false,
        processedAt: null,
        processedBy: null,
        distributionId: null,
        distAmountReimbursed: null,
        distHoldAccountWithdrawals: null,
        distAmountUnreimbursed: null,
        payout: null,
        // Payable again: archiving a paid report hid it; an unpaid one shows in the queue.
        archivedAt: null,
        unreimbursedAmount: sql`${expenseReports.totalAmount}`,
        updatedAt: now,
      })
      .where(inArray(expenseReports.id, plan.reportIds));
  }
  for (const p of plan.paydown) {
    await tx
      .update(expenseReports)
      .set({
        unreimbursedAmount: sql`${expenseReports.unreimbursedAmount} + ${toDecimalString(p.paid)}::numeric`,
        updatedAt: now,
      })
      .where(eq(expenseReports.id, p.reportId));
  }
  for (const a of plan.advances) {
    await tx
      .update(advanceRequests)
      .set({
        status: a.status,
        approved: a.approved,
        amountApproved: a.amountApproved,
        distAmountApproved: null,
        matDate: a.matDate,
        archivedAt: null,
        distributionId: null,
        updatedAt: now,
      })
      .where(eq(advanceRequests.id, a.id));
  }
  for (const approved of [true, false]) {
    const ids = plan.donations.filter((d) => d.approved === approved).map((d) => d.id);
    if (ids.length > 0)
      await tx.update(donations).set({ approved, distributionId: null }).where(inArray(donations.id, ids));
  }
}

/** GET /distribution/{id}/reverse: what reversing would do now, and whether it may. */
export async function reversalPreview(
  ctx: AppContext,
  actor: AuthUser,
  token: string,
  id: number,
): Promise<TReversalPreview> {
  const plan = await planReversal(ctx.db, id, false);
  const { summary, row } = plan;
  const dollars = (cents: Cents) => toDollars(cents);
  return {
    id,
    sentence: reversalSentence(row.userName, distributionPeriod(row.startDate, row.endDate), summary),
    fund_change: dollars(summary.fundChange),
    fund_after: dollars(summary.fundAfter),
    unreimbursed_change: dollars(summary.unreimbursedChange),
    unreimbursed_after: dollars(summary.unreimbursedAfter),
    hold_accounts: summary.holdAccounts.map((h) => ({
      id: h.id,
      fund_name: plan.fundNames.get(h.id) ?? `#${h.id}`,
      change: dollars(h.change),
      balance_after: dollars(h.balanceAfter),
    })),
    reports: summary.reports,
    advances: summary.advances,
    donations: summary.donations,
    refusal: plan.refusal,
    second_factor_needed: await secondFactorNeeded(ctx.db, actor, token, ctx.clock.now()),
  };
}
