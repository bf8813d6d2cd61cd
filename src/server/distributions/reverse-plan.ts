import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdvanceStatus } from '../../domain/advances/states';
import { contextFromWire } from '../../domain/distributions/context-wire';
import {
  type AdvanceRestored,
  type ApprovalJournalRow,
  type BalanceKey,
  balanceKey,
  decideReversal,
  type PaydownWire,
  paydownFromWire,
  type ReversalJournal,
  type ReversalSummary,
  reversalJournal,
  reversalSummary,
} from '../../domain/distributions/reversal';
import { AppError } from '../../domain/errors';
import type { JournalAccountKind } from '../../domain/ledger/types';
import type { Cents } from '../../domain/money';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/query-rows';
import { distributions } from '../db/schema';
import { centsFromDatabase } from '../db/schema/columns';
import type { DistributionRow } from './figures';
import { lockForApproval } from './load-context';
import { DISTRIBUTION_MESSAGES } from './write';

/**
 * What reversing a distribution would write (docs/distribution.md "Reversing an approval"), read
 * from the database and decided by the domain (src/domain/distributions/reversal.ts). With `lock`
 * (the reversal itself) the rows are locked in the order approval takes them — the distribution,
 * then the user's hold accounts, then the user and profile rows — through approval's own lock
 * statement; without (the preview) they are only read.
 */
export interface ReversalPlan {
  row: DistributionRow;
  /** Why it cannot be reversed now (409), or null. */
  refusal: string | null;
  reversal: ReversalJournal;
  summary: ReversalSummary;
  reportIds: number[];
  paydown: Array<{ reportId: number; paid: Cents }>;
  advances: AdvanceRestored[];
  donations: Array<{ id: number; approved: boolean }>;
  fundNames: Map<number, string>;
}

const money = z.string().transform((text) => centsFromDatabase(text));

/** The rows the approval wrote and nothing has reversed yet: its own, and its hold-account transactions'. */
async function approvalJournal(db: DbOrTx, id: number): Promise<ApprovalJournalRow[]> {
  const rows = await queryRows(
    db,
    sql`select j.id, j.account, j.account_id, j.amount::text as amount, j.reason, j.memo, j.ref_type, j.ref_id
      from journal_entries j
      where j.reverses_journal_id is null and j.reason like 'distribution\\_%'
        and ((j.ref_type = 'distribution' and j.ref_id = ${id})
          or (j.ref_type = 'hold_account_transaction' and j.ref_id in (
            select t.id from hold_account_transactions t where t.distribution_id = ${id} and t.status = 'posted')))
        and not exists (select 1 from journal_entries r where r.reverses_journal_id = j.id)
      order by j.id`,
    z.object({
      id: z.coerce.number(),
      account: z.enum(['user_fund', 'user_unreimbursed', 'hold_account', 'hold_account_unreimbursed']),
      account_id: z.coerce.number(),
      amount: money,
      reason: z.string(),
      memo: z.string().nullable(),
      ref_type: z.string().nullable(),
      ref_id: z.coerce.number().nullable(),
    }),
  );
  return rows.map((r) => ({
    id: r.id,
    account: r.account,
    accountId: r.account_id,
    amount: r.amount,
    reason: r.reason,
    memo: r.memo,
    refType: r.ref_type,
    refId: r.ref_id,
  }));
}

/** The user's balances now (fund and unreimbursed; every hold account's balance and unreimbursed). */
async function balancesNow(db: DbOrTx, userId: number) {
  const rows = await queryRows(
    db,
    sql`select 'user_fund' as account, user_id as id, fund_balance::text as amount, null as name from profiles where user_id = ${userId}
      union all select 'user_unreimbursed', user_id, unreimbursed_amount::text, null from profiles where user_id = ${userId}
      union all select 'hold_account', id, balance::text, fund_name from hold_accounts where user_id = ${userId}
      union all select 'hold_account_unreimbursed', id, unreimbursed_amount::text, fund_name from hold_accounts where user_id = ${userId}`,
    z.object({ account: z.string(), id: z.coerce.number(), amount: money, name: z.string().nullable() }),
  );
  const balances = new Map<BalanceKey, Cents>(
    rows.map((r) => [balanceKey(r.account as JournalAccountKind, r.id), r.amount]),
  );
  const fundNames = new Map(rows.filter((r) => r.name !== null).map((r) => [r.id, r.name as string]));
  return { balances, fundNames };
}

/** What the approval paid or took that the reversal frees: reports, paid advances, donations. */
async function references(db: DbOrTx, id: number) {
  const rows = await queryRows(
    db,
    sql`select 'report' as kind, id, null as status from expense_reports where distribution_id = ${id} and processed
      union all select 'advance', id, status from advance_requests where distribution_id = ${id} and dist_amount_approved is not null
      union all select 'donation', id, null from donations where distribution_id = ${id}
      order by 1, 2`,
    z.object({ kind: z.string(), id: z.coerce.number(), status: z.string().nullable() }),
  );
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    reportIds: of('report').map((r) => r.id),
    advances: of('advance').map((r) => ({ id: r.id, status: r.status as AdvanceStatus })),
    donationIds: of('donation').map((r) => r.id),
  };
}

/** The payment batch whose line pays this distribution, if any. */
async function batchHolding(db: DbOrTx, id: number) {
  const [batch] = await queryRows(
    db,
    sql`select b.id, b.status from payment_line_items i
      join payment_lines l on l.id = i.line_id join payment_batches b on b.id = l.batch_id
      where i.distribution_id = ${id}`,
    z.object({ id: z.coerce.number(), status: z.string() }),
  );
  return batch ?? null;
}

/** A later approved distribution of the same missionary (by end date or by approval), if any. */
async function laterApproved(db: DbOrTx, row: DistributionRow) {
  const [later] = await queryRows(
    db,
    sql`select id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date
      from distributions
      where user_id = ${row.userId} and status = 'approved' and id <> ${row.id}
        and (end_date > ${row.endDate}::date or approved_at > ${row.approvedAt})
      order by end_date desc, id desc limit 1`,
    z.object({ id: z.coerce.number(), start_date: z.string(), end_date: z.string() }),
  );
  return later ? { id: later.id, startDate: later.start_date, endDate: later.end_date } : null;
}

async function readRow(db: DbOrTx, id: number, lock: boolean): Promise<DistributionRow | null> {
  if (lock) return (await lockForApproval(db, id))?.row ?? null;
  const [row] = await db.select().from(distributions).where(eq(distributions.id, id));
  return row ?? null;
}

/** Reads and decides a reversal of distribution `id`; 404 when there is none. */
export async function planReversal(db: DbOrTx, id: number, lock: boolean): Promise<ReversalPlan> {
  const row = await readRow(db, id, lock);
  if (!row) throw AppError.notFound(DISTRIBUTION_MESSAGES.notFound);
  const laterOne = row.status === 'approved' ? await laterApproved(db, row) : null;
  const [originals, now, refs, paymentBatch] = await Promise.all([
    approvalJournal(db, id),
    balancesNow(db, row.userId),
    references(db, id),
    batchHolding(db, id),
  ]);
  const context = row.approvedContext ? contextFromWire(row.approvedContext) : null;
  const wirePaydown = row.approvalPaydown as PaydownWire | null;
  const { refusal, advances } = decideReversal({
    distribution: row,
    laterApproved: laterOne,
    paymentBatch,
    snapshotKept: context !== null && (wirePaydown !== null || row.unreimbursedReimbursement === 0),
    advancesPaid: refs.advances,
    advancesBefore: (context?.advanceRequests ?? []).map((a) => ({
      id: a.id,
      status: a.status,
      amountApproved: a.amountApproved,
      matDate: a.matDate,
    })),
  });
  const reversal = reversalJournal(id, originals, now.balances);
  const donationsBefore = new Map((context?.donations ?? []).map((d) => [d.id, d.approved]));
  return {
    row,
    refusal,
    reversal,
    summary: reversalSummary(row.userId, reversal, now.balances, {
      reports: refs.reportIds.length,
      advances: refs.advances.length,
      donations: refs.donationIds.length,
    }),
    reportIds: refs.reportIds,
    paydown: paydownFromWire(wirePaydown ?? []),
    advances,
    donations: refs.donationIds.map((donationId) => ({
      id: donationId,
      approved: donationsBefore.get(donationId) ?? false,
    })),
    fundNames: now.fundNames,
  };
}
