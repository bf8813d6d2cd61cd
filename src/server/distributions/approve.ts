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
import { type ApprovalWrites, approvalWrites, type OwedReport } from '../../domain/distributions/postings';
import { paydownToWire } from '../../domain/distributions/reversal';
import { notReviewedMessage, type ReviewFlag, unreviewedFlags } from '../../domain/distributions/review';
import type { DistributionResult } from '../../domain/distributions/types';
import { AppError } from '../../domain/errors';
import { type Cents, toDecimalString } from '../../domain/money';
import type { AuthUser } from '../auth/tokens';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { executeNamed, rowsOfResult } from '../db/query-rows';
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

const param = (values: readonly unknown[]) => sql.param(values);
const money = (values: readonly Cents[]) => sql.param(values.map(toDecimalString));

/** What the post statement's parts write (post() computes them once). */
interface PostValues {
  id: number;
  held: DistributionResult['distribution']['hold_account_transactions'];
  today: string;
  actorId: number;
  now: Date;
  journal: ApprovalWrites['journal'];
  moved: ApprovalWrites['holdAccounts'];
  writes: ApprovalWrites;
  row: DistributionRow;
  reports: ApprovalWrites['reports'];
  owed: readonly OwedReport[];
  paydown: ApprovalWrites['paydown'];
  paid: ApprovalWrites['advancesPaid'];
  context: DistributionContext;
  audit: Record<string, unknown>;
}

/** The pending hold-account rows give way to posted ones, with ids drawn from the sequence here so journal rows can name them. */
function heldTransactionsSql({ id, held, today, actorId, now }: PostValues): SQL {
  return sql`
    removed as (
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
    )`;
}

/** Every journal row; a hold-account row names its transaction (by position), the others the distribution. */
function journalSql({ id, actorId, now, journal }: PostValues): SQL {
  return sql`
    journal as (
      insert into journal_entries (account, account_id, amount, balance_after, reason, ref_type, ref_id, memo, actor_id, created_at)
      select j.account, j.account_id, j.amount, j.balance_after, j.reason,
        case when j.n is null then 'distribution' else 'hold_account_transaction' end,
        coalesce(ids.id, ${id}), j.memo, ${actorId}, ${now}
      from unnest(${param(journal.map((j) => j.transaction))}::int[], ${param(journal.map((j) => j.account))}::text[],
        ${param(journal.map((j) => j.accountId))}::int[], ${money(journal.map((j) => j.amount))}::numeric[],
        ${money(journal.map((j) => j.balanceAfter))}::numeric[], ${param(journal.map((j) => j.reason))}::text[],
        ${param(journal.map((j) => j.memo))}::text[])
        as j(n, account, account_id, amount, balance_after, reason, memo)
      left join ids on ids.n = j.n
    )`;
}

/** The hold accounts' and the profile's new balances. */
function balancesSql({ now, moved, writes, row }: PostValues): SQL {
  return sql`
    accounts as (
      update hold_accounts as h set balance = v.balance, unreimbursed_amount = v.unreimbursed, updated_at = ${now}
      from unnest(${param(moved.map((a) => a.id))}::int[], ${money(moved.map((a) => a.balance))}::numeric[],
        ${money(moved.map((a) => a.unreimbursedAmount))}::numeric[]) as v(id, balance, unreimbursed)
      where h.id = v.id
    ),
    profile as (
      update profiles set fund_balance = ${toDecimalString(writes.profile.fundBalance)}::numeric,
        unreimbursed_amount = ${toDecimalString(writes.profile.unreimbursedAmount)}::numeric, updated_at = ${now}
      where user_id = ${row.userId}
    )`;
}

/** The included reports processed; older ones paid down; whether the reports owed moved since they were read. */
function reportsSql({ id, actorId, now, row, reports, owed, paydown }: PostValues): SQL {
  return sql`
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
    owed_now as (
      select id, unreimbursed_amount from expense_reports
      where user_id = ${row.userId} and processed and unreimbursed_amount > 0 and distribution_id is distinct from ${id}
    ),
    owed_changed as (
      select count(*) as n
      from owed_now o full join unnest(${param(owed.map((r) => r.id))}::int[], ${money(owed.map((r) => r.unreimbursed))}::numeric[])
        as was(id, unreimbursed) on was.id = o.id
      where o.id is null or was.id is null or o.unreimbursed_amount <> was.unreimbursed
    ),
    paid_down as (
      update expense_reports as r set unreimbursed_amount = v.unreimbursed, updated_at = ${now}
      from unnest(${param(paydown.map((p) => p.reportId))}::int[], ${money(paydown.map((p) => p.unreimbursedAfter))}::numeric[])
        as v(id, unreimbursed)
      where r.id = v.id
    )`;
}

/** Advances paid or released, donations flagged, the distribution approved with its frozen context, the audit event. */
function flagsSql({ id, today, actorId, now, writes, paid, paydown, context, audit }: PostValues): SQL {
  return sql`
    advances as (
      update advance_requests as a
      set status = case when a.status = 'requested' then 'approved' else a.status end,
          approved = true, amount_approved = v.paid, dist_amount_approved = v.paid,
          mat_date = coalesce(a.mat_date, ${today}::date), updated_at = ${now}
      from unnest(${param(paid.map((a) => a.id))}::int[], ${money(paid.map((a) => a.amount))}::numeric[])
        as v(id, paid)
      where a.id = v.id and a.distribution_id = ${id}
      returning a.id
    ),
    released as (
      update advance_requests set distribution_id = null, updated_at = ${now}
      where distribution_id = ${id} and id = any(${param(writes.advancesReleased)}::int[])
    ),
    donation_flags as (
      update donations set approved = (id = any(${param(writes.donationsDeposited)}::int[])) where distribution_id = ${id}
    ),
    approved as (
      update distributions set status = 'approved', approved_at = ${now}, approved_by = ${actorId}, updated_at = ${now},
        approved_context = ${JSON.stringify(contextToWire(context))}::jsonb,
        approval_paydown = ${JSON.stringify(paydownToWire(paydown))}::jsonb
      where id = ${id} and status = 'pending'
      returning id
    ),
    audited as (
      insert into audit_events (actor_id, action, entity_type, entity_id, details, created_at)
      values (${actorId}, 'approve', 'distribution', ${id}, ${JSON.stringify(audit)}::jsonb, ${now})
    )`;
}

/**
 * Step 4 in ONE statement (a transaction's round trips are what MAT Day costs). What to write is
 * decided by `approvalWrites` (src/domain/distributions/postings.ts); this only writes it: the
 * pending hold-account rows give way to posted ones, with ids drawn from the sequence in the same
 * statement so every journal row names its transaction; every journal row; then hold accounts,
 * profile, reports (included ones processed, older unpaid parts paid down), advances, donations,
 * the distribution's frozen context and the audit event — returning counts that must match what
 * the distribution references, and whether the reports owed are still the ones the paydown was
 * computed from (otherwise 409 and the whole transaction rolls back).
 */
async function post(tx: Tx, { row, result, context, owed, actorId, now, reviewedFlags }: PostArgs): Promise<void> {
  const d = result.distribution;
  const id = row.id;
  const today = isoDateOf(now);
  const held = d.hold_account_transactions;
  const writes = approvalWrites(id, result, owed);
  const { journal, holdAccounts: moved, reports, paydown, advancesPaid: paid } = writes;
  const audit = {
    user_id: row.userId,
    starting_balance: toDecimalString(row.startingBalance),
    ending_balance: toDecimalString(row.endingBalance),
    unreimbursed_amount_ending: toDecimalString(row.unreimbursedAmountEnding),
    total_funds_disbursed: toDecimalString(row.totalFundsDisbursed),
    hold_account_transactions: held.length,
    reviewed_flags: reviewedFlags,
  };
  const values: PostValues = {
    id,
    held,
    today,
    actorId,
    now,
    journal,
    moved,
    writes,
    row,
    reports,
    owed,
    paydown,
    paid,
    context,
    audit,
  };
  const counted = await executeNamed(
    tx,
    'sheepfold_approve_post',
    sql`
    with ${heldTransactionsSql(values)}, ${journalSql(values)}, ${balancesSql(values)}, ${reportsSql(values)}, ${flagsSql(values)}
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
    counts.reports !== reports.length ||
    counts.advances !== paid.length ||
    counts.owed_changed !== 0
  ) {
    throw AppError.conflict(DISTRIBUTION_MESSAGES.referencesMoved);
  }
}
