import { formatUSDate, type IsoDate } from '../dates';
import type { YearNoteContext } from '../distributions/year-notes';
import type { Cents } from '../money';
import type { Terms } from '../terms';
import type { ReportDistribution } from './accounting';
import { type CashReturn, cashReturnedSection, cashReturnedTotal } from './cash-returned';
import { type OfficePayout, officePayoutSection, type PreviousStatement } from './office-payouts';
import { holdAccountSections } from './statement-hold-accounts';
import { paymentSection, type StatementPayment } from './statement-payments';
import {
  donationSections,
  fundSections,
  paidToYou,
  payoutSections,
  payrollSections,
  reimbursementSections,
} from './statement-sections';

export { NOT_ITEMISED, paidToYou } from './statement-sections';

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
  /** A reversed approval (docs/distribution.md "Reversing an approval"): when, by whom and why. */
  reversal?: { on: IsoDate; by: string; reason: string } | null;
  /** The minister flag and year-to-date the approval computed with, for the year notes under Taxes. */
  payroll_year?: YearNoteContext | null;
}

/** The notice a reversed distribution's statement opens with. */
export function reversalSection(reversal: NonNullable<StatementDistribution['reversal']>): StatementSection {
  return {
    title: 'Reversed',
    lines: [
      {
        label: `This distribution was reversed on ${formatUSDate(reversal.on)} by ${reversal.by}. Every amount below was undone: the balances are back where they were before it was approved, and what it paid is payable again.`,
        amount: null,
        style: 'note',
      },
      { label: `Reason: ${reversal.reason}`, amount: null, style: 'note' },
    ],
  };
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
   * Different donors among those donations (decision 24 of docs/decisions.md: per-gift exports name the giver;
   * the statement counts them, never names them). 0 or absent when the file named no donors.
   */
  donors?: number;
  reports: StatementReport[];
  advances: StatementAdvance[];
  /** Hold accounts moved by this distribution; null when the movements were not recorded. */
  funds: StatementFund[] | null;
  /** Payouts made at processing since the last statement, and that statement's ending (office-payouts.ts). */
  officePayouts?: { payouts: OfficePayout[]; previous: PreviousStatement | null };
  /** Cash returned from advances since the last statement (cash-returned.ts). */
  cashReturns?: CashReturn[];
  /**
   * The payment batch lines holding this distribution (statement-payments.ts); null or absent when
   * the office pays outside payment batches, and the statement cannot say how it was paid.
   */
  payments?: StatementPayment[] | null;
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

export function buildStatement(source: StatementSource): Statement {
  const d = source.distribution;
  const paidAtProcessing = officePayoutSection(
    source.officePayouts?.payouts ?? [],
    source.officePayouts?.previous ?? null,
    d.starting_balance,
    cashReturnedTotal(source.cashReturns ?? []),
  );
  const cashReturned = cashReturnedSection(source.cashReturns ?? []);
  // "How it was paid" follows "Paid to you this month", the first of the payout sections.
  const payouts = payoutSections(source);
  const howPaid = paymentSection(d, source.payments);
  const sections: StatementSection[] = [
    ...(d.reversal ? [reversalSection(d.reversal)] : []),
    ...(paidAtProcessing ? [paidAtProcessing] : []),
    ...(cashReturned ? [cashReturned] : []),
    ...fundSections(d),
    ...donationSections(source),
    ...payrollSections(d),
    ...reimbursementSections(source),
    ...payouts.slice(0, 1),
    ...(howPaid ? [howPaid] : []),
    ...payouts.slice(1),
    ...holdAccountSections(source),
  ];

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
      { label: 'Paid to you', amount: paidToYou(d) },
      { label: 'Ending balance', amount: d.ending_balance },
    ],
    sections,
    comments: d.comments?.trim() ? d.comments.trim() : null,
  };
}
