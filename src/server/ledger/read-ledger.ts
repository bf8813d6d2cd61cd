import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { checkLedger } from '../../domain/ledger/check';
import { uploadMonth } from '../../domain/ledger/left-behind';
import type { LedgerCheckResult, LedgerDistribution, LedgerRows } from '../../domain/ledger/types';
import { type Cents, fromDollars } from '../../domain/money';
import { TAX_STATUSES } from '../../domain/users/schemas';
import type { Db, DbOrTx } from '../db/client';
import { queryRow } from '../db/query-rows';
import { centsFromDatabase } from '../db/schema/columns';

type Row = Record<string, unknown>;
/** Money as numeric text from the database. */
const money = (value: unknown): Cents => centsFromDatabase(value as string | null);
const maybe = (value: unknown): Cents | null => (value === null || value === undefined ? null : money(value));
/** Dollars as JSON numbers (the distribution's stored lists). */
const dollars = (value: unknown): Cents => fromDollars(Number(value ?? 0));
const id = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Every row the ledger check reads (src/domain/ledger), in ONE statement (one round trip: the office
 * model runs it after every step), each table as a JSON list with money as numeric text.
 */
/**
 * Each missionary's undistributed donations per upload (the partial index of migration 0020 reads
 * only those), with the upload's gift months, the day it was imported and the missionary's latest
 * approved end date: src/domain/ledger/left-behind.ts decides which were left behind.
 */
const LEFT_BEHIND_SQL = sql`select coalesce(json_agg(json_build_object('user_id', l.user_id, 'name', u.name,
      'upload', l.upload_name, 'donations', l.n, 'amount', l.amount::text,
      'months', (select coalesce(json_object_agg(g.month, g.n), '{}') from (
          select to_char(x.gift_date, 'YYYY-MM') as month, count(*) as n from donations x
          where x.upload_name = l.upload_name and x.gift_date is not null group by 1) g),
      'imported', (select to_char(min(x.created_at), 'YYYY-MM-DD') from donations x where x.upload_name = l.upload_name),
      'last_end', (select to_char(max(dd.end_date), 'YYYY-MM-DD') from distributions dd
          where dd.user_id = l.user_id and dd.status = 'approved'))
    order by l.user_id, l.upload_name), '[]')
  from (select d.user_id, d.upload_name, count(*) as n, sum(d.amount) as amount from donations d
        where d.distribution_id is null and d.user_id is not null group by d.user_id, d.upload_name) l
  join users u on u.id = l.user_id`;

const LEDGER_SQL = sql`select
  (select coalesce(json_agg(json_build_object('user_id', p.user_id, 'name', u.name, 'fund', p.fund_balance::text,
      'owed', p.unreimbursed_amount::text, 'tax', p.tax_status, 'fica', p.fica_tax) order by p.user_id), '[]')
    from profiles p join users u on u.id = p.user_id) as profiles,
  (select coalesce(json_agg(json_build_object('id', h.id, 'user_id', h.user_id, 'name', h.fund_name,
      'opening', h.opening_balance::text, 'balance', h.balance::text, 'owed', h.unreimbursed_amount::text) order by h.id), '[]')
    from hold_accounts h) as hold_accounts,
  (select coalesce(json_agg(json_build_object('id', j.id, 'account', j.account, 'account_id', j.account_id,
      'amount', j.amount::text, 'after', j.balance_after::text, 'reason', j.reason,
      'at', (extract(epoch from j.created_at) * 1000)::bigint) order by j.id), '[]')
    from journal_entries j) as journal,
  (select coalesce(json_agg(json_build_object('id', t.id, 'hold_account_id', t.hold_account_id, 'type', t.transaction_type,
      'amount', coalesce(t.amount_approved, t.transaction_amount)::text, 'status', t.status, 'expense_id', t.expense_id,
      'distribution_id', t.distribution_id)), '[]')
    from hold_account_transactions t) as transactions,
  (select coalesce(json_agg(json_build_object('id', r.id, 'user_id', r.user_id, 'type', r.type, 'total', r.total_amount::text,
      'owed', r.unreimbursed_amount::text, 'payout', r.payout::text, 'processed', r.processed,
      'distribution_id', r.distribution_id, 'advance_id', r.advance_request_id)), '[]')
    from expense_reports r) as reports,
  (select coalesce(json_agg(json_build_object('id', e.id, 'kind', 'expense', 'report_id', e.expense_report_id,
      'amount', e.usd_amount::text, 'hold_account_id', e.hold_account_id)), '[]')
    from expenses e) as expenses,
  (select coalesce(json_agg(json_build_object('id', m.id, 'kind', 'mileage', 'report_id', m.expense_report_id,
      'amount', m.total_cost::text, 'hold_account_id', null)), '[]')
    from mileage m) as trips,
  (select coalesce(json_agg(json_build_object('id', a.id, 'user_id', a.user_id, 'status', a.status, 'approved', a.approved,
      'requested', a.amount_requested::text, 'amount_approved', a.amount_approved::text,
      'paid', a.dist_amount_approved::text, 'distribution_id', a.distribution_id, 'archived', a.archived_at is not null)), '[]')
    from advance_requests a) as advances,
  (select coalesce(json_agg(json_build_object('id', d.id, 'user_id', d.user_id, 'status', d.status,
      'start', to_char(d.start_date, 'YYYY-MM-DD'), 'end', to_char(d.end_date, 'YYYY-MM-DD'),
      'donations', d.total_donations::text, 'admin_fee', d.admin_fee::text, 'payroll', d.total_payroll::text,
      'housing', d.housing_allowance::text, 'insurance', d.insurance_payment::text, 'wire', d.wire_fee::text,
      'reimbursement', d.ministry_reimbursement::text, 'manual_reimbursement', d.manual_ministry_reimbursement::text,
      'advance', d.ministry_advance::text, 'manual_advance', d.manual_ministry_advance::text,
      'advances', d.processed_advance_requests, 'reports', d.processed_expense_reports)), '[]')
    from distributions d) as distributions,
  (select coalesce(json_agg(json_build_object('id', l.id, 'user_id', l.user_id, 'amount', l.amount::text)), '[]')
    from payment_lines l where l.status = 'returned') as payment_returns,
  (${LEFT_BEHIND_SQL}) as left_behind`;

/** Loads every row the ledger check reads; `checkLiveLedger` gives it one snapshot. */
export async function readLedger(db: DbOrTx): Promise<LedgerRows> {
  const lists = await queryRow(db, LEDGER_SQL, z.record(z.string(), z.unknown()));
  const list = (name: string): Row[] => {
    const value = lists[name];
    return (typeof value === 'string' ? JSON.parse(value) : value) as Row[];
  };
  return {
    profiles: list('profiles').map((p) => ({
      userId: Number(p.user_id),
      name: String(p.name),
      fundBalance: money(p.fund),
      unreimbursedAmount: money(p.owed),
      // The column's check constraint allows only these; parsed, so the type is true, not asserted.
      taxStatus: p.tax == null ? null : z.enum(TAX_STATUSES).parse(p.tax),
      ficaTax: p.fica === true,
    })),
    holdAccounts: list('hold_accounts').map((h) => ({
      id: Number(h.id),
      userId: Number(h.user_id),
      fundName: String(h.name),
      openingBalance: money(h.opening),
      balance: money(h.balance),
      unreimbursedAmount: money(h.owed),
    })),
    journal: list('journal').map((j) => ({
      id: Number(j.id),
      account: j.account as LedgerRows['journal'][number]['account'],
      accountId: Number(j.account_id),
      amount: money(j.amount),
      balanceAfter: money(j.after),
      reason: String(j.reason),
      postedAt: Number(j.at),
    })),
    holdTransactions: list('transactions').map((t) => ({
      id: Number(t.id),
      holdAccountId: Number(t.hold_account_id),
      type: t.type as LedgerRows['holdTransactions'][number]['type'],
      amount: money(t.amount),
      status: t.status as 'pending' | 'posted' | 'reversed',
      expenseId: id(t.expense_id),
      distributionId: id(t.distribution_id),
    })),
    reports: list('reports').map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      type: r.type as 'reimbursement' | 'advance',
      totalAmount: money(r.total),
      unreimbursedAmount: money(r.owed),
      payout: maybe(r.payout),
      processed: r.processed === true,
      distributionId: id(r.distribution_id),
      advanceRequestId: id(r.advance_id),
    })),
    lines: [...list('expenses'), ...list('trips')].map((l) => ({
      id: Number(l.id),
      kind: l.kind as 'expense' | 'mileage',
      reportId: Number(l.report_id),
      amount: money(l.amount),
      holdAccountId: id(l.hold_account_id),
    })),
    advances: list('advances').map((a) => ({
      id: Number(a.id),
      userId: Number(a.user_id),
      status: a.status as LedgerRows['advances'][number]['status'],
      approved: a.approved === true,
      amountRequested: money(a.requested),
      amountApproved: maybe(a.amount_approved),
      distAmountApproved: maybe(a.paid),
      distributionId: id(a.distribution_id),
      archived: a.archived === true,
    })),
    distributions: list('distributions').map(toLedgerDistribution),
    leftBehind: list('left_behind').map((l) => ({
      userId: Number(l.user_id),
      name: String(l.name),
      uploadName: String(l.upload),
      donations: Number(l.donations),
      amount: money(l.amount),
      month: uploadMonth(new Map(Object.entries((l.months ?? {}) as Record<string, number>)), String(l.imported)),
      lastApprovedEnd: l.last_end == null ? null : String(l.last_end),
    })),
    paymentReturns: list('payment_returns').map((r) => ({
      lineId: Number(r.id),
      userId: Number(r.user_id),
      amount: money(r.amount),
    })),
  };
}

function toLedgerDistribution(d: Row): LedgerDistribution {
  const advances = (d.advances ?? []) as Row[];
  const reports = (d.reports ?? []) as Row[];
  return {
    id: Number(d.id),
    userId: Number(d.user_id),
    status: d.status as LedgerDistribution['status'],
    startDate: String(d.start),
    endDate: String(d.end),
    totalDonations: money(d.donations),
    adminFee: money(d.admin_fee),
    totalPayroll: money(d.payroll),
    housingAllowance: money(d.housing),
    insurancePayment: money(d.insurance),
    wireFee: money(d.wire),
    ministryReimbursement: money(d.reimbursement),
    manualMinistryReimbursement: money(d.manual_reimbursement),
    ministryAdvance: money(d.advance),
    manualMinistryAdvance: money(d.manual_advance),
    paidAdvances: advances
      .filter((a) => Number(a.approved) === 1 && dollars(a.dist_amount_approved) > 0)
      .map((a) => ({ id: Number(a.id), amount: dollars(a.dist_amount_approved) })),
    reportIds: reports.map((r) => Number(r.id)),
  };
}

/**
 * Reads the live database and runs the ledger check on it: one read-only REPEATABLE READ
 * transaction, so every balance and its journal are read at one instant while the office works on.
 */
export async function checkLiveLedger(db: Db): Promise<LedgerCheckResult> {
  const rows = await db.transaction((tx) => readLedger(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return checkLedger(rows);
}
