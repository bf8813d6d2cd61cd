import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoDateOf } from '../../domain/dates';
import {
  buildDistributionInput,
  contextToWire,
  type DistributionContext,
  parsePayload,
} from '../../domain/distributions/context';
import { computeDistribution } from '../../domain/distributions/engine';
import {
  type ApprovalWrites,
  approvalWrites,
  type OwedReport,
  type PaidAdvance,
  paidAdvances,
} from '../../domain/distributions/postings';
import { paydownToWire } from '../../domain/distributions/reversal';
import { notReviewedMessage, type ReviewFlag, unreviewedFlags } from '../../domain/distributions/review';
import type { DistributionResult } from '../../domain/distributions/types';
import { AppError } from '../../domain/errors';
import { type Cents, toDecimalString } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import { bulkInsert, bulkUpdate } from '../db/bulk';
import type { Tx } from '../db/client';
import { executeNamed, rowsOfResult } from '../db/query-rows';
import {
  advanceRequests,
  auditEvents,
  distributions,
  donations,
  expenseReports,
  holdAccounts,
  holdAccountTransactions,
  journalEntries,
  profiles,
} from '../db/schema';
import { type DistributionRow, figureChanges } from './figures';
import { lockForApproval } from './load-context';
import { refuseOverlap } from './overlap';
import { DISTRIBUTION_MESSAGES } from './write';

/**
 * Approval (POST /batch-approve): one transaction per distribution.
 *
 * 1-2. One statement: `UPDATE distributions SET status = 'approved' … WHERE id = $1 AND
 *    status = 'pending' RETURNING *` — the row lock and the state check at once; of two admins
 *    approving at once, the second waits on the row lock, then finds it approved: 409, nothing
 *    posted — and, in the same statement, the context reloaded with the current balances, locking
 *    the user's hold accounts, then the user and profile rows (the order every balance writer
 *    takes), with exactly the reports, advances and donations the distribution references.
 * 3. Recompute with the engine. If any figure differs from what staff saved (a balance moved in
 *    between), refuse with 409 naming what changed — staff re-open, review and save it — so what is
 *    paid is always what was reviewed.
 * 4. Post what `approvalWrites` (src/domain/distributions/postings.ts) decides: hold-account transactions (status posted) with their journal rows and the accounts' new
 *    balances and unreimbursed amounts; the user's fund balance and unreimbursed amount carried
 *    forward (decision 8, docs/decisions.md) with journal rows; reports processed with their dist amounts and
 *    older reports' unpaid parts paid down oldest first; advances approved with dist_amount_approved;
 *    ticked designated donations approved; the context and the paydown frozen on the row (a
 *    reversal puts back exactly these: reverse.ts); an audit event.
 */

export interface ApproveOutcome {
  id: number;
  userId: number;
  endingBalance: Cents;
}

function changedMessage(id: number, changes: ReturnType<typeof figureChanges>): string {
  const shown = changes
    .slice(0, 3)
    .map((change) => `${change.field} ${change.saved} → ${change.now}`)
    .join(', ');
  const more = changes.length > 3 ? ` and ${changes.length - 3} more` : '';
  return `The figures of distribution #${id} changed since it was saved (${shown}${more}). Open it, review it and save it again before approving.`;
}

/** Approves one pending distribution in its own transaction. */
export async function approveDistribution(
  ctx: AppContext,
  actor: AuthUser,
  id: number,
  reviewed: readonly string[] = [],
): Promise<ApproveOutcome> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const locked = await lockForApproval(tx, id);
    if (!locked) throw AppError.notFound(DISTRIBUTION_MESSAGES.notFound);
    if (locked.row.status !== 'pending') throw AppError.conflict(DISTRIBUTION_MESSAGES.alreadyApproved);
    const { row, context: loaded, owed } = locked;
    if (!loaded) throw AppError.conflict(DISTRIBUTION_MESSAGES.notMissionary);
    // Stored before the one-distribution-per-day rule while overlapping (migration 0023): it may
    // not be approved while it still shares a day with another (the missionary's row is locked).
    if (row.overlapExempt)
      await refuseOverlap(tx, { id, userId: row.userId, startDate: row.startDate, endDate: row.endDate });
    // An approval cannot be undone, so each review flag must have been looked at.
    const flags = row.reviewFlags as ReviewFlag[];
    const open = unreviewedFlags(flags, reviewed);
    if (open.length > 0) throw new AppError('validation', notReviewedMessage(id, open));
    const payload = parsePayload(row.input);
    const context: DistributionContext = { ...loaded, distribution: { id, status: 'approved', payload } };
    const result = computeDistribution(buildDistributionInput(context, payload));
    const changes = figureChanges(row, result.distribution);
    if (changes.length > 0) throw AppError.conflict(changedMessage(id, changes));

    await post(tx, { row, result, context, owed, actorId: actor.id, now, reviewedFlags: flags });
    return { id, userId: row.userId, endingBalance: row.endingBalance };
  });
}

interface PostArgs {
  row: DistributionRow;
  result: DistributionResult;
  context: DistributionContext;
  /** The user's processed reports with an unpaid part, as the lock statement read them. */
  owed: readonly OwedReport[];
  actorId: number;
  now: Date;
  /** The flags the approver ticked as reviewed: the audit event keeps who looked at what. */
  reviewedFlags: readonly ReviewFlag[];
}

/** One approval's values: what the domain decided, and who approves when. */
interface PostValues {
  id: number;
  userId: number;
  today: string;
  actorId: number;
  now: Date;
  writes: ApprovalWrites;
  advances: PaidAdvance[];
  owed: readonly OwedReport[];
}

const ids = (values: readonly number[]) => sql`${sql.param(values)}::int[]`;

/**
 * The pending hold-account rows give way to posted ones. Their ids are drawn from the sequence
 * first (`held_ids`, by position) so the journal rows, which name their transaction by position,
 * can name it by id in the same statement.
 */
function heldTransactionsSql({ id, today, actorId, now, writes }: PostValues): SQL {
  const rows = writes.transactions.map((t) => ({
    ...t,
    distributionId: id,
    approved: true,
    matDate: today,
    status: 'posted',
    createdBy: actorId,
    createdAt: now,
  }));
  const keys = [
    'holdAccountId',
    'transactionType',
    'transactionAmount',
    'amountApproved',
    'addedUnreimbursedAmount',
    'description',
    'expenseId',
    'donationId',
    'distributionId',
    'recurring',
    'approved',
    'startingBalance',
    'startingUnreimbursedAmount',
    'endingBalance',
    'matDate',
    'status',
    'createdBy',
    'createdAt',
  ] as const;
  return sql`
    removed as (
      delete from hold_account_transactions where distribution_id = ${id} and status = 'pending'
    ),
    held_ids as materialized (
      select n, nextval(pg_get_serial_sequence('hold_account_transactions', 'id'))::int as id
      from generate_series(1, ${rows.length}::int) as n
    ),
    posted as (${bulkInsert(holdAccountTransactions, keys, rows, { id: sql`(select id from held_ids where held_ids.n = v.n)` })})`;
}

/** Every journal row; a hold-account row names its transaction by position until here, the others the distribution. */
function journalSql({ id, actorId, now, writes }: PostValues): SQL {
  const rows = writes.journal.map((j) => ({
    account: j.account,
    accountId: j.accountId,
    amount: j.amount,
    balanceAfter: j.balanceAfter,
    reason: j.reason,
    refType: j.transaction === null ? 'distribution' : 'hold_account_transaction',
    refId: j.transaction ?? id,
    memo: j.memo,
    actorId,
    createdAt: now,
  }));
  const keys = [
    'account',
    'accountId',
    'amount',
    'balanceAfter',
    'reason',
    'refType',
    'memo',
    'actorId',
    'createdAt',
  ] as const;
  const refId = sql`case when v.ref_type = 'hold_account_transaction'
    then (select id from held_ids where held_ids.n = v.ref_id) else v.ref_id end`;
  return sql`journal as (${bulkInsert(journalEntries, [...keys, 'refId'], rows, { refId })})`;
}

/** The hold accounts' and the profile's new balances. */
function balancesSql({ userId, now, writes }: PostValues): SQL {
  const accounts = writes.holdAccounts.map((a) => ({ ...a, updatedAt: now }));
  const profile = [{ userId, ...writes.profile, updatedAt: now }];
  return sql`
    accounts as (${bulkUpdate(holdAccounts, 'id', ['balance', 'unreimbursedAmount', 'updatedAt'], accounts)}),
    profile as (${bulkUpdate(profiles, 'userId', ['fundBalance', 'unreimbursedAmount', 'updatedAt'], profile)})`;
}

/** The included reports processed; older ones paid down; whether the reports owed moved since they were read. */
function reportsSql({ id, userId, actorId, now, writes, owed }: PostValues): SQL {
  const included = writes.reports.map((r) => ({
    id: r.id,
    processed: true,
    processedAt: now,
    processedBy: actorId,
    updatedAt: now,
    distAmountReimbursed: r.dist_amount_reimbursed,
    distHoldAccountWithdrawals: r.dist_hold_account_withdrawals,
    distAmountUnreimbursed: r.dist_amount_unreimbursed,
    unreimbursedAmount: r.dist_amount_unreimbursed,
    payout: r.payout,
  }));
  const keys = [
    'processed',
    'processedAt',
    'processedBy',
    'updatedAt',
    'distAmountReimbursed',
    'distHoldAccountWithdrawals',
    'distAmountUnreimbursed',
    'unreimbursedAmount',
    'payout',
  ] as const;
  const paidDown = writes.paydown.map((p) => ({
    id: p.reportId,
    unreimbursedAmount: p.unreimbursedAfter,
    updatedAt: now,
  }));
  const unprocessed = sql`${expenseReports.distributionId} = ${id} and not ${expenseReports.processed}`;
  return sql`
    included as (${bulkUpdate(expenseReports, 'id', keys, included, unprocessed)} returning ${expenseReports.id}),
    owed_now as (
      select id, unreimbursed_amount from expense_reports
      where user_id = ${userId} and processed and unreimbursed_amount > 0 and distribution_id is distinct from ${id}
    ),
    owed_changed as (
      select count(*) as n
      from owed_now o full join unnest(${ids(owed.map((r) => r.id))}, ${sql.param(owed.map((r) => toDecimalString(r.unreimbursed)))}::numeric[])
        as was(id, unreimbursed) on was.id = o.id
      where o.id is null or was.id is null or o.unreimbursed_amount <> was.unreimbursed
    ),
    paid_down as (${bulkUpdate(expenseReports, 'id', ['unreimbursedAmount', 'updatedAt'], paidDown)})`;
}

/** Advances paid or released, donations flagged, the distribution approved with its frozen context, the audit event. */
function flagsSql(values: PostValues, frozen: { context: DistributionContext; audit: Record<string, unknown> }): SQL {
  const { id, actorId, now, writes, advances } = values;
  const paid = advances.map((a) => ({
    id: a.id,
    status: a.status,
    approved: true,
    amountApproved: a.amount,
    distAmountApproved: a.amount,
    matDate: a.matDate,
    updatedAt: now,
  }));
  const paidKeys = ['status', 'approved', 'amountApproved', 'distAmountApproved', 'matDate', 'updatedAt'] as const;
  const released = writes.advancesReleased.map((advance) => ({ id: advance, distributionId: null, updatedAt: now }));
  const ofThis = sql`${advanceRequests.distributionId} = ${id}`;
  const deposited = new Set(writes.donationsDeposited);
  const flags = writes.donations.map((donation) => ({ id: donation, approved: deposited.has(donation) }));
  const approved = [
    {
      id,
      status: 'approved',
      approvedAt: now,
      approvedBy: actorId,
      updatedAt: now,
      approvedContext: contextToWire(frozen.context),
      approvalPaydown: paydownToWire(writes.paydown),
    },
  ];
  const approvedKeys = [
    'status',
    'approvedAt',
    'approvedBy',
    'updatedAt',
    'approvedContext',
    'approvalPaydown',
  ] as const;
  const audit = [
    { actorId, action: 'approve', entityType: 'distribution', entityId: id, details: frozen.audit, createdAt: now },
  ];
  const auditKeys = ['actorId', 'action', 'entityType', 'entityId', 'details', 'createdAt'] as const;
  return sql`
    advances as (${bulkUpdate(advanceRequests, 'id', paidKeys, paid, ofThis)} returning ${advanceRequests.id}),
    released as (${bulkUpdate(advanceRequests, 'id', ['distributionId', 'updatedAt'], released, ofThis)}),
    donation_flags as (${bulkUpdate(donations, 'id', ['approved'], flags, sql`${donations.distributionId} = ${id}`)}),
    approved as (
      ${bulkUpdate(distributions, 'id', approvedKeys, approved, sql`${distributions.status} = 'pending'`)}
      returning ${distributions.id}
    ),
    audited as (${bulkInsert(auditEvents, auditKeys, audit)})`;
}

/**
 * Step 4 in ONE statement (a transaction's round trips are what MAT Day costs). What to write is
 * decided by `approvalWrites` (src/domain/distributions/postings.ts); each part writes one table's
 * rows through the schema-driven bulk writer (src/server/db/bulk.ts; docs/distribution.md "What
 * approval writes" lists them): the pending hold-account rows give way to posted ones, with ids
 * drawn from the sequence in the same statement so every journal row names its transaction; every
 * journal row; then hold accounts, profile, reports (included ones processed, older unpaid parts
 * paid down), advances, donations, the distribution's frozen context and the audit event —
 * returning counts that must match what the distribution references, and whether the reports owed
 * are still the ones the paydown was computed from (otherwise 409 and the whole transaction rolls back).
 */
async function post(tx: Tx, { row, result, context, owed, actorId, now, reviewedFlags }: PostArgs): Promise<void> {
  const id = row.id;
  const today = isoDateOf(now);
  const writes = approvalWrites(id, result, owed);
  const advances = paidAdvances(writes.advancesPaid, context.advanceRequests, today);
  const audit = {
    user_id: row.userId,
    starting_balance: toDecimalString(row.startingBalance),
    ending_balance: toDecimalString(row.endingBalance),
    unreimbursed_amount_ending: toDecimalString(row.unreimbursedAmountEnding),
    total_funds_disbursed: toDecimalString(row.totalFundsDisbursed),
    hold_account_transactions: writes.transactions.length,
    reviewed_flags: reviewedFlags,
  };
  const values: PostValues = { id, userId: row.userId, today, actorId, now, writes, advances, owed };
  const counted = await executeNamed(
    tx,
    'sheepfold_approve_post',
    sql`
    with ${heldTransactionsSql(values)}, ${journalSql(values)}, ${balancesSql(values)}, ${reportsSql(values)},
      ${flagsSql(values, { context, audit })}
    select (select count(*) from included)::int as reports, (select count(*) from advances)::int as advances,
      (select count(*) from approved)::int as approved, (select n from owed_changed)::int as owed_changed`,
  );
  const [counts] = rowsOfResult(
    counted,
    z.object({
      reports: z.coerce.number(),
      advances: z.coerce.number(),
      approved: z.coerce.number(),
      owed_changed: z.coerce.number(),
    }),
  );
  if (
    counts.approved !== 1 ||
    counts.reports !== writes.reports.length ||
    counts.advances !== advances.length ||
    counts.owed_changed !== 0
  ) {
    throw AppError.conflict(DISTRIBUTION_MESSAGES.referencesMoved);
  }
}
