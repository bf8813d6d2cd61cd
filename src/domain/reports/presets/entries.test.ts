import type { JournalLine } from '../journal';
import {
  type AccountTotal,
  addToTotals,
  entryBalances,
  type LedgerMove,
  ledgerMoveLines,
  presetEntry,
  reversalLines,
} from './entries';
import { NO_MAPPING, unmappedKinds } from './kinds';

const move = (over: Partial<LedgerMove>): LedgerMove => ({
  id: 41,
  date: '2026-11-12',
  account: 'user_fund',
  accountId: 7,
  amount: 0,
  reason: 'manual_adjustment',
  memo: 'Gift by check',
  userId: 7,
  userName: 'Ruth',
  missionaryNumber: 'M-12',
  fundName: null,
  ...over,
});

describe('other balance moves as entries', () => {
  it.each<[string, LedgerMove[], Array<[code: string, debit: number, credit: number]>]>([
    // The fund grew $50.00: credit the fund, debit bank clearing (1000) for what does not net out.
    [
      'an adjustment up',
      [move({ amount: 5000 })],
      [
        ['2600-M-12', 0, 5000],
        ['1000', 5000, 0],
      ],
    ],
    // The fund shrank $20.00 (a payment): debit the fund, credit bank clearing.
    [
      'an adjustment down',
      [move({ amount: -2000 })],
      [
        ['2600-M-12', 2000, 0],
        ['1000', 0, 2000],
      ],
    ],
    // A transfer of $30.00 from hold account 3 to the fund nets to 0: no bank line.
    [
      'a transfer',
      [
        move({ id: 42, account: 'hold_account', accountId: 3, fundName: 'Car', amount: -3000 }),
        move({ id: 43, amount: 3000 }),
      ],
      [
        ['2500-3', 3000, 0],
        ['2600-M-12', 0, 3000],
      ],
    ],
  ])('%s', (_name, moves, expected) => {
    const lines = ledgerMoveLines(moves);
    expect(lines.map((l) => [l.account.code, l.debit, l.credit])).toEqual(expected);
    expect(new Set(lines.map((l) => l.entry))).toEqual(new Set([`J-${moves[0].id}`]));
    expect(entryBalances(presetEntry(lines, NO_MAPPING))).toBe(true);
  });
});

describe('reversals and mapping', () => {
  const lines: JournalLine[] = [
    {
      date: '2026-11-30',
      entry: 'MAT-9',
      kind: 'missionary_funds',
      account: { code: '2600-M-12', name: 'Missionary Fund Balance — Ruth', type: 'Liability' },
      debit: 44500,
      credit: 0,
      memo: 'Admin fee — Ruth (M-12), 11/01/2026–11/30/2026',
      distributionId: 9,
      missionaryNumber: 'M-12',
      missionaryName: 'Ruth',
    },
    {
      date: '2026-11-30',
      entry: 'MAT-9',
      kind: 'admin_fee_income',
      account: { code: '4100', name: 'Admin Fee Income', type: 'Income' },
      debit: 0,
      credit: 44500,
      memo: 'Admin fee — Ruth (M-12), 11/01/2026–11/30/2026',
      distributionId: 9,
      missionaryNumber: 'M-12',
      missionaryName: 'Ruth',
    },
  ];

  it('a reversal swaps every side, dated the day it was reversed, as REV-{id}', () => {
    const reversed = reversalLines(lines, '2026-12-02', 9);
    expect(reversed.map((l) => [l.entry, l.date, l.account.code, l.debit, l.credit])).toEqual([
      ['REV-9', '2026-12-02', '2600-M-12', 0, 44500],
      ['REV-9', '2026-12-02', '4100', 44500, 0],
    ]);
    expect(reversed[0].memo).toBe('Reversal of MAT-9: Admin fee — Ruth (M-12), 11/01/2026–11/30/2026');
  });

  it('maps a kind to the organisation’s account and keeps the journal’s own for the others', () => {
    const entry = presetEntry(lines, {
      accounts: { admin_fee_income: { number: '4010', name: 'Admin Fees' } },
      dimension: 'Missionary',
    });
    expect(entry.number).toBe('MAT-9');
    expect(entry.description).toBe('MAT Day 11/30/2026 — Ruth (M-12)');
    expect(entry.lines.map((l) => l.account)).toEqual([
      { number: '2600-M-12', name: 'Missionary Fund Balance — Ruth' },
      { number: '4010', name: 'Admin Fees' },
    ]);
    const totals = new Map<string, AccountTotal>();
    addToTotals(totals, entry);
    addToTotals(totals, entry);
    expect([...totals.values()].map((t) => [t.number, t.debit, t.credit])).toEqual([
      ['2600-M-12', 89000, 0],
      ['4010', 0, 89000],
    ]);
  });

  it('lists the unmapped kinds', () => {
    expect(
      unmappedKinds({ accounts: { bank_clearing: { number: '1010', name: 'Clearing' } }, dimension: 'M' }),
    ).not.toContain('bank_clearing');
    expect(unmappedKinds(NO_MAPPING)).toHaveLength(10);
  });
});
