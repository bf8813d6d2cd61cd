import { formatUSDate, type IsoDate } from '../dates';
import { payoutPaidLabel } from '../expense-reports/payout-paid';
import type { PayoutPaidMethod } from '../expense-reports/schemas';
import { type Cents, sum } from '../money';
import {
  type Account,
  CHART,
  defaultKind,
  holdAccountAccount,
  type JournalLine,
  missionaryFundAccount,
} from './journal';
import type { AccountKind } from './presets/kinds';
import type { StatementLine, StatementSection } from './statement';

/**
 * Office payouts on the books (docs/distribution.md "Office payouts on the books"): a payout made
 * when processing a report moved money out of the missionary's fund (and maybe hold accounts)
 * between two MAT Days. It appears on the statement of the missionary's next approved distribution,
 * whose starting balance it is part of, and in the accounting journal as its own balanced entry.
 */

/** One source of a payout: the missionary's fund (holdAccountId null) or one hold account. */
export interface OfficePayoutPart {
  holdAccountId: number | null;
  fundName: string;
  /** Paid out (positive cents). */
  amount: Cents;
}

export interface OfficePayout {
  reportId: number;
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  /** The day it was paid (processing). */
  date: IsoDate;
  /** The missionary's fund first, then hold accounts by name. */
  parts: OfficePayoutPart[];
  paidOtherwise: { method: PayoutPaidMethod; reference: string } | null;
}

export const YOUR_FUND = 'Your fund';

export function officePayoutTotal(payout: OfficePayout): Cents {
  return sum(payout.parts.map((part) => part.amount));
}

/** What the fund paid (the part that moves the statement's starting balance). */
export function fundPaid(payouts: readonly OfficePayout[]): Cents {
  return sum(payouts.flatMap((p) => p.parts.filter((part) => part.holdAccountId === null).map((part) => part.amount)));
}

/** "paid by check 1042", or "" while nothing is recorded. */
function howPaid(payout: OfficePayout): string {
  return payout.paidOtherwise ? payoutPaidLabel(payout.paidOtherwise.method, payout.paidOtherwise.reference) : '';
}

/** The last statement before this one, for the bridge from its ending balance to this starting balance. */
export interface PreviousStatement {
  endDate: IsoDate;
  endingBalance: Cents;
}

/**
 * The statement's section "Paid at processing since your last statement": one row per source of each
 * payout (date, report, which fund paid, amount, how it was handed over), and the bridge from the last
 * statement's ending balance to this one's starting balance. What the bridge cannot itemise (a hand
 * edit of the fund) shows as "Other changes to your fund", so it always adds up. Null without payouts.
 */
export function officePayoutSection(
  payouts: readonly OfficePayout[],
  previous: PreviousStatement | null,
  startingBalance: Cents,
  /** Cash returned from advances in the same window (decision 34): part of the bridge. */
  cashReturned: Cents = 0,
): StatementSection | null {
  if (payouts.length === 0) return null;
  const rows = payouts.flatMap((payout) =>
    payout.parts.map((part) => [
      { text: formatUSDate(payout.date) },
      { text: `Report #${payout.reportId}` },
      { text: part.holdAccountId === null ? YOUR_FUND : part.fundName },
      { text: howPaid(payout) },
      { cents: part.amount },
    ]),
  );
  const total = sum(payouts.map(officePayoutTotal));
  const lines: StatementLine[] = [];
  if (previous) {
    const fromFund = fundPaid(payouts);
    const other = startingBalance - previous.endingBalance + fromFund - cashReturned;
    lines.push(
      {
        label: `Ending balance of your last statement (${formatUSDate(previous.endDate)})`,
        amount: previous.endingBalance,
        style: 'balance',
      },
      { label: 'Paid at processing from your fund', amount: -fromFund, style: 'item' },
      ...(cashReturned === 0
        ? []
        : [{ label: 'Cash returned from advances', amount: cashReturned, style: 'item' as const }]),
      ...(other === 0 ? [] : [{ label: 'Other changes to your fund', amount: other, style: 'item' as const }]),
      { label: 'Starting balance of this statement', amount: startingBalance, style: 'total' },
    );
  }
  return {
    title: 'Paid at processing since your last statement',
    intro:
      'The office paid these reports when it processed them, between MAT Days. What came from your fund is already taken from this statement’s starting balance.',
    table: {
      headers: ['Date', 'Report', 'Paid from', 'How', 'Amount'],
      numeric: [false, false, false, false, true],
      widths: [1.1, 1.1, 1.8, 1.6, 1.2],
      rows,
      total: [{ text: 'Total' }, { text: '' }, { text: '' }, { text: '' }, { cents: total }],
    },
    lines: lines.length > 0 ? lines : undefined,
  };
}

/**
 * A payout's journal entry, PAYOUT-{report id}, dated the day it was paid: for each source, the
 * liability it came from (Missionary Fund Balance, Hold Account Liability) debited and Operating Cash
 * credited, the same amount on both lines, so the entry balances to the cent.
 */
export function officePayoutJournalLines(payout: OfficePayout): JournalLine[] {
  const who = payout.missionaryNumber ? `${payout.userName} (${payout.missionaryNumber})` : payout.userName;
  const how = howPaid(payout);
  const memo = (from: string) =>
    `Report #${payout.reportId} paid at processing from ${from}${how ? `, ${how}` : ''} — ${who}`;
  const line = (account: Account, debit: Cents, credit: Cents, text: string, kind: AccountKind): JournalLine => ({
    date: payout.date,
    entry: `PAYOUT-${payout.reportId}`,
    kind,
    account,
    debit,
    credit,
    memo: text,
    distributionId: null,
    missionaryNumber: payout.missionaryNumber,
    missionaryName: payout.userName,
  });
  return payout.parts
    .filter((part) => part.amount !== 0)
    .flatMap((part) => {
      const source =
        part.holdAccountId === null
          ? missionaryFundAccount({
              user_id: payout.userId,
              user_name: payout.userName,
              missionary_number: payout.missionaryNumber,
            })
          : holdAccountAccount(part.holdAccountId, part.fundName);
      const text = memo(part.holdAccountId === null ? 'the fund' : part.fundName);
      return [
        line(source, part.amount, 0, text, defaultKind(source)),
        line(CHART.cash, 0, part.amount, text, 'reimbursements'),
      ];
    });
}

/**
 * The payouts a MAT Day's journal carries: those paid after the previous MAT date that has approved
 * distributions, up to and including this one (every payout in exactly one MAT Day's journal).
 */
export function payoutWindow(matDate: IsoDate, earlierMatDates: readonly IsoDate[]): { after: IsoDate | null } {
  const before = earlierMatDates.filter((date) => date < matDate).sort();
  return { after: before.at(-1) ?? null };
}
