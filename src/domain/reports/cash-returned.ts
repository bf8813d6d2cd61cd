import { formatUSDate, type IsoDate } from '../dates';
import { type Cents, sum } from '../money';
import { CHART, defaultKind, type JournalLine, missionaryFundAccount } from './journal';
import type { AccountKind } from './presets/kinds';
import type { StatementSection } from './statement';

/**
 * Cash returned from advances (decision 34 of docs/decisions.md): the unspent part of an advance the
 * missionary gave back, deposited to their fund when the office processed the advance report. Like an
 * office payout it happens between MAT Days, so it shows on the statement of the missionary's next
 * approved distribution (already inside its starting balance) and in that MAT Day's accounting
 * journal as its own balanced entry.
 */
/** The journal reason of the fund row that deposits it. */
export const CASH_RETURNED_REASON = 'advance_cash_returned';

export interface CashReturn {
  reportId: number;
  advanceId: number;
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  /** The day the office processed the advance report (the deposit). */
  date: IsoDate;
  amount: Cents;
}

export function cashReturnedTotal(returns: readonly CashReturn[]): Cents {
  return sum(returns.map((item) => item.amount));
}

/** The statement's section "Cash returned from advances"; null without any. */
export function cashReturnedSection(returns: readonly CashReturn[]): StatementSection | null {
  if (returns.length === 0) return null;
  return {
    title: 'Cash returned from advances',
    intro:
      'The unspent cash you gave back from these advances was added to your fund when the office processed the advance report; it is already in this statement’s starting balance.',
    table: {
      headers: ['Date', 'Advance', 'Report', 'Added to your fund'],
      numeric: [false, false, false, true],
      widths: [1.1, 1.1, 1.1, 1.6],
      rows: returns.map((item) => [
        { text: formatUSDate(item.date) },
        { text: `Advance #${item.advanceId}` },
        { text: `Report #${item.reportId}` },
        { cents: item.amount },
      ]),
      total: [{ text: 'Total' }, { text: '' }, { text: '' }, { cents: cashReturnedTotal(returns) }],
    },
  };
}

/**
 * A cash return's journal entry, CASHBACK-{report id}, dated the day it was deposited: Operating Cash
 * debited and the missionary's Fund Balance credited by the same amount, so it balances to the cent.
 */
export function cashReturnedJournalLines(item: CashReturn): JournalLine[] {
  const who = item.missionaryNumber ? `${item.userName} (${item.missionaryNumber})` : item.userName;
  const memo = `Advance #${item.advanceId} cash returned (report #${item.reportId}) — ${who}`;
  const fund = missionaryFundAccount({
    user_id: item.userId,
    user_name: item.userName,
    missionary_number: item.missionaryNumber,
  });
  const line = (account: JournalLine['account'], debit: Cents, credit: Cents, kind: AccountKind): JournalLine => ({
    date: item.date,
    entry: `CASHBACK-${item.reportId}`,
    kind,
    account,
    debit,
    credit,
    memo,
    distributionId: null,
    missionaryNumber: item.missionaryNumber,
    missionaryName: item.userName,
  });
  // The cash comes back on the account advances are paid from (the 'advances' kind of decision 32).
  return [line(CHART.cash, item.amount, 0, 'advances'), line(fund, 0, item.amount, defaultKind(fund))];
}
