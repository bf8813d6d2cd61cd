import { sum } from '../money';
import type { StatementFund, StatementSection, StatementSource, StatementTable, TableCell } from './statement';
import { NOT_ITEMISED } from './statement-sections';

/**
 * A hold-account transaction as the missionary reads it: the office's "MAT Day" spelled as the
 * product spells it (stored descriptions say "Mat Day …"), and no internal donation id ("Designated
 * donation 70" means nothing to a reader).
 */
export function statementTransactionDescription(description: string): string {
  return description.replace(/^Mat Day\b/i, 'MAT Day').replace(/^Designated donation \d+$/, 'Designated donation');
}

/** 11. Hold accounts: balances per fund, then every transaction. */
export function holdAccountSections(source: StatementSource): StatementSection[] {
  const sections: StatementSection[] = [];
  const d = source.distribution;
  const funds = source.funds ?? [];
  const owing = funds.some((f) => f.startingUnreimbursed !== 0 || f.endingUnreimbursed !== 0);
  const owedCells = (f: StatementFund): TableCell[] =>
    owing ? [{ cents: f.startingUnreimbursed }, { cents: f.endingUnreimbursed }] : [];
  const fundTable: StatementTable = {
    headers: [
      'Fund',
      'Starting',
      'Deposits',
      'Transfers out',
      'Withdrawals',
      'Ending',
      ...(owing ? ['Owed at start', 'Owed now'] : []),
    ],
    numeric: [false, true, true, true, true, true, ...(owing ? [true, true] : [])],
    widths: [2.2, 1.2, 1.2, 1.2, 1.2, 1.2, ...(owing ? [1.2, 1.2] : [])],
    rows: funds.map((f) => [
      { text: f.fundName },
      { cents: f.starting },
      { cents: f.deposits },
      { cents: f.transfers },
      { cents: f.withdrawals },
      { cents: f.ending },
      ...owedCells(f),
    ]),
    total: [
      { text: 'All hold accounts' },
      { cents: d.held_liability_account_starting_balance },
      { cents: d.held_liability_account_deposit },
      { cents: d.transfer_from_held },
      { cents: d.held_liability_account_withdrawal },
      { cents: d.held_liability_account_balance },
      ...(owing
        ? [
            { cents: sum(funds.map((f) => f.startingUnreimbursed)) },
            { cents: sum(funds.map((f) => f.endingUnreimbursed)) },
          ]
        : []),
    ],
  };
  const listed = {
    starting: sum(funds.map((f) => f.starting)),
    deposits: sum(funds.map((f) => f.deposits)),
    transfers: sum(funds.map((f) => f.transfers)),
    withdrawals: sum(funds.map((f) => f.withdrawals)),
    ending: sum(funds.map((f) => f.ending)),
  };
  const unmoved = {
    starting: d.held_liability_account_starting_balance - listed.starting,
    deposits: d.held_liability_account_deposit - listed.deposits,
    transfers: d.transfer_from_held - listed.transfers,
    withdrawals: d.held_liability_account_withdrawal - listed.withdrawals,
    ending: d.held_liability_account_balance - listed.ending,
  };
  if (Object.values(unmoved).some((value) => value !== 0)) {
    const quiet = unmoved.deposits === 0 && unmoved.transfers === 0 && unmoved.withdrawals === 0;
    fundTable.rows.push([
      { text: quiet ? 'Other hold accounts (no movement)' : NOT_ITEMISED },
      { cents: unmoved.starting },
      { cents: unmoved.deposits },
      { cents: unmoved.transfers },
      { cents: unmoved.withdrawals },
      { cents: unmoved.ending },
      ...(owing ? [{ text: '' }, { text: '' }] : []),
    ]);
  }
  sections.push({
    title: 'Hold accounts',
    intro:
      d.held_liability_account_starting_balance === 0 && d.held_liability_account_balance === 0 && funds.length === 0
        ? 'You have no hold-account balances.'
        : 'Your designated funds: deposits come from your fund, transfers go back to it, withdrawals are paid to you.',
    table: fundTable,
  });
  if (funds.some((f) => f.transactions.length > 0)) {
    sections.push({
      title: 'Hold-account transactions',
      table: {
        headers: ['Fund', 'Type', 'Description', 'Requested', 'Paid', 'Not covered'],
        numeric: [false, false, false, true, true, true],
        widths: [1.6, 1, 2.4, 1.1, 1.1, 1.1],
        rows: funds.flatMap((f) =>
          f.transactions.map((t) => [
            { text: f.fundName },
            { text: t.type },
            { text: statementTransactionDescription(t.description) },
            { cents: t.requested },
            { cents: t.granted },
            { cents: t.unpaid },
          ]),
        ),
      },
    });
  }
  return sections;
}
