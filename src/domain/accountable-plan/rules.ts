import { formatUSDate, type IsoDate, isoDateParts } from '../dates';
import { type Cents, formatUSD } from '../money';

/**
 * The accountable plan (IRS Pub. 463, "Reimbursements"): an advance or reimbursement stays tax-free
 * only when the expense is substantiated and any excess returned within a reasonable time. The IRS
 * fixed-date safe harbour gives these limits, counted in calendar days (docs/decisions.md,
 * "Accountable plan"):
 *  - an advance is reported (its advance report submitted) within 60 days of being paid;
 *  - its unspent part is returned within 120 days of being paid; an advance counts as settled when its
 *    advance report is processed (closed): the report must reach the approved amount (docs/product.md §5), so
 *    money sent back is a line of that report, and processing confirms the office received it;
 *  - an expense is submitted within 60 days of its date.
 * The flags cover open items only (advances not closed, reports not processed): what the office can
 * still act on. Pure: the caller passes today from its clock.
 */
export const REPORT_ADVANCE_WITHIN_DAYS = 60;
export const RETURN_ADVANCE_WITHIN_DAYS = 120;
export const SUBMIT_EXPENSE_WITHIN_DAYS = 60;

export type AccountableFlagKind = 'advance_not_reported' | 'advance_not_returned' | 'expense_late';

export interface AccountableFlag {
  kind: AccountableFlagKind;
  userId: number;
  /** Days counted so far (open) or taken (an expense submitted late); always above `limitDays`. */
  days: number;
  limitDays: number;
  advanceId: number | null;
  expenseReportId: number | null;
  expenseId: number | null;
  /** The day the count starts: the advance's payment or the expense's date. */
  since: IsoDate;
  amount: Cents;
  message: string;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier): 2026-01-01 → 2026-03-02 is 60. */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const utc = (date: IsoDate) => {
    const { year, month, day } = isoDateParts(date);
    return Date.UTC(year, month - 1, day);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

export interface AdvanceFacts {
  id: number;
  userId: number;
  status: 'requested' | 'approved' | 'submitted' | 'closed';
  archived: boolean;
  /** What was paid (the distribution's amount, else the approved one). */
  amount: Cents;
  /** The day the distribution that paid it was approved; null while unpaid (decision 14). */
  paidOn: IsoDate | null;
  /** The day its advance report was submitted; null while not submitted (or returned, decision 20). */
  reportSubmittedOn: IsoDate | null;
}

/** The accountable-plan flags of one advance on `today`. */
export function advanceFlags(advance: AdvanceFacts, today: IsoDate): AccountableFlag[] {
  if (advance.paidOn === null || advance.archived || advance.status === 'closed' || advance.status === 'requested') {
    return [];
  }
  const paid = advance.paidOn;
  const base = {
    userId: advance.userId,
    advanceId: advance.id,
    expenseReportId: null,
    expenseId: null,
    since: paid,
    amount: advance.amount,
  };
  const flags: AccountableFlag[] = [];
  const label = `Advance #${advance.id} (${formatUSD(advance.amount)}, paid ${formatUSDate(paid)})`;
  const reportedAfter = advance.reportSubmittedOn === null ? null : daysBetween(paid, advance.reportSubmittedOn);
  const open = daysBetween(paid, today);
  if (reportedAfter === null && open > REPORT_ADVANCE_WITHIN_DAYS) {
    flags.push({
      ...base,
      kind: 'advance_not_reported',
      days: open,
      limitDays: REPORT_ADVANCE_WITHIN_DAYS,
      message: `${label} has no report after ${open} days (due within ${REPORT_ADVANCE_WITHIN_DAYS}).`,
    });
  } else if (reportedAfter !== null && reportedAfter > REPORT_ADVANCE_WITHIN_DAYS) {
    flags.push({
      ...base,
      kind: 'advance_not_reported',
      days: reportedAfter,
      limitDays: REPORT_ADVANCE_WITHIN_DAYS,
      message: `${label} was reported ${reportedAfter} days after payment (due within ${REPORT_ADVANCE_WITHIN_DAYS}).`,
    });
  }
  if (open > RETURN_ADVANCE_WITHIN_DAYS) {
    flags.push({
      ...base,
      kind: 'advance_not_returned',
      days: open,
      limitDays: RETURN_ADVANCE_WITHIN_DAYS,
      message: `${label} is not settled after ${open} days: its unspent part is due back within ${RETURN_ADVANCE_WITHIN_DAYS}.`,
    });
  }
  return flags;
}

export interface ExpenseFacts {
  id: number;
  userId: number;
  expenseReportId: number;
  date: IsoDate;
  amount: Cents;
  /** The report's processed flag: a processed report is history. */
  processed: boolean;
  /** The day its report was submitted; null while a draft (or returned): counted to today. */
  submittedOn: IsoDate | null;
}

/** An expense submitted (or, in a draft, still unsubmitted) more than 60 days after its date. */
export function expenseFlag(expense: ExpenseFacts, today: IsoDate): AccountableFlag | null {
  if (expense.processed) return null;
  const end = expense.submittedOn ?? today;
  const days = daysBetween(expense.date, end);
  if (days <= SUBMIT_EXPENSE_WITHIN_DAYS) return null;
  const label = `Expense of ${formatUSDate(expense.date)} (${formatUSD(expense.amount)}) on report #${expense.expenseReportId}`;
  const message =
    expense.submittedOn === null
      ? `${label} is not submitted after ${days} days (due within ${SUBMIT_EXPENSE_WITHIN_DAYS}).`
      : `${label} was submitted ${days} days after its date (due within ${SUBMIT_EXPENSE_WITHIN_DAYS}).`;
  return {
    kind: 'expense_late',
    userId: expense.userId,
    days,
    limitDays: SUBMIT_EXPENSE_WITHIN_DAYS,
    advanceId: null,
    expenseReportId: expense.expenseReportId,
    expenseId: expense.id,
    since: expense.date,
    amount: expense.amount,
    message,
  };
}

/** Every flag, the longest overdue first (then by kind and id, so the order is stable). */
export function accountableFlags(
  advances: readonly AdvanceFacts[],
  expenses: readonly ExpenseFacts[],
  today: IsoDate,
): AccountableFlag[] {
  const flags = [
    ...advances.flatMap((a) => advanceFlags(a, today)),
    ...expenses.flatMap((e) => expenseFlag(e, today) ?? []),
  ];
  return flags.sort(
    (a, b) =>
      b.days - a.days ||
      a.kind.localeCompare(b.kind) ||
      (a.advanceId ?? a.expenseId ?? 0) - (b.advanceId ?? b.expenseId ?? 0),
  );
}
