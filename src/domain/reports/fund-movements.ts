import type { TransactionType } from '../distributions/types';
import { type Cents, sum } from '../money';
import type { DistributionFigures } from './accounting';

/**
 * A distribution's hold-account movements per fund (docs/reports.md "The lines of one
 * distribution": per-fund movements), which its journal entry books when they add up to the
 * distribution's own hold-account totals.
 */

/** One hold account's granted movements in one distribution. */
export interface FundMovement {
  holdAccountId: number;
  fundName: string;
  deposits: Cents;
  transfers: Cents;
  withdrawals: Cents;
}

/** A granted hold-account transaction of a distribution (posted row or engine result). */
export interface FundTransaction {
  holdAccountId: number;
  fundName: string;
  type: TransactionType;
  amount: Cents;
}

/** Per-fund sums of granted transactions, by fund name then id. */
export function fundMovements(transactions: readonly FundTransaction[]): FundMovement[] {
  const byFund = new Map<number, FundMovement>();
  for (const row of transactions) {
    const fund = byFund.get(row.holdAccountId) ?? {
      holdAccountId: row.holdAccountId,
      fundName: row.fundName,
      deposits: 0,
      transfers: 0,
      withdrawals: 0,
    };
    if (row.type === 'Deposit') fund.deposits = sum([fund.deposits, row.amount]);
    else if (row.type === 'Transfer') fund.transfers = sum([fund.transfers, row.amount]);
    else fund.withdrawals = sum([fund.withdrawals, row.amount]);
    byFund.set(row.holdAccountId, fund);
  }
  return [...byFund.values()].sort((a, b) => a.fundName.localeCompare(b.fundName) || a.holdAccountId - b.holdAccountId);
}

/** The distribution's hold-account totals a per-fund breakdown must add up to. */
export type HoldAccountTotals = Pick<
  DistributionFigures,
  'held_liability_account_deposit' | 'transfer_from_held' | 'held_liability_account_withdrawal'
>;

/** Whether the per-fund movements add up to the distribution's own hold-account totals. */
export function fundMovementsMatch(d: HoldAccountTotals, funds: readonly FundMovement[]): boolean {
  return (
    sum(funds.map((f) => f.deposits)) === d.held_liability_account_deposit &&
    sum(funds.map((f) => f.transfers)) === d.transfer_from_held &&
    sum(funds.map((f) => f.withdrawals)) === d.held_liability_account_withdrawal
  );
}
