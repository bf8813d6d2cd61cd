import { formatUSDate, type IsoDate, isoDateOf } from '../../domain/dates';
import { type Cents, formatUSD } from '../../domain/money';
import type { PayoutMethod } from '../../domain/payments/bank-details';
import type { Notification } from '../notifications/queue-mail';

const METHOD_NAMES: Record<PayoutMethod, string> = {
  ach: 'ACH transfer',
  wire: 'international wire',
  check: 'check',
  none: 'no payout method',
};

/**
 * A change of bank details, always mailed to the payee whoever made it (docs/payments.md "Bank
 * details"): a payroll that pays to an account changed by someone else is the classic fraud, and
 * this mail is how the payee finds out. Only the masked account is named.
 */
export function bankDetailsChangedMail(change: {
  userId: number;
  changedBy: string | null;
  at: Date;
  method: PayoutMethod;
  account: string | null;
  fields: string[];
}): Notification {
  const by = change.changedBy ? ` by ${change.changedBy}` : ' by you';
  const to = change.account ? ` to the account ending ${change.account.slice(-4)}` : '';
  return {
    kind: 'bank_details_changed',
    userId: change.userId,
    refType: 'user',
    refId: change.userId,
    content: ({ name }) => ({
      subject: 'Your bank details were changed',
      lines: [
        `Hello ${name},`,
        `Your bank details were changed on ${formatUSDate(isoDateOf(change.at))}${by}: ${change.fields.join(', ')}. You will be paid by ${METHOD_NAMES[change.method]}${to}.`,
        'The next payment is held until the office has reviewed the new details. If you did not ask for this change, tell the office at once.',
      ],
      linkLabel: 'View your profile',
    }),
  };
}

/** A payment that came back from the bank: the amount is on the payee's fund again. */
export function paymentReturnedMail(returned: {
  userId: number;
  lineId: number;
  amount: Cents;
  reason: string;
  date: IsoDate;
}): Notification {
  return {
    kind: 'payment_returned',
    userId: returned.userId,
    refType: 'payment_line',
    refId: returned.userId,
    content: ({ name }) => ({
      subject: 'A payment to you was returned',
      lines: [
        `Hello ${name},`,
        `Your payment of ${formatUSD(returned.amount)} came back from the bank on ${formatUSDate(returned.date)}: ${returned.reason}. The amount is on your fund again.`,
        'Further payments are held until you correct your bank details on your profile.',
      ],
      linkLabel: 'Check your bank details',
    }),
  };
}
