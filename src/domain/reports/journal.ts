import { formatUSDate, type IsoDate } from '../dates';
import { type Cents, sum } from '../money';
import type { Terms } from '../terms';
import { type DistributionFigures, type ReportDistribution, reportReimbursement } from './accounting';
import type { FundMovement } from './fund-movements';
import type { JournalDistribution } from './journal-figures';
import type { AccountKind } from './presets/kinds';
import type { ReportTable } from './table';

/**
 * The journal export (GET /reports/accounting-journal): every distribution's figures as double-entry
 * lines (date, account, debit, credit, memo) the accounting package can import. docs/reports.md
 * explains the chart of accounts and every rule; the tests check that debits equal credits for each
 * distribution and in total, and that the missionary's fund and each hold account move by exactly
 * their ending minus starting balance.
 *
 * The model: the organisation holds each missionary's general fund (Missionary Fund Balance) and
 * each designated fund (Hold Account Liability) for them. MAT Day moves money out of those funds to
 * where it goes — the bank, payroll tax and 403(b) payables, the insurer, the organisation's own
 * Admin Fee Income — and moves allocated gifts in from Donations Clearing.
 */

export type AccountType = 'Asset' | 'Liability' | 'Income';

export interface Account {
  code: string;
  name: string;
  type: AccountType;
}

/** The chart of accounts (docs/reports.md). Per-fund and per-missionary accounts add a suffix. */
export const CHART = {
  cash: { code: '1000', name: 'Operating Cash', type: 'Asset' },
  donationsClearing: { code: '1100', name: 'Donations Clearing', type: 'Asset' },
  midMonthPayroll: { code: '1250', name: 'Mid-Month Payroll Clearing', type: 'Asset' },
  payrollTaxes: { code: '2100', name: 'Payroll Taxes Payable', type: 'Liability' },
  retirement: { code: '2150', name: '403(b) Payable', type: 'Liability' },
  insurance: { code: '2200', name: 'Insurance Payable', type: 'Liability' },
  holdAccount: { code: '2500', name: 'Hold Account Liability', type: 'Liability' },
  missionaryFund: { code: '2600', name: 'Missionary Fund Balance', type: 'Liability' },
  adminFeeIncome: { code: '4100', name: 'Admin Fee Income', type: 'Income' },
} as const satisfies Record<string, Account>;

/** Hold Account Liability of one fund: 2500-{hold account id}. */
export function holdAccountAccount(holdAccountId: number | null, fundName: string): Account {
  return holdAccountId === null
    ? { ...CHART.holdAccount, name: `${CHART.holdAccount.name} — all funds` }
    : {
        code: `${CHART.holdAccount.code}-${holdAccountId}`,
        name: `${CHART.holdAccount.name} — ${fundName}`,
        type: 'Liability',
      };
}

/**
 * The kind of account a line of today's chart books to, unless the line says otherwise (the payroll
 * tax payable holds both withholdings and the employer's share; cash pays reimbursements and advances).
 */
export function defaultKind(account: Account): AccountKind {
  if (account.code.startsWith(`${CHART.missionaryFund.code}-`)) return 'missionary_funds';
  if (account.code.startsWith(CHART.holdAccount.code)) return 'hold_accounts';
  switch (account.code) {
    case CHART.adminFeeIncome.code:
      return 'admin_fee_income';
    case CHART.retirement.code:
      return 'retirement';
    case CHART.payrollTaxes.code:
      return 'withholding_liabilities';
    case CHART.midMonthPayroll.code:
    case CHART.insurance.code:
      return 'payroll_expense';
    default:
      return 'bank_clearing';
  }
}

/** Missionary Fund Balance of one missionary: 2600-{missionary number} (2600-U{user id} without one). */
export function missionaryFundAccount(
  d: Pick<ReportDistribution, 'user_id' | 'user_name' | 'missionary_number'>,
): Account {
  const suffix = d.missionary_number?.trim() ? d.missionary_number.trim() : `U${d.user_id}`;
  return {
    code: `${CHART.missionaryFund.code}-${suffix}`,
    name: `${CHART.missionaryFund.name} — ${d.user_name}`,
    type: 'Liability',
  };
}

// The per-fund movements live in fund-movements.ts; these names stay importable from here.
export {
  type FundMovement,
  type FundTransaction,
  fundMovements,
  fundMovementsMatch,
  type HoldAccountTotals,
} from './fund-movements';

export interface JournalSource extends ReportDistribution {
  /** Per-fund movements when recorded and consistent; null posts them to one "all funds" account. */
  funds: FundMovement[] | null;
}

/** What journalLines reads: a whole JournalSource, or only the export's columns with the funds. */
export type JournalLinesSource = JournalDistribution & Pick<JournalSource, 'funds'>;

export interface JournalLine {
  date: IsoDate;
  /** Which kind of account the line books to, for the accounting presets' mapping (docs/reports.md). */
  kind: AccountKind;
  /** Groups the lines of one distribution into one journal entry: MAT-{distribution id}. */
  entry: string;
  account: Account;
  debit: Cents;
  credit: Cents;
  memo: string;
  /** The distribution whose entry this is; null for an office payout's entry (PAYOUT-{report id}). */
  distributionId: number | null;
  missionaryNumber: string | null;
  missionaryName: string;
}

/** What every line of one distribution's entry shares, and the lines made so far. */
interface EntryLines {
  d: JournalLinesSource;
  entry: string;
  /** " — {name} ({number}), {period}", after each line's own words. */
  suffix: string;
  lines: JournalLine[];
}

function addLine(e: EntryLines, account: Account, debit: Cents, credit: Cents, memo: string, kind: AccountKind) {
  e.lines.push({
    date: e.d.end_date,
    entry: e.entry,
    kind,
    account,
    debit,
    credit,
    memo,
    distributionId: e.d.id,
    missionaryNumber: e.d.missionary_number,
    missionaryName: e.d.user_name,
  });
}

/** A debit and a credit of the same amount; `kind` overrides the credited account's default kind (what the fund pays for decides it). */
function addPair(
  e: EntryLines,
  debit: Account,
  credit: Account,
  amount: Cents,
  what: string,
  kind = defaultKind(credit),
) {
  if (amount === 0) return;
  const memo = `${what}${e.suffix}`;
  const debitKind = defaultKind(debit);
  if (amount > 0) {
    addLine(e, debit, amount, 0, memo, debitKind);
    addLine(e, credit, 0, amount, memo, kind);
  } else {
    addLine(e, credit, -amount, 0, memo, kind);
    addLine(e, debit, 0, -amount, memo, debitKind);
  }
}

function holdOf(f: FundMovement): Account {
  return holdAccountAccount(f.holdAccountId === -1 ? null : f.holdAccountId, f.fundName);
}

function fundLabel(f: FundMovement): string {
  return f.holdAccountId === -1 ? 'hold accounts' : f.fundName;
}

/**
 * The lines of one distribution, in pairs (a debit and a credit of the same amount, the same memo).
 * Zero amounts make no lines; a negative amount (a donation reversal) swaps the two sides. (The
 * helpers above are functions of their own rather than closures made on every call: the journal
 * export calls this 60,000 times for a year.)
 */
export function journalLines(d: JournalLinesSource): JournalLine[] {
  const fund = missionaryFundAccount(d);
  const period = `${formatUSDate(d.start_date)}–${formatUSDate(d.end_date)}`;
  const who = d.missionary_number ? `${d.user_name} (${d.missionary_number})` : d.user_name;
  const e: EntryLines = { d, entry: `MAT-${d.id}`, suffix: ` — ${who}, ${period}`, lines: [] };
  const funds: FundMovement[] = d.funds ?? [
    {
      holdAccountId: -1,
      fundName: '',
      deposits: d.held_liability_account_deposit,
      transfers: d.transfer_from_held,
      withdrawals: d.held_liability_account_withdrawal,
    },
  ];

  // Into the missionary's fund.
  addPair(e, CHART.donationsClearing, fund, d.total_donations, 'Donations received');
  for (const f of funds) addPair(e, holdOf(f), fund, f.transfers, `Transfer from ${fundLabel(f)}`);
  // The organisation's fee.
  addPair(e, fund, CHART.adminFeeIncome, d.admin_fee, 'Admin fee');
  // Payroll: what the fund pays (payroll cost), by where it goes.
  addPair(
    e,
    fund,
    CHART.cash,
    d.net_payroll_dist,
    'Payroll paid on MAT Day (net salary + housing − 403(b))',
    'payroll_expense',
  );
  addPair(e, fund, CHART.midMonthPayroll, d.mid_month_disbursement, 'Payroll paid mid-month');
  addPair(e, fund, CHART.retirement, d.retirement, 'Retirement 403(b)');
  addPair(e, fund, CHART.payrollTaxes, d.employee_ss, 'Employee social security');
  addPair(e, fund, CHART.payrollTaxes, d.employee_mc, 'Employee Medicare');
  addPair(e, fund, CHART.payrollTaxes, d.federal_income_tax, 'Federal income tax withheld');
  addPair(e, fund, CHART.payrollTaxes, d.employer_ss, 'Employer social security', 'employer_taxes');
  addPair(e, fund, CHART.payrollTaxes, d.employer_mc, 'Employer Medicare', 'employer_taxes');
  addPair(e, fund, CHART.insurance, d.insurance_payment, 'Insurance');
  addPair(e, fund, CHART.cash, d.wire_fee, 'Wire fee');
  // Designated funds.
  for (const f of funds) addPair(e, fund, holdOf(f), f.deposits, `Deposit to ${fundLabel(f)}`);
  for (const f of funds) {
    addPair(e, holdOf(f), CHART.cash, f.withdrawals, `Withdrawal from ${fundLabel(f)} paid out`, 'reimbursements');
  }
  // Reimbursements and advances paid from the general fund.
  addPair(
    e,
    fund,
    CHART.cash,
    d.unreimbursed_reimbursement,
    'Reimbursement of earlier unreimbursed expenses',
    'reimbursements',
  );
  addPair(e, fund, CHART.cash, reportReimbursement(d), 'Expense report reimbursement', 'reimbursements');
  addPair(e, fund, CHART.cash, d.manual_ministry_reimbursement, 'Manual business reimbursement', 'reimbursements');
  addPair(e, fund, CHART.cash, d.ministry_advance, 'Business expense advance', 'advances');
  addPair(e, fund, CHART.cash, d.manual_ministry_advance, 'Manual business advance', 'advances');
  return e.lines;
}

/** Σ credit − Σ debit per account code (a liability grows by its net credit). */
export function netCredits(lines: readonly JournalLine[]): Map<string, Cents> {
  const net = new Map<string, Cents>();
  for (const l of lines) net.set(l.account.code, sum([net.get(l.account.code) ?? 0, l.credit, -l.debit]));
  return net;
}

export function journalTotals(lines: readonly JournalLine[]): { debit: Cents; credit: Cents } {
  return { debit: sum(lines.map((l) => l.debit)), credit: sum(lines.map((l) => l.credit)) };
}

/** What the fund's movement must equal: ending − starting (distribution.md step 10). */
export function expectedFundMovement(d: DistributionFigures): Cents {
  return d.ending_balance - d.starting_balance;
}

/**
 * The journal as a table: each distribution's entry, then `extra` entries (office payouts, built by
 * office-payouts.ts), each line with its entry, accounts and the distribution it belongs to (if any).
 */
export function journalTable(
  sources: readonly JournalSource[],
  terms: Terms,
  extra: readonly JournalLine[] = [],
): ReportTable {
  return {
    sheetName: 'Journal',
    columns: [
      { header: 'Date', kind: 'date', width: 12 },
      { header: 'Entry', kind: 'text', width: 10 },
      { header: 'Account', kind: 'text', width: 12 },
      { header: 'Account Name', kind: 'text', width: 40 },
      { header: 'Debit', kind: 'money', total: true, width: 14 },
      { header: 'Credit', kind: 'money', total: true, width: 14 },
      { header: 'Memo', kind: 'text', width: 70 },
      { header: 'Distribution ID', kind: 'integer', width: 14 },
      { header: `${terms.missionary} #`, kind: 'text', width: 14 },
      { header: terms.missionary, kind: 'text', width: 26 },
    ],
    rows: [...sources.flatMap((source) => journalLines(source)), ...extra].map((l) => [
      l.date,
      l.entry,
      l.account.code,
      l.account.name,
      l.debit === 0 ? null : l.debit,
      l.credit === 0 ? null : l.credit,
      l.memo,
      l.distributionId,
      l.missionaryNumber,
      l.missionaryName,
    ]),
  };
}
