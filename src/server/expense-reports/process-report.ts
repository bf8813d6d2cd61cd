import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { resolvePayout } from '../../domain/expense-reports/calculations';
import {
  type HoldAccountPayout,
  type PayoutLine,
  type PayoutSources,
  payoutProblem,
  planPayout,
} from '../../domain/expense-reports/payout';
import type { processReportSchema } from '../../domain/expense-reports/schemas';
import { type Cents, formatUSD, toDecimalString } from '../../domain/money';
import { advanceFor } from '../advances/access';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import {
  advanceRequests,
  expenseReports,
  expenses,
  holdAccounts,
  holdAccountTransactions,
  mileage,
  profiles,
} from '../db/schema';
import { CASH_RETURNED_REASON, postJournal, recordAudit } from '../journal/journal';
import { reportProcessedMail } from '../notifications/notifications';
import { queueNotification } from '../notifications/queue-mail';
import { reportFor } from './access';
import { getFullReport } from './list-reports';
import { recordReportEvent } from './report-events';
import type { ReportRow } from './serialize';

/**
 * PATCH /process-expense-report/{id} (admin). A reimbursement's payout is paid now (decision
 * 14 of docs/decisions.md, src/domain/expense-reports/payout.ts): general-fund lines first, debited from the
 * missionary's fund with a journal row, then hold-account lines, withdrawn from their accounts. What
 * it does not pay stays owed where it is charged: general lines on the report and the user's
 * unreimbursed amount, hold-account lines on their account's unreimbursed amount. An advance report
 * confirms the receipt and closes the advance; closing pays nothing (a distribution pays advances).
 */
export async function processReport(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  input: z.output<typeof processReportSchema>,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const report = await reportFor(tx, id, 'process', actor, { lock: true });
    if (report.type === 'advance') {
      const advance = await advanceFor(tx, report.advanceRequestId!, 'close', actor, { lock: true });
      await tx
        .update(expenseReports)
        .set({ processed: true, processedAt: now, processedBy: actor.id, unreimbursedAmount: 0, updatedAt: now })
        .where(eq(expenseReports.id, id));
      await tx
        .update(advanceRequests)
        .set({ status: 'closed', updatedAt: now })
        .where(eq(advanceRequests.id, advance.id));
      await depositCashReturned(tx, report, advance.id, actor, now);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'process',
        entityType: 'expense_report',
        entityId: id,
        details: {
          advance_request_id: advance.id,
          total_amount: report.totalAmount,
          cash_returned: report.cashReturned,
        },
      });
      await recordReportEvent(tx, { reportId: id, action: 'processed', actorId: actor.id, at: now });
      await queueNotification(tx, ctx.config, reportProcessedMail({ ...report, payout: null, unreimbursed: 0 }), now);
      return;
    }
    const due = report.totalAmount;
    const result = resolvePayout(due, { payout: input.payout, newUnreimbursedTotal: input.new_unreimbursed_total });
    if (!result.ok) throw AppError.field(result.field, result.message);
    const lines = await payoutLines(tx, id);
    const sources = await lockPayoutSources(tx, report.userId, lines);
    const plan = planPayout(lines, result.payout, sources);
    const problem = payoutProblem(plan, sources);
    if (problem) throw AppError.field('payout', problem);
    await tx
      .update(expenseReports)
      .set({
        processed: true,
        processedAt: now,
        processedBy: actor.id,
        payout: result.payout,
        unreimbursedAmount: plan.generalOwed,
        updatedAt: now,
      })
      .where(eq(expenseReports.id, id));
    await payFromFund(tx, report, plan.generalPaid, actor, now);
    await addUnreimbursed(tx, report, plan.generalOwed, result.payout, actor, now);
    for (const account of plan.holdAccounts) {
      await payFromHoldAccount(tx, report, account, sources.holdAccounts.get(account.holdAccountId)!, actor, now);
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'process',
      entityType: 'expense_report',
      entityId: id,
      details: {
        due,
        payout: result.payout,
        unreimbursed: result.unreimbursed,
        general_paid: plan.generalPaid,
        general_owed: plan.generalOwed,
        hold_accounts: plan.holdAccounts,
      },
    });
    await recordReportEvent(tx, { reportId: id, action: 'processed', actorId: actor.id, at: now });
    await queueNotification(
      tx,
      ctx.config,
      reportProcessedMail({ ...report, payout: result.payout, unreimbursed: result.unreimbursed }),
      now,
    );
  });
  return getFullReport(ctx.db, id);
}

/**
 * The report's lines as the payout takes them, in the report's line order (date, then entry, as the
 * report shows them): expenses (maybe charged to a hold account), then trips (general lines).
 */
export async function payoutLines(tx: DbOrTx, reportId: number): Promise<PayoutLine[]> {
  const items = await tx
    .select({ id: expenses.id, amount: expenses.usdAmount, holdAccountId: expenses.holdAccountId })
    .from(expenses)
    .where(eq(expenses.expenseReportId, reportId))
    .orderBy(asc(expenses.date), asc(expenses.id));
  const trips = await tx
    .select({ id: mileage.id, amount: mileage.totalCost })
    .from(mileage)
    .where(eq(mileage.expenseReportId, reportId));
  return [...items, ...trips.map((trip) => ({ ...trip, holdAccountId: null }))];
}

/**
 * Locks what the payout moves in the order every balance writer takes (hold accounts by id, then
 * the profile) and returns their balances before the payment.
 */
async function lockPayoutSources(tx: Tx, userId: number, lines: readonly PayoutLine[]): Promise<PayoutSources> {
  const ids = [...new Set(lines.flatMap((line) => (line.holdAccountId === null ? [] : [line.holdAccountId])))];
  const accounts =
    ids.length === 0
      ? []
      : await tx
          .select({ id: holdAccounts.id, fundName: holdAccounts.fundName, balance: holdAccounts.balance })
          .from(holdAccounts)
          .where(inArray(holdAccounts.id, ids))
          .orderBy(asc(holdAccounts.id))
          .for('no key update');
  const [profile] = await tx
    .select({ fundBalance: profiles.fundBalance })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .for('no key update');
  return {
    fundBalance: profile?.fundBalance ?? 0,
    holdAccounts: new Map(accounts.map((row) => [row.id, { fundName: row.fundName, balance: row.balance }])),
  };
}

async function payFromFund(tx: Tx, report: ReportRow, amount: Cents, actor: AuthUser, now: Date) {
  if (amount === 0) return;
  const [profile] = await tx
    .insert(profiles)
    .values({ userId: report.userId, fundBalance: -amount, updatedAt: now })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { fundBalance: sql`${profiles.fundBalance} - ${toDecimalString(amount)}::numeric`, updatedAt: now },
    })
    .returning({ fundBalance: profiles.fundBalance });
  await postJournal(tx, {
    account: 'user_fund',
    accountId: report.userId,
    amount: -amount,
    balanceAfter: profile.fundBalance,
    reason: 'expense_report_payout',
    refType: 'expense_report',
    refId: report.id,
    memo: `Report #${report.id}: payout from the fund`,
    actorId: actor.id,
  });
}

/**
 * Decision 34: the unspent cash an advance report gives back goes into the missionary's fund when
 * the office confirms the report, with its journal row (reason advance_cash_returned) so the
 * statement and the accounting journal show the same deposit.
 */
async function depositCashReturned(tx: Tx, report: ReportRow, advanceId: number, actor: AuthUser, now: Date) {
  const amount = report.cashReturned;
  if (amount === 0) return;
  const [profile] = await tx
    .insert(profiles)
    .values({ userId: report.userId, fundBalance: amount, updatedAt: now })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { fundBalance: sql`${profiles.fundBalance} + ${toDecimalString(amount)}::numeric`, updatedAt: now },
    })
    .returning({ fundBalance: profiles.fundBalance });
  await postJournal(tx, {
    account: 'user_fund',
    accountId: report.userId,
    amount,
    balanceAfter: profile.fundBalance,
    reason: CASH_RETURNED_REASON,
    refType: 'expense_report',
    refId: report.id,
    memo: `Advance #${advanceId}: ${formatUSD(amount)} cash returned (report #${report.id})`,
    actorId: actor.id,
  });
}

/**
 * The hold-account part of a payout: one posted withdrawal per expense line it pays (the line's
 * id on the row, so a line is never paid twice), and what stays owed added to the account's
 * unreimbursed amount, each with its journal row.
 */
async function payFromHoldAccount(
  tx: Tx,
  report: ReportRow,
  account: HoldAccountPayout,
  source: { fundName: string; balance: Cents },
  actor: AuthUser,
  now: Date,
) {
  let balance = source.balance;
  const [current] = await tx
    .select({ unreimbursed: holdAccounts.unreimbursedAmount })
    .from(holdAccounts)
    .where(eq(holdAccounts.id, account.holdAccountId));
  for (const line of account.lines) {
    const description = `Report #${report.id}: expense #${line.expenseId} paid at processing`;
    const [row] = await tx
      .insert(holdAccountTransactions)
      .values({
        holdAccountId: account.holdAccountId,
        transactionType: 'Withdrawal',
        transactionAmount: line.paid,
        amountApproved: line.paid,
        description,
        expenseId: line.expenseId,
        approved: true,
        startingBalance: balance,
        startingUnreimbursedAmount: current.unreimbursed,
        endingBalance: balance - line.paid,
        matDate: isoDateOf(now),
        status: 'posted',
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: holdAccountTransactions.id });
    balance -= line.paid;
    await postJournal(tx, {
      account: 'hold_account',
      accountId: account.holdAccountId,
      amount: -line.paid,
      balanceAfter: balance,
      reason: 'expense_report_payout',
      refType: 'hold_account_transaction',
      refId: row.id,
      memo: description,
      actorId: actor.id,
    });
  }
  const unreimbursed = current.unreimbursed + account.owed;
  await tx
    .update(holdAccounts)
    .set({ balance, unreimbursedAmount: unreimbursed, updatedAt: now })
    .where(eq(holdAccounts.id, account.holdAccountId));
  await postJournal(tx, {
    account: 'hold_account_unreimbursed',
    accountId: account.holdAccountId,
    amount: account.owed,
    balanceAfter: unreimbursed,
    reason: 'expense_report_processed',
    refType: 'expense_report',
    refId: report.id,
    memo: `Report #${report.id}: ${formatUSD(account.owed)} of the lines charged to ${source.fundName} stays owed`,
    actorId: actor.id,
  });
}

async function addUnreimbursed(tx: Tx, report: ReportRow, amount: Cents, payout: Cents, actor: AuthUser, now: Date) {
  if (amount === 0) return;
  const [profile] = await tx
    .insert(profiles)
    .values({ userId: report.userId, unreimbursedAmount: amount, updatedAt: now })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: { unreimbursedAmount: sql`${profiles.unreimbursedAmount} + excluded.unreimbursed_amount`, updatedAt: now },
    })
    .returning({ unreimbursedAmount: profiles.unreimbursedAmount });
  await postJournal(tx, {
    account: 'user_unreimbursed',
    accountId: report.userId,
    amount,
    balanceAfter: profile.unreimbursedAmount,
    reason: 'expense_report_processed',
    refType: 'expense_report',
    refId: report.id,
    memo: `Report #${report.id}: ${formatUSD(report.totalAmount)} due, ${formatUSD(payout)} paid`,
    actorId: actor.id,
  });
}
