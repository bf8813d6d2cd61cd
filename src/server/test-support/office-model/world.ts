import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerHolds } from '../../../domain/ledger/check';
import { type Cents, formatUSD } from '../../../domain/money';
import { queryRows } from '../../db/query-rows';
import { payeeBankDetails } from '../../db/schema';
import { centsFromDatabase } from '../../db/schema/columns';
import { checkLiveLedger } from '../../ledger/read-ledger';
import type { CallOptions, CallResult, SignedIn, TestApp } from '../harness';
import { overlapProblems } from './overlaps';
import { type BankRow, newPaymentModel, type PaymentModel, paymentProblems } from './payment-model';
import { donationProblems } from './uploads';

/**
 * The office model (docs/distribution.md "Ledger invariants"): the real app on PGlite, driven by
 * fast-check commands (commands.ts) through its API, beside a simple model of what the money must
 * be. After every step `checkStep` runs the ledger check on the live database and compares the
 * model's expected balances with the stored ones.
 */
export interface ModelReport {
  id: number;
  userId: number;
  type: 'reimbursement' | 'advance';
  /** General-fund lines (not charged to a hold account), cents. */
  general: Cents;
  total: Cents;
  state: 'submitted' | 'processed';
  advanceId: number | null;
  /** A reimbursement's lines (expense id, date, amount, hold account or null), for the payout's plan. */
  lines?: ModelLine[];
  /** What processing paid now (a reimbursement). */
  payout?: Cents;
  /** Recorded as paid by check or cash (payout-paid). */
  payoutPaid?: boolean;
  /** An advance report's unspent cash given back: deposited to the fund at processing (decision 34). */
  cashReturned?: Cents;
}

export interface ModelLine {
  id: number;
  date: string;
  amount: Cents;
  holdAccountId: number | null;
}

export interface ModelAdvance {
  id: number;
  userId: number;
  requested: Cents;
  approved: Cents | null;
  state: 'requested' | 'approved' | 'submitted' | 'closed';
  paid: Cents;
}

export interface Upload {
  name: string;
  rows: string[];
}

export interface Model {
  /** Expected fund balance per missionary. */
  fund: Map<number, Cents>;
  /** Expected balance per hold account. */
  hold: Map<number, Cents>;
  holdOwner: Map<number, number>;
  archived: Set<number>;
  donations: number;
  uploads: Upload[];
  reports: ModelReport[];
  advances: ModelAdvance[];
  /** Manual hold-account transactions that may be deleted (id → account, type, amount). */
  manual: Array<{ id: number; holdAccountId: number; type: string; amount: Cents }>;
  /** Next month (index from November 2026) each missionary may get a distribution for. */
  month: Map<number, number>;
  pending: number[];
  /** Batches, what they paid and what is still owed (payment-model.ts). */
  payments: PaymentModel;
  steps: number;
}

export interface Real {
  t: TestApp;
  admin: SignedIn;
  missionaries: Array<SignedIn & { missionaryNumber: string }>;
  categories: { expense: number; advance: number };
  /** Each missionary's bank details as first saved (ACH, a wire): restored, reviewed and proven, for every sequence. */
  bankRows: BankRow[];
  /** Every call of the run, for the counterexample. */
  log: string[];
}

export const TABLES = [
  'profiles',
  'mail_queue',
  'advance_requests',
  'expense_reports',
  'expenses',
  'mileage',
  'file_uploads',
  'expense_report_events',
  'donations',
  'donation_uploads',
  'donation_column_mappings',
  'hold_accounts',
  'hold_account_transactions',
  'journal_entries',
  'audit_events',
  'distributions',
  'stored_files',
  'stored_file_chunks',
  'payment_batches',
  'payment_lines',
  'payment_line_items',
  'payee_bank_details',
];

/** One API call; a 5xx fails the run at once. */
export async function call(real: Real, method: string, url: string, options: CallOptions = {}): Promise<CallResult> {
  const result = await real.t.call(method, url, options);
  const said = result.status >= 400 && typeof result.body?.message === 'string' ? ` "${result.body.message}"` : '';
  real.log.push(`${method} ${url} → ${result.status}${said}`);
  if (result.status >= 500)
    throw new Error(`${method} ${url} answered ${result.status}: ${JSON.stringify(result.body)}`);
  return result;
}

export function monthRange(index: number): { start_date: string; end_date: string } {
  const year = 2026 + Math.floor((10 + index) / 12);
  const month = ((10 + index) % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { start_date: `${year}-${mm}-01`, end_date: `${year}-${mm}-${last}` };
}

/**
 * A fresh office for one run on the same database: every money table emptied (users, tokens,
 * categories and settings stay), each missionary with a fund of $1,000.00 and a hold account
 * "Fund n" of $500.00.
 */
export async function resetOffice(real: Real): Promise<Model> {
  await real.t.ctx.db.execute(sql.raw(`truncate ${TABLES.join(', ')} restart identity cascade`));
  real.log.length = 0;
  const model: Model = {
    fund: new Map(),
    hold: new Map(),
    holdOwner: new Map(),
    archived: new Set(),
    donations: 0,
    uploads: [],
    reports: [],
    advances: [],
    manual: [],
    month: new Map(),
    pending: [],
    payments: newPaymentModel(real.bankRows),
    steps: 0,
  };
  // The opening state in one statement (lean: a sequence's setup costs one round trip), as the API
  // would leave it: a profile with a journalled opening balance, a hold account with its opening balance.
  const ids = real.missionaries.map((m) => m.id);
  const created = await queryRows(
    real.t.ctx.db,
    sql`
    with p as (
      insert into profiles (user_id, fund_balance, net_salary, tax_status, fica_tax)
      select unnest(${sql.param(ids)}::int[]), 1000, 100, 'W2', false returning user_id
    ), j as (
      insert into journal_entries (account, account_id, amount, balance_after, reason, ref_type, ref_id)
      select 'user_fund', user_id, 1000, 1000, 'opening_balance', 'user', user_id from p
    )
    insert into hold_accounts (user_id, fund_name, opening_balance, balance)
    select u, 'Fund ' || n, 500, 500 from unnest(${sql.param(ids)}::int[]) with ordinality as x(u, n)
    returning id, user_id`,
    z.object({ id: z.coerce.number(), user_id: z.coerce.number() }),
  );
  // Bank details as a released batch leaves them: reviewed and proven, so lines are not held at first.
  await real.t.ctx.db
    .insert(payeeBankDetails)
    .values(real.bankRows.map((row) => ({ ...row, reviewedVersion: row.version, provenVersion: row.version })));
  for (const id of ids) {
    model.fund.set(id, 100_000);
    model.month.set(id, 0);
  }
  for (const row of created) {
    model.hold.set(row.id, 50_000);
    model.holdOwner.set(row.id, row.user_id);
  }
  return model;
}

async function stored(real: Real) {
  return queryRows(
    real.t.ctx.db,
    sql`
    select 'fund' as kind, user_id as id, fund_balance::text as amount from profiles
    union all select 'hold', id, balance::text from hold_accounts
    union all select 'donations', 0, count(*)::text from donations`,
    z.object({ kind: z.string(), id: z.coerce.number(), amount: z.string() }),
  );
}

/** After every step: the ledger check holds, and the stored balances are the model's. */
export async function checkStep(real: Real, model: Model): Promise<void> {
  model.steps += 1;
  const result = await checkLiveLedger(real.t.ctx.db);
  if (!ledgerHolds(result)) {
    const broken = result.violations.filter((v) => v.severity === 'error').map((v) => `${v.check}: ${v.message}`);
    throw new Error(`ledger check failed after ${real.log.at(-1)}:\n${broken.join('\n')}`);
  }
  const problems: string[] = [];
  for (const row of await stored(real)) {
    if (row.kind === 'donations') {
      if (Number(row.amount) !== model.donations)
        problems.push(`${row.amount} donations stored, ${model.donations} imported`);
      continue;
    }
    const expected = (row.kind === 'fund' ? model.fund : model.hold).get(Number(row.id));
    const actual = centsFromDatabase(row.amount);
    if (expected !== undefined && expected !== actual) {
      problems.push(`${row.kind} #${row.id} is ${formatUSD(actual)}, the model expects ${formatUSD(expected)}`);
    }
  }
  problems.push(...(await overlapProblems(real)), ...(await donationProblems(real)));
  // Batches only come from the model's commands: none drafted, nothing to compare.
  if (model.payments.batches.length > 0) problems.push(...(await paymentProblems(real.t.ctx.db, model.payments)));
  if (problems.length > 0) throw new Error(`model disagrees after ${real.log.at(-1)}: ${problems.join('; ')}`);
}

export const dollars = (cents: Cents) => (cents / 100).toFixed(2);
