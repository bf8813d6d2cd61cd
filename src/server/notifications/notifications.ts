import { formatUSDate, isoDateOf } from '../../domain/dates';
import { type Cents, formatUSD } from '../../domain/money';
import type { Notification } from './queue-mail';

/** The four notifications of decision 21, short and plain, each with one link to its record. */

export function reportProcessedMail(report: {
  id: number;
  userId: number;
  type: string;
  totalAmount: Cents;
  payout: Cents | null;
  unreimbursed: Cents;
}): Notification {
  return {
    kind: 'report_processed',
    userId: report.userId,
    refType: 'expense_report',
    refId: report.id,
    content: ({ name }) => ({
      subject: `Expense report #${report.id} has been processed`,
      lines: [
        `Hello ${name},`,
        report.type === 'advance'
          ? `The office confirmed the receipts of your advance report #${report.id} (${formatUSD(report.totalAmount)}). The advance is closed.`
          : `The office processed your expense report #${report.id} of ${formatUSD(report.totalAmount)}: ${formatUSD(report.payout ?? 0)} paid now${report.unreimbursed > 0 ? `, ${formatUSD(report.unreimbursed)} still owed to you and paid with your next distributions` : ''}.`,
      ],
      linkLabel: 'View the report',
    }),
  };
}

export function reportReturnedMail(report: { id: number; userId: number; comment: string; by: string }): Notification {
  return {
    kind: 'report_returned',
    userId: report.userId,
    refType: 'expense_report',
    refId: report.id,
    content: ({ name }) => ({
      subject: `Expense report #${report.id} was returned to you`,
      lines: [
        `Hello ${name},`,
        `${report.by} returned your expense report #${report.id} with this comment:`,
        'Please make the changes and submit the report again.',
      ],
      quote: report.comment,
      linkLabel: 'Open the report',
    }),
  };
}

export function advanceApprovedMail(advance: {
  id: number;
  userId: number;
  amountApproved: Cents;
  matDate: string | null;
}): Notification {
  return {
    kind: 'advance_approved',
    userId: advance.userId,
    refType: 'advance_request',
    refId: advance.id,
    content: ({ name }) => ({
      subject: `Advance request #${advance.id} was approved`,
      lines: [
        `Hello ${name},`,
        `Your advance request #${advance.id} was approved for ${formatUSD(advance.amountApproved)}${advance.matDate ? `, to be paid with the distribution of ${formatUSDate(advance.matDate)}` : ''}.`,
        'Once it is spent, send the advance report with your receipts.',
      ],
      linkLabel: 'View your advances',
    }),
  };
}

export function distributionApprovedMail(distribution: {
  id: number;
  userId: number;
  startDate: string;
  endDate: string;
}): Notification {
  return {
    kind: 'distribution_approved',
    userId: distribution.userId,
    refType: 'distribution',
    refId: distribution.id,
    attachment: { statement: distribution.id },
    content: ({ name }) => ({
      subject: `Your distribution for ${formatUSDate(distribution.startDate)} – ${formatUSDate(distribution.endDate)} is approved`,
      lines: [
        `Hello ${name},`,
        `Your distribution for ${formatUSDate(distribution.startDate)} – ${formatUSDate(distribution.endDate)} was approved. Your statement is attached as a PDF.`,
      ],
      linkLabel: 'View the distribution',
    }),
  };
}

/** A reversed approval (docs/distribution.md "Reversing an approval"): what, when, by whom and why. */
export function distributionReversedMail(distribution: {
  id: number;
  userId: number;
  startDate: string;
  endDate: string;
  reason: string;
  reversedBy: string;
  reversedAt: Date;
}): Notification {
  const period = `${formatUSDate(distribution.startDate)} – ${formatUSDate(distribution.endDate)}`;
  return {
    kind: 'distribution_reversed',
    userId: distribution.userId,
    refType: 'distribution',
    refId: distribution.id,
    content: ({ name }) => ({
      subject: `Your distribution for ${period} was reversed`,
      lines: [
        `Hello ${name},`,
        `Your approved distribution for ${period} was reversed on ${formatUSDate(isoDateOf(distribution.reversedAt))} by ${distribution.reversedBy}. Its payments are undone: your fund and hold-account balances are back where they were before it, and the reports and advances it paid will be paid by a new distribution.`,
      ],
      quote: `Reason: ${distribution.reason}`,
      linkLabel: 'View the distribution',
    }),
  };
}
