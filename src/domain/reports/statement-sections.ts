import { formatUSDate, type IsoDate } from '../dates';
import { yearNotes } from '../distributions/year-notes';
import { type Cents, formatUSD, sum } from '../money';
import { payrollCost, reportReimbursement } from './accounting';
import type {
  StatementDistribution,
  StatementLine,
  StatementSection,
  StatementSource,
  StatementTable,
} from './statement';

/**
 * The sections of the monthly statement (statement.ts assembles them, in this order), each from the
 * distribution's own figures with the related records listed under them.
 */

export const NOT_ITEMISED = 'Other (not itemised)';

const item = (label: string, amount: Cents, hint?: string): StatementLine => ({
  label,
  amount,
  style: 'item',
  hint,
});
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

/** 1. The general fund, start to end. */
export function fundSections(d: StatementDistribution): StatementSection[] {
  const sections: StatementSection[] = [];
  const cost = payrollCost(d);
  const reimbursementsPaid = d.ministry_reimbursement + d.manual_ministry_reimbursement;
  const advancesPaid = d.ministry_advance + d.manual_ministry_advance;
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
  return sections;
}

/** 2. Donations by fund. */
export function donationSections(source: StatementSource): StatementSection[] {
  const sections: StatementSection[] = [];
  const d = source.distribution;
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
  return sections;
}

/**
 * The wage base and housing allowance notes (year-notes.ts), worded as on the distribution screen:
 * the Taxes section's intro, a paragraph that wraps (a note line would be cut to one line).
 */
export function yearNoteText(d: StatementDistribution): string | undefined {
  const notes = d.payroll_year ? yearNotes(d, d.payroll_year) : [];
  return notes.length > 0 ? notes.map((note) => note.message).join(' ') : undefined;
}

/** 3–6. Payroll cost built up from the net salary, the pay that reached the missionary, taxes and fees. */
export function payrollSections(d: StatementDistribution): StatementSection[] {
  const sections: StatementSection[] = [];
  const cost = payrollCost(d);
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
    intro: yearNoteText(d),
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
  return sections;
}

/** 7–8. Reimbursements, what is still owed, and advances. */
export function reimbursementSections(source: StatementSource): StatementSection[] {
  const sections: StatementSection[] = [];
  const d = source.distribution;
  const reimbursementsPaid = d.ministry_reimbursement + d.manual_ministry_reimbursement;
  const advancesPaid = d.ministry_advance + d.manual_ministry_advance;
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
        advanceRows.map((a) => item(`Advance request #${a.id}`, a.paid, advanceHint(a, d.end_date))),
        d.ministry_advance,
      ),
      ...nonZero([item('Manual business advance', d.manual_ministry_advance)]),
      total('Total advances', advancesPaid),
    ],
  });
  return sections;
}

/**
 * When an advance was paid: on the MAT date of the distribution that paid it (its end date), the day
 * the money went out, never the day the office approved the request (docs/reports.md "The monthly statement").
 */
export function advanceHint(advance: { paid: Cents; requested: Cents }, matDate: IsoDate): string {
  const when = `Paid on MAT Day ${formatUSDate(matDate)}`;
  return advance.paid === advance.requested ? when : `${when}; requested ${formatUSD(advance.requested)}`;
}

/**
 * What the statement calls "paid to you": the funds disbursed (payroll disbursement, reimbursements,
 * advances, hold-account withdrawals paid to the missionary) less the mid-month disbursement already
 * paid before MAT Day. A payment batch pays exactly this (src/domain/payments/batch-plan.ts).
 */
export function paidToYou(d: { total_funds_disbursed: Cents; mid_month_disbursement: Cents }): Cents {
  return d.total_funds_disbursed - d.mid_month_disbursement;
}

/** 9–10. Paid out and on account; the expense reports paid, one row each. */
export function payoutSections(source: StatementSource): StatementSection[] {
  const sections: StatementSection[] = [];
  const d = source.distribution;
  const reportRows = source.reports;
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
      ...(d.mid_month_disbursement !== 0
        ? [
            { label: 'Paid mid-month', amount: d.mid_month_disbursement, style: 'note' as const },
            { label: 'Paid to you on MAT Day', amount: paidToYou(d), style: 'note' as const },
          ]
        : []),
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
  return sections;
}
