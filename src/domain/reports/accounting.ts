import type { IsoDate } from '../dates';
import type { DistributionFields, StoredMoneyField } from '../distributions/types';
import type { Cents } from '../money';
import type { Terms } from '../terms';
import type { Column, ReportTable } from './table';

/**
 * The accounting-package report (GET /reports/accounting): one row per distribution, one column
 * per figure the accounting office books. Every figure keeps the meaning docs/distribution.md gives
 * it; docs/reports.md lists the columns.
 */

/** The money figures of a distribution the accounting export and the journal read (cents). */
export type DistributionFigures = Pick<DistributionFields, StoredMoneyField>;

/** One distribution as the exports read it: who, when, and its figures. */
export interface ReportDistribution extends DistributionFigures {
  id: number;
  status: 'pending' | 'approved';
  user_id: number;
  user_name: string;
  missionary_number: string | null;
  start_date: IsoDate;
  end_date: IsoDate;
  donation_upload_name: string | null;
  tax_status: string | null;
  fica_tax: boolean;
}

/** What the fund paid for payroll: total_payroll + housing + insurance + wire fee (distribution.md step 4). */
export function payrollCost(d: DistributionFigures): Cents {
  return d.total_payroll + d.housing_allowance + d.insurance_payment + d.wire_fee;
}

/** The part of ministry_reimbursement that paid this distribution's reports (the rest paid earlier debt). */
export function reportReimbursement(
  d: Pick<DistributionFigures, 'ministry_reimbursement' | 'unreimbursed_reimbursement'>,
): Cents {
  return d.ministry_reimbursement - d.unreimbursed_reimbursement;
}

interface AccountingColumn extends Column {
  value(d: ReportDistribution): string | number | null;
}

const money = (header: string, value: (d: ReportDistribution) => Cents): AccountingColumn => ({
  header,
  kind: 'money',
  total: true,
  width: Math.max(12, header.length + 2),
  value,
});

export function accountingColumns(terms: Terms): AccountingColumn[] {
  return [
    { header: 'Distribution ID', kind: 'integer', width: 14, value: (d) => d.id },
    { header: terms.missionary, kind: 'text', width: 26, value: (d) => d.user_name },
    { header: `${terms.missionary} #`, kind: 'text', width: 14, value: (d) => d.missionary_number },
    { header: 'Status', kind: 'text', width: 10, value: (d) => (d.status === 'approved' ? 'Approved' : 'Pending') },
    { header: 'MAT Date', kind: 'date', width: 12, value: (d) => d.end_date },
    { header: 'Period Start', kind: 'date', width: 12, value: (d) => d.start_date },
    { header: 'Period End', kind: 'date', width: 12, value: (d) => d.end_date },
    { header: 'Tax Status', kind: 'text', width: 11, value: (d) => d.tax_status },
    { header: 'FICA Tax', kind: 'text', width: 9, value: (d) => (d.fica_tax ? 'Yes' : 'No') },
    { header: 'Donation Upload', kind: 'text', width: 18, value: (d) => d.donation_upload_name },
    money('Starting Balance', (d) => d.starting_balance),
    money('Total Donations', (d) => d.total_donations),
    money('Hold Account Transfers', (d) => d.transfer_from_held),
    money('Admin Fee', (d) => d.admin_fee),
    money('Net Salary', (d) => d.net_payroll),
    money('Employee Social Security', (d) => d.employee_ss),
    money('Employee Medicare', (d) => d.employee_mc),
    money('Federal Income Tax', (d) => d.federal_income_tax),
    money('Gross Payroll', (d) => d.gross_payroll),
    money('Employer Social Security', (d) => d.employer_ss),
    money('Employer Medicare', (d) => d.employer_mc),
    money('Total Payroll', (d) => d.total_payroll),
    money('Housing Allowance', (d) => d.housing_allowance),
    money('Insurance', (d) => d.insurance_payment),
    money('Wire Fee', (d) => d.wire_fee),
    money('Payroll Cost', payrollCost),
    money('Retirement 403(b)', (d) => d.retirement),
    money('Payroll Disbursement', (d) => d.payroll_disbursement),
    money('Mid-Month Disbursement', (d) => d.mid_month_disbursement),
    money('MAT Day Payroll', (d) => d.net_payroll_dist),
    money('Hold Account Deposits', (d) => d.held_liability_account_deposit),
    money('Distributable Funds', (d) => d.funds_available),
    money('Unreimbursed Reimbursement', (d) => d.unreimbursed_reimbursement),
    money('Report Reimbursement', reportReimbursement),
    money('Manual Reimbursement', (d) => d.manual_ministry_reimbursement),
    money('Report Advance', (d) => d.ministry_advance),
    money('Manual Advance', (d) => d.manual_ministry_advance),
    money('Ending Balance', (d) => d.ending_balance),
    money('Hold Account Withdrawals', (d) => d.held_liability_account_withdrawal),
    money('Total Funds Disbursed', (d) => d.total_funds_disbursed),
    money('Hold Accounts Starting Balance', (d) => d.held_liability_account_starting_balance),
    money('Hold Accounts Ending Balance', (d) => d.held_liability_account_balance),
    money('Total Funds on Account', (d) => d.total_funds_on_account),
    money('Unreimbursed Starting', (d) => d.unreimbursed_amount_starting),
    money('Unreimbursed Accrued', (d) => d.unreimbursed_amount_accrued),
    money('Unreimbursed Ending', (d) => d.unreimbursed_amount_ending),
    money('Total Expenses', (d) => d.total_expenses),
  ];
}

/** The accounting report as a table: the rows in the order given (the server sorts them). */
export function accountingTable(distributions: readonly ReportDistribution[], terms: Terms): ReportTable {
  const columns = accountingColumns(terms);
  return {
    sheetName: 'Accounting',
    frozenColumns: 3,
    columns: columns.map(({ value: _value, ...column }) => column),
    rows: distributions.map((d) => columns.map((column) => column.value(d))),
  };
}
