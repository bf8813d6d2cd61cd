import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { isoDateOf } from '../../domain/dates';
import {
  buildDistributionInput,
  contextToWire,
  type DistributionContext,
  parsePayload,
} from '../../domain/distributions/context';
import { ZBatchApproveRequestSchema } from '../../domain/distributions/contract';
import { computeDistribution } from '../../domain/distributions/engine';
import { notReviewedMessage, type ReviewFlag, unreviewedFlags } from '../../domain/distributions/review';
import type { DistributionResult } from '../../domain/distributions/types';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { type Cents, toDecimalString } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { queryRows, rowsOfResult } from '../db/query-rows';
import type { JournalEntry } from '../journal/journal';
import { type DistributionRow, figureChanges } from './figures';
import { executeNamed, lockForApproval } from './load-context';
import { DISTRIBUTION_MESSAGES, ZIdAndUser } from './write';

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
 * 4. Post: hold-account transactions (status posted) with their journal rows and the accounts' new
 *    balances and unreimbursed amounts; the user's fund balance and unreimbursed amount carried
 *    forward (DESIGN.md decision 8) with journal rows; reports processed with their dist amounts and
 *    older reports' unpaid parts paid down oldest first; advances approved with dist_amount_approved;
 *    ticked designated donations approved; the context frozen on the row; an audit event.
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
    const { row, context: loaded } = locked;
    if (!loaded) throw AppError.conflict(DISTRIBUTION_MESSAGES.notMissionary);
    // Issue 12: an approval cannot be undone, so each review flag must have been looked at.
    const flags = row.reviewFlags as ReviewFlag[];
    const open = unreviewedFlags(flags, reviewed);
    if (open.length > 0) throw new AppError('validation', notReviewedMessage(id, open));
    const payload = parsePayload(row.input);
    const context: DistributionContext = { ...loaded, distribution: { id, status: 'approved', payload } };
    const result = computeDistribution(buildDistributionInput(context, payload));
    const changes = figureChanges(row, result.distribution);
    if (changes.length > 0) throw AppError.conflict(changedMessage(id, changes));

    await post(tx, { row, result, context, actorId: actor.id, now, reviewedFlags: flags });
    return { id, userId: row.userId, endingBalance: row.endingBalance };
  });
}

interface PostArgs {
  row: DistributionRow;
  result: DistributionResult;
  context: DistributionContext;
  actorId: number;
  now: Date;
  /** The flags the approver ticked as reviewed: the audit event keeps who looked at what. */
  reviewedFlags: readonly ReviewFlag[];
}

const param = (values: readonly unknown[]) => sql.param(values);
const money = (values: readonly Cents[]) => sql.param(values.map(toDecimalString));

/** The journal rows of the user's general fund and unreimbursed amount, from starting to ending. */
function userJournal(d: DistributionResult['distribution'], payrollCost: Cents, ref: Partial<JournalEntry>) {
  const journal: JournalEntry[] = [];
  let fund = d.starting_balance;
  const fundSteps: Array<[string, Cents, string]> = [
    ['distribution_donations', d.total_donations, 'Donations'],
    ['distribution_admin_fee', -d.admin_fee, 'Admin fee'],
    ['distribution_payroll', -payrollCost, 'Payroll, housing, insurance and wire fee'],
    ['distribution_transfer', d.transfer_from_held, 'Transfers from hold accounts'],
    ['distribution_deposit', -d.held_liability_account_deposit, 'Deposits into hold accounts'],
    [
      'distribution_reimbursement',
      -(d.ministry_reimbursement + d.manual_ministry_reimbursement),
      'Business expense reimbursement',
    ],
    ['distribution_advance', -(d.ministry_advance + d.manual_ministry_advance), 'Business expense advance'],
  ];
  for (const [reason, amount, memo] of fundSteps) {
    fund += amount;
    journal.push({
      ...ref,
      account: 'user_fund',
      accountId: d.user_id,
      amount,
      balanceAfter: fund,
      reason,
      memo,
    } as JournalEntry);
  }
  if (fund !== d.ending_balance) {
    // The engine's conservation (DESIGN.md step 10) guarantees this; refuse rather than post a gap.
    throw new Error(`distribution fund journal ends at ${fund}, not ${d.ending_balance}`);
  }
  const accrued = d.unreimbursed_amount_starting + d.unreimbursed_amount_accrued;
  journal.push(
    {
      ...ref,
      account: 'user_unreimbursed',
      accountId: d.user_id,
      amount: d.unreimbursed_amount_accrued,
      balanceAfter: accrued,
      reason: 'distribution_accrued',
      memo: 'Report amounts not paid this month',
    } as JournalEntry,
    {
      ...ref,
      account: 'user_unreimbursed',
      accountId: d.user_id,
      amount: -d.unreimbursed_reimbursement,
      balanceAfter: d.unreimbursed_amount_ending,
      reason: 'distribution_reimbursed',
      memo: 'Unreimbursed amount paid',
    } as JournalEntry,
  );
  return journal.filter((entry) => entry.amount !== 0);
}

/**
 * Step 4 in ONE statement (a transaction's round trips are what MAT Day costs): the pending
 * hold-account rows give way to posted ones, with ids drawn from the sequence in the same statement
 * so every journal row names its transaction; every journal row; then hold accounts, profile,
 * reports (included ones processed, older unpaid parts paid down oldest first), advances, donations,
 * the distribution's frozen context and the audit event — returning counts that must match what the
 * distribution references (otherwise 409 and the whole transaction rolls back).
 */
async function post(tx: Tx, { row, result, context, actorId, now, reviewedFlags }: PostArgs): Promise<void> {
  const d = result.distribution;
  const id = row.id;
  const today = isoDateOf(now);
  const held = d.hold_account_transactions;

  // The hold-account transactions' journal rows (n = their position) and the user's.
  const heldJournal = held.flatMap((t, index) => {
    const memo = `Distribution #${id}: ${t.description}`;
    const sign = t.transaction_type === 'Deposit' ? 1 : -1;
    const rows = [
      {
        n: index + 1,
        account: 'hold_account',
        accountId: t.hold_account_id,
        amount: sign * t.amount_approved,
        balanceAfter: t.ending_balance,
        reason: `distribution_${t.transaction_type.toLowerCase()}`,
        memo,
      },
      {
        n: index + 1,
        account: 'hold_account_unreimbursed',
        accountId: t.hold_account_id,
        amount: t.ending_unreimbursed_amount - t.starting_unreimbursed_amount,
        balanceAfter: t.ending_unreimbursed_amount,
        reason:
          t.source === 'unreimbursed_reimbursement'
            ? 'distribution_unreimbursed_reimbursement'
            : 'distribution_shortfall',
        memo,
      },
    ];
    return rows.filter((entry) => entry.amount !== 0);
  });
  const fundJournal = userJournal(d, result.figures.payrollCost, {}).map((entry) => ({ n: null, ...entry }));
  const journal = [...heldJournal, ...fundJournal];

  const moved = result.holdAccounts.filter(
    (a) => a.endingBalance !== a.startingBalance || a.endingUnreimbursedAmount !== a.startingUnreimbursedAmount,
  );
  const reports = d.processedExpenseReports;
  const ticked = d.processedAdvanceRequests.filter((a) => a.approved);
  const paid = ticked.filter((a) => a.dist_amount_approved > 0);
  const unpaid = ticked.filter((a) => a.dist_amount_approved === 0);
  const deposited = result.donations.filter((donation) => donation.approved).map((donation) => donation.id);
  const audit = {
    user_id: row.userId,
    starting_balance: toDecimalString(row.startingBalance),
    ending_balance: toDecimalString(row.endingBalance),
    unreimbursed_amount_ending: toDecimalString(row.unreimbursedAmountEnding),
    total_funds_disbursed: toDecimalString(row.totalFundsDisbursed),
    hold_account_transactions: held.length,
    reviewed_flags: reviewedFlags,
  };
  const counted = await executeNamed(
    tx,
    'sheepfold_approve_post',
    sql`
    with removed as (
      delete from hold_account_transactions where distribution_id = ${id} and status = 'pending'
    ),
    ids as materialized (
      select n, nextval(pg_get_serial_sequence('hold_account_transactions', 'id'))::int as id
      from generate_series(1, ${held.length}::int) as n
    ),
    posted as (
      insert into hold_account_transactions (id, hold_account_id, transaction_type, transaction_amount, amount_approved,
        added_unreimbursed_amount, description, expense_id, donation_id, distribution_id, recurring, approved,
        starting_balance, starting_unreimbursed_amount, ending_balance, mat_date, status, created_by, created_at)
      select ids.id, t.account, t.type, t.amount, t.approved_amount, t.added, t.description, t.expense, t.donation,
        ${id}, t.recurring, true, t.starting, t.starting_unreimbursed, t.ending, ${today}::date, 'posted',
        ${actorId}, ${now}
      from unnest(${param(held.map((t) => t.hold_account_id))}::int[], ${param(held.map((t) => t.transaction_type))}::text[],
        ${money(held.map((t) => t.transaction_amount))}::numeric[], ${money(held.map((t) => t.amount_approved))}::numeric[],
        ${money(held.map((t) => t.added_unreimbursed_amount))}::numeric[], ${param(held.map((t) => t.description))}::text[],
        ${param(held.map((t) => t.expense_id))}::int[], ${param(held.map((t) => t.donation_id))}::int[],
        ${param(held.map((t) => t.recurring))}::bool[], ${money(held.map((t) => t.starting_balance))}::numeric[],
        ${money(held.map((t) => t.starting_unreimbursed_amount))}::numeric[], ${money(held.map((t) => t.ending_balance))}::numeric[])
        with ordinality as t(account, type, amount, approved_amount, added, description, expense, donation, recurring,
          starting, starting_unreimbursed, ending, n)
      join ids on ids.n = t.n
    ),
    journal as (
      insert into journal_entries (account, account_id, amount, balance_after, reason, ref_type, ref_id, memo, actor_id, created_at)
      select j.account, j.account_id, j.amount, j.balance_after, j.reason,
        case when j.n is null then 'distribution' else 'hold_account_transaction' end,
        coalesce(ids.id, ${id}), j.memo, ${actorId}, ${now}
      from unnest(${param(journal.map((j) => j.n))}::int[], ${param(journal.map((j) => j.account))}::text[],
        ${param(journal.map((j) => j.accountId))}::int[], ${money(journal.map((j) => j.amount))}::numeric[],
        ${money(journal.map((j) => j.balanceAfter))}::numeric[], ${param(journal.map((j) => j.reason))}::text[],
        ${param(journal.map((j) => j.memo ?? null))}::text[])
        as j(n, account, account_id, amount, balance_after, reason, memo)
      left join ids on ids.n = j.n
    ),
    accounts as (
      update hold_accounts as h set balance = v.balance, unreimbursed_amount = v.unreimbursed, updated_at = ${now}
      from unnest(${param(moved.map((a) => a.id))}::int[], ${money(moved.map((a) => a.endingBalance))}::numeric[],
        ${money(moved.map((a) => a.endingUnreimbursedAmount))}::numeric[]) as v(id, balance, unreimbursed)
      where h.id = v.id
    ),
    profile as (
      update profiles set fund_balance = ${toDecimalString(d.ending_balance)}::numeric,
        unreimbursed_amount = ${toDecimalString(d.unreimbursed_amount_ending)}::numeric, updated_at = ${now}
      where user_id = ${d.user_id}
    ),
    included as (
      update expense_reports as r
      set processed = true, processed_at = ${now}, processed_by = ${actorId}, updated_at = ${now},
          dist_amount_reimbursed = v.reimbursed, dist_hold_account_withdrawals = v.withdrawals,
          dist_amount_unreimbursed = v.unreimbursed, unreimbursed_amount = v.unreimbursed,
          payout = v.reimbursed + v.withdrawals
      from unnest(${param(reports.map((r) => r.id))}::int[], ${money(reports.map((r) => r.dist_amount_reimbursed))}::numeric[],
        ${money(reports.map((r) => r.dist_hold_account_withdrawals))}::numeric[],
        ${money(reports.map((r) => r.dist_amount_unreimbursed))}::numeric[]) as v(id, reimbursed, withdrawals, unreimbursed)
      where r.id = v.id and r.distribution_id = ${id} and not r.processed
      returning r.id
    ),
    owed as (
      select id, unreimbursed_amount,
        sum(unreimbursed_amount) over (order by coalesce(start_date, date_submitted, created_at::date), id)
          - unreimbursed_amount as before
      from expense_reports
      where user_id = ${d.user_id} and processed and unreimbursed_amount > 0 and distribution_id is distinct from ${id}
    ),
    paid_down as (
      update expense_reports as r
      set unreimbursed_amount = r.unreimbursed_amount
            - least(r.unreimbursed_amount, ${toDecimalString(d.unreimbursed_reimbursement)}::numeric - o.before),
          updated_at = ${now}
      from owed o
      where r.id = o.id and o.before < ${toDecimalString(d.unreimbursed_reimbursement)}::numeric
    ),
    advances as (
      update advance_requests as a
      set status = case when a.status = 'requested' then 'approved' else a.status end,
          approved = true, amount_approved = v.paid, dist_amount_approved = v.paid,
          mat_date = coalesce(a.mat_date, ${today}::date), updated_at = ${now}
      from unnest(${param(paid.map((a) => a.id))}::int[], ${money(paid.map((a) => a.dist_amount_approved))}::numeric[])
        as v(id, paid)
      where a.id = v.id and a.distribution_id = ${id}
      returning a.id
    ),
    released as (
      update advance_requests set distribution_id = null, updated_at = ${now}
      where distribution_id = ${id} and id = any(${param(unpaid.map((a) => a.id))}::int[])
    ),
    donation_flags as (
      update donations set approved = (id = any(${param(deposited)}::int[])) where distribution_id = ${id}
    ),
    approved as (
      update distributions set status = 'approved', approved_at = ${now}, approved_by = ${actorId}, updated_at = ${now},
        approved_context = ${JSON.stringify(contextToWire(context))}::jsonb
      where id = ${id} and status = 'pending'
      returning id
    ),
    audited as (
      insert into audit_events (actor_id, action, entity_type, entity_id, details, created_at)
      values (${actorId}, 'approve', 'distribution', ${id}, ${JSON.stringify(audit)}::jsonb, ${now})
    )
    select (select count(*) from included)::int as reports, (select count(*) from advances)::int as advances,
      (select count(*) from approved)::int as approved`,
  );
  const [counts] = rowsOfResult(
    counted,
    z.object({ reports: z.coerce.number(), advances: z.coerce.number(), approved: z.coerce.number() }),
  );
  if (
    Number(counts.approved) !== 1 ||
    Number(counts.reports) !== reports.length ||
    Number(counts.advances) !== paid.length
  ) {
    throw AppError.conflict(DISTRIBUTION_MESSAGES.referencesMoved);
  }
}

/**
 * Connections one batch approval uses at most on PostgreSQL. The default pool has 10, so four stay
 * free for everyone else during MAT Day; bench/mat-day.ts measured 2 → 4 → 6 → 8 workers (README).
 */
export const APPROVE_CONNECTIONS = 6;

export interface BatchApproveResult {
  status: number;
  body: {
    message: string;
    approved: number[];
    failed: Array<{ id: number; status: number; message: string }>;
  };
}

/**
 * POST /batch-approve: each id in its own transaction. Distributions of one user are approved one
 * after another, oldest range first (a later one starts from the earlier one's ending balance); on
 * PostgreSQL several users are approved at once on separate connections.
 */
export async function batchApprove(ctx: AppContext, actor: AuthUser, body: unknown): Promise<BatchApproveResult> {
  const parsed = ZBatchApproveRequestSchema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'reviewed' ? 'reviewed' : 'distribution_ids';
    throw AppError.field(field, issue?.message ?? 'Distribution ids must be a list.');
  }
  const ids = [...new Set(parsed.data.distribution_ids)];
  const reviewedOf = new Map<number, string[]>();
  for (const entry of parsed.data.reviewed ?? []) {
    reviewedOf.set(entry.id, [...(reviewedOf.get(entry.id) ?? []), ...entry.flags]);
  }
  if (ids.length === 0) throw AppError.field('distribution_ids', MESSAGES.noDistributionsSelected);

  const order = await queryRows(
    ctx.db,
    sql`
      select id, user_id from distributions where id = any(${sql.param(ids)}::int[])
      order by user_id, end_date, id`,
    ZIdAndUser,
  );
  const queues = new Map<number, number[]>();
  for (const row of order) {
    const queue = queues.get(Number(row.user_id)) ?? [];
    queue.push(Number(row.id));
    queues.set(Number(row.user_id), queue);
  }
  const known = new Set(order.map((row) => Number(row.id)));
  const approved: number[] = [];
  const failed: BatchApproveResult['body']['failed'] = ids
    .filter((id) => !known.has(id))
    .map((id) => ({ id, status: 404, message: DISTRIBUTION_MESSAGES.notFound }));

  const userQueues = [...queues.values()];
  let next = 0;
  const worker = async () => {
    while (next < userQueues.length) {
      const queue = userQueues[next++];
      for (const id of queue) {
        try {
          await approveDistribution(ctx, actor, id, reviewedOf.get(id) ?? []);
          approved.push(id);
        } catch (error) {
          if (error instanceof AppError) {
            failed.push({ id, status: error.status, message: error.message });
          } else {
            ctx.log.error({ err: errorSummary(error), distributionId: id }, 'distribution approval failed');
            failed.push({ id, status: 500, message: MESSAGES.somethingWentWrong });
          }
        }
      }
    }
  };
  const workers = ctx.dbKind === 'postgres' ? Math.min(APPROVE_CONNECTIONS, userQueues.length) : 1;
  await Promise.all(Array.from({ length: Math.max(workers, 1) }, worker));

  approved.sort((a, b) => a - b);
  failed.sort((a, b) => a.id - b.id);
  if (failed.length === 0) return { status: 200, body: { message: MESSAGES.distributionsApproved, approved, failed } };
  const statuses = new Set(failed.map((failure) => failure.status));
  const status = statuses.size === 1 ? failed[0].status : 409;
  const message =
    ids.length === 1
      ? failed[0].message
      : `${failed.length} of ${ids.length} distributions were not approved. ${failed
          .map((failure) => `#${failure.id}: ${failure.message}`)
          .join(' ')}`;
  return { status, body: { message, approved, failed } };
}
