import type { StoredMoneyField } from '../distributions/types';
import type { Cents } from '../money';
import type { ReportDistribution } from './accounting';
import type { FundMovement } from './fund-movements';
import type { JournalLinesSource } from './journal';

/**
 * The figures of a distribution its journal entry books (journal.ts, docs/reports.md "The lines of
 * one distribution"), and how the journal export builds the distribution from them.
 */

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
