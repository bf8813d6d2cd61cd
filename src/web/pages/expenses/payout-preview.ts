import { useQuery } from '@tanstack/react-query';
import {
  type PayoutLine,
  type PayoutSources,
  payoutChoiceSentence,
  payoutProblem,
  payoutSentence,
  planPayout,
} from '../../../domain/expense-reports/payout';
import { holdAccountsContract } from '../../../domain/hold-accounts/contract';
import { type Cents, fromDollars } from '../../../domain/money';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { FullReport } from './types';

/** The report's lines as the server's payout takes them, in line order: expenses (date, then entry; the report sends them so), then trips. */
export function payoutLinesOf(report: FullReport): PayoutLine[] {
  return [
    ...report.expense.map((row) => ({
      id: row.id,
      amount: fromDollars(row.usd_amount),
      holdAccountId: row.hold_account_id,
    })),
    ...report.mileage.map((trip) => ({ id: trip.id, amount: fromDollars(trip.total_cost), holdAccountId: null })),
  ];
}

/**
 * What a payout would do, in the words of decision 14 (docs/decisions.md): the sources it is paid from (the
 * missionary's fund, then the hold accounts the report charges) and what it leaves. The balances are
 * read now; the server locks and re-reads them when the payout is made.
 */
export function usePayoutPreview(report: FullReport) {
  const lines = payoutLinesOf(report);
  const charged = [...new Set(lines.flatMap((line) => (line.holdAccountId === null ? [] : [line.holdAccountId])))];
  const accounts = useQuery({
    queryKey: keys.holdAccounts.ofUser(report.user_id),
    queryFn: () => call(holdAccountsContract.listHoldAccounts, { query: { status: 'all', user_id: report.user_id } }),
    enabled: charged.length > 0,
  });
  const sources: PayoutSources | null =
    charged.length > 0 && !accounts.data
      ? null
      : {
          fundBalance: fromDollars(report.user?.profile?.fund_balance ?? 0),
          holdAccounts: new Map(
            (accounts.data ?? []).map((account) => [
              account.id,
              { fundName: account.fund_name, balance: fromDollars(account.balance) },
            ]),
          ),
        };
  return {
    loading: sources === null && !accounts.isError,
    failed: accounts.isError ? accounts.error : null,
    retry: () => accounts.refetch(),
    /** The confirmation sentence, or null while the balances load. */
    sentence: (payout: Cents) =>
      sources === null ? null : payoutSentence(report.user_name, planPayout(lines, payout, sources), sources),
    /** Why a hold account cannot pay this much, or null. */
    problem: (payout: Cents) => (sources === null ? null : payoutProblem(planPayout(lines, payout, sources), sources)),
    /** Who pays now and that MAT Day is the alternative, or null while the balances load. */
    choice: (payout: Cents) =>
      sources === null ? null : payoutChoiceSentence(report.user_name, planPayout(lines, payout, sources), sources),
  };
}
