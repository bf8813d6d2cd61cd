import { formatUSDate, type IsoDate } from '../dates';
import type { StoredMoneyField, TransactionType } from '../distributions/types';
import { type Cents, sum } from '../money';
import type { Terms } from '../terms';
import { type DistributionFigures, type ReportDistribution, reportReimbursement } from './accounting';
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

/** One hold account's granted movements in one distribution. */
export interface FundMovement {
  holdAccountId: number;
  fundName: string;
  deposits: Cents;
  transfers: Cents;
  withdrawals: Cents;
}

/** A granted hold-account transaction of a distribution (posted row or engine result). */
export interface FundTransaction {
  holdAccountId: number;
  fundName: string;
  type: TransactionType;
  amount: Cents;
}

/** Per-fund sums of granted transactions, by fund name then id. */
export function fundMovements(transactions: readonly FundTransaction[]): FundMovement[] {
  const byFund = new Map<number, FundMovement>();
  for (const row of transactions) {
    const fund = byFund.get(row.holdAccountId) ?? {
      holdAccountId: row.holdAccountId,
      fundName: row.fundName,
      deposits: 0,
      transfers: 0,
      withdrawals: 0,
    };
    if (row.type === 'Deposit') fund.deposits = sum([fund.deposits, row.amount]);
    else if (row.type === 'Transfer') fund.transfers = sum([fund.transfers, row.amount]);
    else fund.withdrawals = sum([fund.withdrawals, row.amount]);
    byFund.set(row.holdAccountId, fund);
  }
  return [...byFund.values()].sort((a, b) => a.fundName.localeCompare(b.fundName) || a.holdAccountId - b.holdAccountId);
}

/** The distribution's hold-account totals a per-fund breakdown must add up to. */
export type HoldAccountTotals = Pick<
  DistributionFigures,
  'held_liability_account_deposit' | 'transfer_from_held' | 'held_liability_account_withdrawal'
>;

/** Whether the per-fund movements add up to the distribution's own hold-account totals. */
export function fundMovementsMatch(d: HoldAccountTotals, funds: readonly FundMovement[]): boolean {
  return (
    sum(funds.map((f) => f.deposits)) === d.held_liability_account_deposit &&
    sum(funds.map((f) => f.transfers)) === d.transfer_from_held &&
    sum(funds.map((f) => f.withdrawals)) === d.held_liability_account_withdrawal
  );
}

/** The money figures a distribution's journal lines read (the export loads these columns only). */
export const JOURNAL_FIGURES = [
  'total_donations',
  'transfer_from_held',
  'admin_fee',
  'net_payroll_dist',
  'mid_month_disbursement',
  'retirement',
  'employee_ss',
  'employee_mc',
  'federal_income_tax',
  'employer_ss',
  'employer_mc',
  'insurance_payment',
  'wire_fee',
  'held_liability_account_deposit',
  'held_liability_account_withdrawal',
  'unreimbursed_reimbursement',
  'ministry_reimbursement',
  'manual_ministry_reimbursement',
  'ministry_advance',
  'manual_ministry_advance',
] as const satisfies readonly StoredMoneyField[];
export type JournalFigure = (typeof JOURNAL_FIGURES)[number];

/** A distribution as its journal entry reads it: who, the period, and the figures it books. */
export type JournalDistribution = Pick<
  ReportDistribution,
  'id' | 'user_id' | 'user_name' | 'missionary_number' | 'start_date' | 'end_date' | JournalFigure
>;

export interface JournalSource extends ReportDistribution {
  /** Per-fund movements when recorded and consistent; null posts them to one "all funds" account. */
  funds: FundMovement[] | null;
}

/** What journalLines reads: a whole JournalSource, or only the export's columns with the funds. */
export type JournalLinesSource = JournalDistribution & Pick<JournalSource, 'funds'>;

/** Where each of JOURNAL_FIGURES is in a list of them in that order. */
const FIGURE_AT = Object.fromEntries(JOURNAL_FIGURES.map((figure, index) => [figure, index])) as Record<
  JournalFigure,
  number
>;

function figureAt(figures: readonly Cents[], figure: JournalFigure): Cents {
  const value = figures[FIGURE_AT[figure]];
  if (value === undefined) throw new RangeError(`The figures end before ${figure}.`);
  return value;
}

/**
 * A distribution as journalLines reads it, from who and when, its JOURNAL_FIGURES as a list in that
 * order (the journal export reads them as one text) and its funds. Built property by property, not
 * by spreading or a loop: 60,000 of these objects in a year's export then share one shape, which
 * spreading a row with twenty more properties did not give, at ten times the cost.
 */
export function journalLinesSource(
  who: Pick<JournalDistribution, 'id' | 'user_id' | 'user_name' | 'missionary_number' | 'start_date' | 'end_date'>,
  figures: readonly Cents[],
  funds: FundMovement[] | null,
): JournalLinesSource {
  if (figures.length !== JOURNAL_FIGURES.length)
    throw new RangeError(`${figures.length} figures, not ${JOURNAL_FIGURES.length}.`);
  return {
    id: who.id,
    user_id: who.user_id,
    user_name: who.user_name,
    missionary_number: who.missionary_number,
    start_date: who.start_date,
    end_date: who.end_date,
    total_donations: figureAt(figures, 'total_donations'),
    transfer_from_held: figureAt(figures, 'transfer_from_held'),
    admin_fee: figureAt(figures, 'admin_fee'),
    net_payroll_dist: figureAt(figures, 'net_payroll_dist'),
    mid_month_disbursement: figureAt(figures, 'mid_month_disbursement'),
    retirement: figureAt(figures, 'retirement'),
    employee_ss: figureAt(figures, 'employee_ss'),
    employee_mc: figureAt(figures, 'employee_mc'),
    federal_income_tax: figureAt(figures, 'federal_income_tax'),
    employer_ss: figureAt(figures, 'employer_ss'),
    employer_mc: figureAt(figures, 'employer_mc'),
    insurance_payment: figureAt(figures, 'insurance_payment'),
    wire_fee: figureAt(figures, 'wire_fee'),
    held_liability_account_deposit: figureAt(figures, 'held_liability_account_deposit'),
    held_liability_account_withdrawal: figureAt(figures, 'held_liability_account_withdrawal'),
    unreimbursed_reimbursement: figureAt(figures, 'unreimbursed_reimbursement'),
    ministry_reimbursement: figureAt(figures, 'ministry_reimbursement'),
    manual_ministry_reimbursement: figureAt(figures, 'manual_ministry_reimbursement'),
    ministry_advance: figureAt(figures, 'ministry_advance'),
    manual_ministry_advance: figureAt(figures, 'manual_ministry_advance'),
    funds,
  };
}

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

/**
 * The lines of one distribution, in pairs (a debit and a credit of the same amount, the same memo).
 * Zero amounts make no lines; a negative amount (a donation reversal) swaps the two sides.
 */
export function journalLines(d: JournalLinesSource): JournalLine[] {
  const lines: JournalLine[] = [];
  const fund = missionaryFundAccount(d);
  const period = `${formatUSDate(d.start_date)}–${formatUSDate(d.end_date)}`;
  const who = d.missionary_number ? `${d.user_name} (${d.missionary_number})` : d.user_name;
  const line = (account: Account, debit: Cents, credit: Cents, memo: string, kind: AccountKind): JournalLine => ({
    date: d.end_date,
    entry: `MAT-${d.id}`,
    kind,
    account,
    debit,
    credit,
    memo: `${memo} — ${who}, ${period}`,
    distributionId: d.id,
    missionaryNumber: d.missionary_number,
    missionaryName: d.user_name,
  });
  // `kind` overrides the credited account's default kind (what the fund pays for decides it).
  const pair = (debit: Account, credit: Account, amount: Cents, memo: string, kind = defaultKind(credit)) => {
    if (amount === 0) return;
    const debitKind = defaultKind(debit);
    if (amount > 0) lines.push(line(debit, amount, 0, memo, debitKind), line(credit, 0, amount, memo, kind));
    else lines.push(line(credit, -amount, 0, memo, kind), line(debit, 0, -amount, memo, debitKind));
  };

  const funds: FundMovement[] = d.funds ?? [
    {
      holdAccountId: -1,
      fundName: '',
      deposits: d.held_liability_account_deposit,
      transfers: d.transfer_from_held,
      withdrawals: d.held_liability_account_withdrawal,
    },
  ];
  const holdOf = (f: FundMovement) => holdAccountAccount(f.holdAccountId === -1 ? null : f.holdAccountId, f.fundName);
  const fundLabel = (f: FundMovement) => (f.holdAccountId === -1 ? 'hold accounts' : f.fundName);

  // Into the missionary's fund.
  pair(CHART.donationsClearing, fund, d.total_donations, 'Donations received');
  for (const f of funds) pair(holdOf(f), fund, f.transfers, `Transfer from ${fundLabel(f)}`);
  // The organisation's fee.
  pair(fund, CHART.adminFeeIncome, d.admin_fee, 'Admin fee');
  // Payroll: what the fund pays (payroll cost), by where it goes.
  pair(
    fund,
    CHART.cash,
    d.net_payroll_dist,
    'Payroll paid on MAT Day (net salary + housing − 403(b))',
    'payroll_expense',
  );
  pair(fund, CHART.midMonthPayroll, d.mid_month_disbursement, 'Payroll paid mid-month');
  pair(fund, CHART.retirement, d.retirement, 'Retirement 403(b)');
  pair(fund, CHART.payrollTaxes, d.employee_ss, 'Employee social security');
  pair(fund, CHART.payrollTaxes, d.employee_mc, 'Employee Medicare');
  pair(fund, CHART.payrollTaxes, d.federal_income_tax, 'Federal income tax withheld');
  pair(fund, CHART.payrollTaxes, d.employer_ss, 'Employer social security', 'employer_taxes');
  pair(fund, CHART.payrollTaxes, d.employer_mc, 'Employer Medicare', 'employer_taxes');
  pair(fund, CHART.insurance, d.insurance_payment, 'Insurance');
  pair(fund, CHART.cash, d.wire_fee, 'Wire fee');
  // Designated funds.
  for (const f of funds) pair(fund, holdOf(f), f.deposits, `Deposit to ${fundLabel(f)}`);
  for (const f of funds) {
    pair(holdOf(f), CHART.cash, f.withdrawals, `Withdrawal from ${fundLabel(f)} paid out`, 'reimbursements');
  }
  // Reimbursements and advances paid from the general fund.
  const paid = (amount: Cents, memo: string, kind: AccountKind) => pair(fund, CHART.cash, amount, memo, kind);
  paid(d.unreimbursed_reimbursement, 'Reimbursement of earlier unreimbursed expenses', 'reimbursements');
  paid(reportReimbursement(d), 'Expense report reimbursement', 'reimbursements');
  paid(d.manual_ministry_reimbursement, 'Manual business reimbursement', 'reimbursements');
  paid(d.ministry_advance, 'Business expense advance', 'advances');
  paid(d.manual_ministry_advance, 'Manual business advance', 'advances');
  return lines;
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
