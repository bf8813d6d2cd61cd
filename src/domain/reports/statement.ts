import { formatUSDate, type IsoDate } from '../dates';
import { type Cents, formatUSD, sum } from '../money';
import type { Terms } from '../terms';
import { payrollCost, type ReportDistribution, reportReimbursement } from './accounting';

/**
 * The monthly statement of one approved distribution, as data: sections of lines and tables that
 * the PDF writer (src/server/statements/statement-pdf.ts) lays out. Every total shown is the
 * distribution's own figure; the parts listed under it come from the related records. When parts
 * do not add up to the figure (records edited after approval), an "Other (not itemised)" line shows
 * the difference, so every section visibly adds up and nothing is silently dropped.
 */

export interface StatementDistribution extends ReportDistribution {
  comments: string | null;
  approved_on: IsoDate | null;
}

export interface DonationsByFund {
  fundName: string;
  /** Designated to a hold account (the rest is the general fund). */
  designated: boolean;
  gifts: number;
  amount: Cents;
}

export interface StatementReport {
  id: number;
  date: IsoDate | null;
  total: Cents;
  /** Paid from the general fund. */
  reimbursed: Cents;
  /** Paid by withdrawals from hold accounts. */
  fromHoldAccounts: Cents;
  /** Not paid this month (general-fund part that accrued plus hold-account part left unpaid). */
  owed: Cents;
}

export interface StatementAdvance {
  id: number;
  requested: Cents;
  paid: Cents;
}

export interface StatementFundTransaction {
  type: 'Deposit' | 'Transfer' | 'Withdrawal';
  description: string;
  requested: Cents;
  granted: Cents;
  /** What the balance could not cover, added to the fund's unreimbursed amount. */
  unpaid: Cents;
}

export interface StatementFund {
  holdAccountId: number;
  fundName: string;
  starting: Cents;
  deposits: Cents;
  transfers: Cents;
  withdrawals: Cents;
  ending: Cents;
  startingUnreimbursed: Cents;
  endingUnreimbursed: Cents;
  transactions: StatementFundTransaction[];
}

export interface StatementSource {
  siteTitle: string;
  terms: Terms;
  distribution: StatementDistribution;
  /** Donations of this distribution by fund; null when they were not recorded. */
  donations: DonationsByFund[] | null;
  /**
   * Different donors among those donations (DESIGN.md decision 24: per-gift exports name the giver;
   * the statement counts them, never names them). 0 or absent when the file named no donors.
   */
  donors?: number;
  reports: StatementReport[];
  advances: StatementAdvance[];
  /** Hold accounts moved by this distribution; null when the movements were not recorded. */
  funds: StatementFund[] | null;
}

export type LineStyle = 'balance' | 'item' | 'subtotal' | 'total' | 'note';

export interface StatementLine {
  label: string;
  /** Signed cents: outflows negative in the fund reconciliation. null: text only. */
  amount: Cents | null;
  style: LineStyle;
  /** Smaller explanation under the label. */
  hint?: string;
}

export type TableCell = { text: string } | { cents: Cents };

export interface StatementTable {
  headers: string[];
  /** Which columns hold amounts (right-aligned). */
  numeric: boolean[];
  /** Relative column widths. */
  widths: number[];
  rows: TableCell[][];
  total?: TableCell[];
}

export interface StatementSection {
  title: string;
  intro?: string;
  table?: StatementTable;
  lines?: StatementLine[];
}

export interface Statement {
  siteTitle: string;
  title: string;
  missionaryLabel: string;
  missionaryName: string;
  missionaryNumber: string | null;
  distributionId: number;
  startDate: IsoDate;
  endDate: IsoDate;
  approvedOn: IsoDate | null;
  highlights: Array<{ label: string; amount: Cents }>;
  sections: StatementSection[];
  comments: string | null;
}

export const NOT_ITEMISED = 'Other (not itemised)';

const item = (label: string, amount: Cents, hint?: string): StatementLine => ({ label, amount, style: 'item', hint });
const subtotal = (label: string, amount: Cents, hint?: string): StatementLine => ({
  label,
  amount,
  style: 'subtotal',
  hint,
});
const total = (label: string, amount: Cents, hint?: string): StatementLine => ({ label, amount, style: 'total', hint });

/** Lines whose amounts should add up to `expected`, with the difference shown when they do not. */
function adding(lines: StatementLine[], expected: Cents): StatementLine[] {
  const difference = expected - sum(lines.map((line) => line.amount ?? 0));
  return difference === 0 ? lines : [...lines, item(NOT_ITEMISED, difference)];
}

/** Leaves out zero lines except the ones that must always show. */
const nonZero = (lines: StatementLine[]) => lines.filter((line) => line.amount !== 0);

export function buildStatement(source: StatementSource): Statement {
  const d = source.distribution;
  const cost = payrollCost(d);
  const reimbursementsPaid = d.ministry_reimbursement + d.manual_ministry_reimbursement;
  const advancesPaid = d.ministry_advance + d.manual_ministry_advance;
  const sections: StatementSection[] = [];

  // 1. The general fund, start to end.
  sections.push({
    title: 'Your fund this month',
    intro: 'How your fund moved during the period.',
    lines: [
      { label: 'Starting balance', amount: d.starting_balance, style: 'balance' },
      ...adding(
        nonZero([
          item('Donations received', d.total_donations),
          item('Transfers from hold accounts', d.transfer_from_held),
          item('Admin fee', -d.admin_fee),
          item('Payroll, taxes and benefits', -cost),
          item('Deposits to hold accounts', -d.held_liability_account_deposit),
          item('Reimbursements paid', -reimbursementsPaid),
          item('Advances paid', -advancesPaid),
        ]),
        d.ending_balance - d.starting_balance,
      ),
      total('Ending balance', d.ending_balance),
    ],
  });

  // 2. Donations by fund.
  const donationRows = source.donations ?? [];
  const recordedDonations = sum(donationRows.map((row) => row.amount));
  const donationTable: StatementTable = {
    headers: ['Fund', 'Gifts', 'Amount'],
    numeric: [false, true, true],
    widths: [3, 1, 1.4],
    rows: donationRows.map((row) => [
      { text: row.designated ? `${row.fundName} (designated)` : row.fundName },
      { text: String(row.gifts) },
      { cents: row.amount },
    ]),
    total: [{ text: 'Total donations' }, { text: '' }, { cents: d.total_donations }],
  };
  if (recordedDonations !== d.total_donations) {
    donationTable.rows.push([{ text: NOT_ITEMISED }, { text: '' }, { cents: d.total_donations - recordedDonations }]);
  }
  const donors = source.donors ?? 0;
  const fromDonors = donors > 0 ? `Gifts from ${donors} ${donors === 1 ? 'donor' : 'donors'}.` : null;
  const fromUpload = d.donation_upload_name ? `From the donation upload "${d.donation_upload_name}".` : null;
  sections.push({
    title: 'Donations by fund',
    intro: [fromUpload, fromDonors].filter(Boolean).join(' ') || undefined,
    table: donationTable,
  });

  // 3. Payroll cost, built up from the net salary.
  sections.push({
    title: 'Payroll, taxes and benefits',
    intro: 'Your salary, the taxes on it and your benefits.',
    lines: [
      item('Net salary', d.net_payroll),
      ...nonZero([
        item('Employee social security', d.employee_ss),
        item('Employee Medicare', d.employee_mc),
        item('Federal income tax withheld', d.federal_income_tax),
      ]),
      ...adding([], d.gross_payroll - d.net_payroll - d.employee_ss - d.employee_mc - d.federal_income_tax),
      subtotal('Gross payroll', d.gross_payroll),
      ...nonZero([item('Employer social security', d.employer_ss), item('Employer Medicare', d.employer_mc)]),
      ...adding([], d.total_payroll - d.gross_payroll - d.employer_ss - d.employer_mc),
      subtotal('Total payroll', d.total_payroll),
      ...nonZero([
        item('Housing allowance', d.housing_allowance),
        item('Insurance', d.insurance_payment),
        item('Wire fee', d.wire_fee),
      ]),
      total('Payroll, taxes and benefits', cost),
    ],
  });

  // 4. What reached the missionary from payroll.
  const payLines: StatementLine[] = [
    item('Net salary', d.net_payroll),
    ...nonZero([
      item('Housing allowance', d.housing_allowance),
      item('Retirement 403(b)', -d.retirement, 'Paid into your 403(b) plan'),
    ]),
  ];
  sections.push({
    title: 'Your pay',
    lines: [
      ...adding(payLines, d.payroll_disbursement),
      total('Payroll disbursement', d.payroll_disbursement),
      ...(d.mid_month_disbursement !== 0
        ? [
            { label: 'Paid mid-month', amount: d.mid_month_disbursement, style: 'note' as const },
            { label: 'Paid on MAT Day', amount: d.net_payroll_dist, style: 'note' as const },
          ]
        : []),
    ],
  });

  // 5. Taxes.
  const withheld = d.employee_ss + d.employee_mc + d.federal_income_tax;
  const employerShare = d.employer_ss + d.employer_mc;
  sections.push({
    title: 'Taxes',
    lines: [
      item('Employee social security', d.employee_ss),
      item('Employee Medicare', d.employee_mc),
      item('Federal income tax', d.federal_income_tax),
      subtotal('Withheld from your pay', withheld),
      item('Employer social security', d.employer_ss),
      item('Employer Medicare', d.employer_mc),
      subtotal('Employer share', employerShare),
      total('Total taxes', withheld + employerShare),
    ],
  });

  // 6. Fees.
  sections.push({
    title: 'Fees',
    lines: [
      item('Admin fee', d.admin_fee, 'Fee on donations received'),
      item('Wire fee', d.wire_fee, 'Also part of payroll above'),
      total('Total fees', d.admin_fee + d.wire_fee),
    ],
  });

  // 7. Reimbursements and what is still owed.
  const reportRows = source.reports;
  const paidForReports = reportReimbursement(d);
  sections.push({
    title: 'Reimbursements',
    intro: reimbursementsPaid === 0 && reportRows.length === 0 ? 'Nothing was reimbursed this month.' : undefined,
    lines: [
      ...nonZero([item('Owed from earlier months', d.unreimbursed_reimbursement)]),
      ...adding(
        reportRows.length > 0 ? [item('Expense reports paid', sum(reportRows.map((r) => r.reimbursed)))] : [],
        paidForReports,
      ),
      ...nonZero([item('Manual business reimbursement', d.manual_ministry_reimbursement)]),
      total('Total reimbursements', reimbursementsPaid),
    ],
  });
  sections.push({
    title: 'Still owed to you',
    lines: [
      item('Owed at the start', d.unreimbursed_amount_starting),
      item('Newly owed this month', d.unreimbursed_amount_accrued),
      item('Paid toward earlier amounts', -d.unreimbursed_reimbursement),
      total('Owed to you now', d.unreimbursed_amount_ending),
    ],
  });

  // 8. Advances.
  const advanceRows = source.advances.filter((a) => a.paid !== 0 || a.requested !== 0);
  sections.push({
    title: 'Advances',
    intro: advancesPaid === 0 && advanceRows.length === 0 ? 'No advances were paid this month.' : undefined,
    lines: [
      ...adding(
        advanceRows.map((a) =>
          item(
            `Advance request #${a.id}`,
            a.paid,
            a.paid === a.requested ? undefined : `Requested ${formatUSD(a.requested)}`,
          ),
        ),
        d.ministry_advance,
      ),
      ...nonZero([item('Manual business advance', d.manual_ministry_advance)]),
      total('Total advances', advancesPaid),
    ],
  });

  // 9. Paid out and on account.
  sections.push({
    title: 'Paid to you this month',
    lines: [
      ...adding(
        nonZero([
          item('Payroll disbursement', d.payroll_disbursement),
          item('Hold-account withdrawals', d.held_liability_account_withdrawal),
          item('Reimbursements', d.ministry_reimbursement),
          item('Manual business reimbursement', d.manual_ministry_reimbursement),
          item('Advances', d.ministry_advance),
          item('Manual business advance', d.manual_ministry_advance),
        ]),
        d.total_funds_disbursed,
      ),
      total('Total funds disbursed', d.total_funds_disbursed),
    ],
  });
  sections.push({
    title: 'On account',
    lines: [
      ...adding(
        [item('Hold accounts', d.held_liability_account_balance), item('Your fund (ending balance)', d.ending_balance)],
        d.total_funds_on_account,
      ),
      total('Total funds on account', d.total_funds_on_account),
    ],
  });

  // 10. The expense reports paid, one row each.
  if (reportRows.length > 0) {
    sections.push({
      title: 'Expense reports paid',
      table: {
        headers: ['Report', 'Date', 'Total', 'From your fund', 'From hold accounts', 'Still owed'],
        numeric: [false, false, true, true, true, true],
        widths: [1, 1.2, 1.2, 1.3, 1.4, 1.1],
        rows: reportRows.map((r) => [
          { text: `#${r.id}` },
          { text: formatUSDate(r.date) },
          { cents: r.total },
          { cents: r.reimbursed },
          { cents: r.fromHoldAccounts },
          { cents: r.owed },
        ]),
        total: [
          { text: 'Total' },
          { text: '' },
          { cents: sum(reportRows.map((r) => r.total)) },
          { cents: sum(reportRows.map((r) => r.reimbursed)) },
          { cents: sum(reportRows.map((r) => r.fromHoldAccounts)) },
          { cents: sum(reportRows.map((r) => r.owed)) },
        ],
      },
    });
  }

  // 11. Hold accounts: balances per fund, then every transaction.
  const funds = source.funds ?? [];
  const owing = funds.some((f) => f.startingUnreimbursed !== 0 || f.endingUnreimbursed !== 0);
  const owedCells = (f: StatementFund): TableCell[] =>
    owing ? [{ cents: f.startingUnreimbursed }, { cents: f.endingUnreimbursed }] : [];
  const fundTable: StatementTable = {
    headers: [
      'Fund',
      'Starting',
      'Deposits',
      'Transfers out',
      'Withdrawals',
      'Ending',
      ...(owing ? ['Owed at start', 'Owed now'] : []),
    ],
    numeric: [false, true, true, true, true, true, ...(owing ? [true, true] : [])],
    widths: [2.2, 1.2, 1.2, 1.2, 1.2, 1.2, ...(owing ? [1.2, 1.2] : [])],
    rows: funds.map((f) => [
      { text: f.fundName },
      { cents: f.starting },
      { cents: f.deposits },
      { cents: f.transfers },
      { cents: f.withdrawals },
      { cents: f.ending },
      ...owedCells(f),
    ]),
    total: [
      { text: 'All hold accounts' },
      { cents: d.held_liability_account_starting_balance },
      { cents: d.held_liability_account_deposit },
      { cents: d.transfer_from_held },
      { cents: d.held_liability_account_withdrawal },
      { cents: d.held_liability_account_balance },
      ...(owing
        ? [
            { cents: sum(funds.map((f) => f.startingUnreimbursed)) },
            { cents: sum(funds.map((f) => f.endingUnreimbursed)) },
          ]
        : []),
    ],
  };
  const listed = {
    starting: sum(funds.map((f) => f.starting)),
    deposits: sum(funds.map((f) => f.deposits)),
    transfers: sum(funds.map((f) => f.transfers)),
    withdrawals: sum(funds.map((f) => f.withdrawals)),
    ending: sum(funds.map((f) => f.ending)),
  };
  const unmoved = {
    starting: d.held_liability_account_starting_balance - listed.starting,
    deposits: d.held_liability_account_deposit - listed.deposits,
    transfers: d.transfer_from_held - listed.transfers,
    withdrawals: d.held_liability_account_withdrawal - listed.withdrawals,
    ending: d.held_liability_account_balance - listed.ending,
  };
  if (Object.values(unmoved).some((value) => value !== 0)) {
    const quiet = unmoved.deposits === 0 && unmoved.transfers === 0 && unmoved.withdrawals === 0;
    fundTable.rows.push([
      { text: quiet ? 'Other hold accounts (no movement)' : NOT_ITEMISED },
      { cents: unmoved.starting },
      { cents: unmoved.deposits },
      { cents: unmoved.transfers },
      { cents: unmoved.withdrawals },
      { cents: unmoved.ending },
      ...(owing ? [{ text: '' }, { text: '' }] : []),
    ]);
  }
  sections.push({
    title: 'Hold accounts',
    intro:
      d.held_liability_account_starting_balance === 0 && d.held_liability_account_balance === 0 && funds.length === 0
        ? 'You have no hold-account balances.'
        : 'Your designated funds: deposits come from your fund, transfers go back to it, withdrawals are paid to you.',
    table: fundTable,
  });
  if (funds.some((f) => f.transactions.length > 0)) {
    sections.push({
      title: 'Hold-account transactions',
      table: {
        headers: ['Fund', 'Type', 'Description', 'Requested', 'Paid', 'Not covered'],
        numeric: [false, false, false, true, true, true],
        widths: [1.6, 1, 2.4, 1.1, 1.1, 1.1],
        rows: funds.flatMap((f) =>
          f.transactions.map((t) => [
            { text: f.fundName },
            { text: t.type },
            { text: t.description },
            { cents: t.requested },
            { cents: t.granted },
            { cents: t.unpaid },
          ]),
        ),
      },
    });
  }

  return {
    siteTitle: source.siteTitle,
    title: 'Monthly Statement',
    missionaryLabel: source.terms.missionary,
    missionaryName: d.user_name,
    missionaryNumber: d.missionary_number,
    distributionId: d.id,
    startDate: d.start_date,
    endDate: d.end_date,
    approvedOn: d.approved_on,
    highlights: [
      { label: 'Starting balance', amount: d.starting_balance },
      { label: 'Donations', amount: d.total_donations },
      { label: 'Paid to you', amount: d.total_funds_disbursed },
      { label: 'Ending balance', amount: d.ending_balance },
    ],
    sections,
    comments: d.comments?.trim() ? d.comments.trim() : null,
  };
}
