import { formatUSDate, type IsoDate } from '../dates';
import { type Cents, formatUSD, sum } from '../money';
import type { PayoutMethod } from '../payments/bank-details';
import { paymentDateOf } from '../payments/business-days';
import type { LineStatus } from '../payments/line-status';
import { returnLabel } from '../payments/returns';
import type { StatementDistribution, StatementLine, StatementSection } from './statement';
import { paidToYou } from './statement-sections';

/**
 * How and when the statement's "paid to you" went out (docs/payments.md "On the statement"): one
 * line per payment batch line that holds the distribution — method, masked account, the day the
 * bank pays it and the amount — what is not paid yet, and a payment that came back.
 */

/** A payment batch line holding the distribution, as the statement reads it. */
export interface StatementPayment {
  batchId: number;
  batchStatus: 'draft' | 'released';
  method: PayoutMethod;
  /** The last four characters of the account ("••••6789"); never the whole number. */
  maskedAccount: string | null;
  /** The batch's MAT date and the day it was released (null while a draft). */
  matDate: IsoDate;
  releasedOn: IsoDate | null;
  /** This distribution's part of the line. */
  amount: Cents;
  /** The whole line: one payment may also carry office payouts. */
  lineAmount: Cents;
  status: LineStatus;
  returnCode: string | null;
  returnDate: IsoDate | null;
}

const HOW: Record<PayoutMethod, (account: string, date: string) => string> = {
  ach: (account, date) => `ACH to account ${account}, settles ${date}`,
  wire: (account, date) => `Wire to account ${account}, sent ${date}`,
  check: (_account, date) => `Check dated ${date}`,
  none: (_account, date) => `Paid ${date}`,
};

const sent = (p: StatementPayment) =>
  p.batchStatus === 'released' && p.releasedOn !== null && (p.status === 'paid' || p.status === 'returned');

/** The line of one payment that went out, with the batch (and the whole deposit when it carried more). */
function paidLine(p: StatementPayment & { releasedOn: IsoDate }): StatementLine {
  const date = formatUSDate(paymentDateOf(p.method, p.matDate, p.releasedOn));
  const together = p.lineAmount === p.amount ? '' : `, one payment of ${formatUSD(p.lineAmount)} with office payouts`;
  return {
    label: HOW[p.method](p.maskedAccount ?? '', date),
    amount: p.amount,
    style: 'item',
    hint: `Payment batch #${p.batchId}${together}`,
  };
}

/** A payment the bank gave back: when, why, and that the money is on the fund again. */
function returnedLine(p: StatementPayment): StatementLine {
  const when = p.returnDate ? ` on ${formatUSDate(p.returnDate)}` : '';
  return {
    label: `Returned${when}: ${returnLabel(p.returnCode ?? '')}`,
    amount: -p.amount,
    style: 'item',
    hint: 'The money went back to your fund; it is paid again once your bank details are corrected.',
  };
}

/**
 * The lines of "How it was paid": each payment that went out, the part not paid yet ("Not yet paid"
 * while the batch holding it is a draft or none holds it), adding up to what was paid to you on MAT
 * Day; then each return, taken back off, and what reached you.
 */
export function paymentLines(toPay: Cents, payments: readonly StatementPayment[]): StatementLine[] {
  const out = payments.filter(sent).map((p) => ({ ...p, releasedOn: p.releasedOn ?? p.matDate }));
  const open = toPay - sum(out.map((p) => p.amount));
  const draft = payments.find((p) => p.batchStatus === 'draft');
  const lines: StatementLine[] = out.map(paidLine);
  if (open !== 0 || out.length === 0) {
    lines.push({
      label: 'Not yet paid',
      amount: open,
      style: 'item',
      hint: draft ? `In payment batch #${draft.batchId}, not yet released` : 'No payment batch has sent it yet',
    });
  }
  lines.push({ label: 'Paid to you on MAT Day', amount: toPay, style: 'subtotal' });
  const returned = out.filter((p) => p.status === 'returned');
  if (returned.length === 0) return lines;
  return [
    ...lines,
    ...returned.map(returnedLine),
    { label: 'Reached you', amount: toPay - sum(returned.map((p) => p.amount)), style: 'total' },
  ];
}

/**
 * The section, or null: a reversed distribution paid nothing, one that pays nothing has nothing to
 * show, and without payment records (`payments` absent: the office pays outside payment batches)
 * the statement cannot say how it was paid.
 */
export function paymentSection(
  d: StatementDistribution,
  payments: readonly StatementPayment[] | null | undefined,
): StatementSection | null {
  const toPay = paidToYou(d);
  if (!payments || d.reversal || toPay <= 0) return null;
  return { title: 'How it was paid', lines: paymentLines(toPay, payments) };
}
