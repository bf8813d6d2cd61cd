import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sum } from '../money';
import { owedAfter, type PayoutLine, payoutProblem, payoutSentence, planPayout } from './payout';

// A report of $100.00 general (a $60 expense, a $40 trip) and $200.00 charged to hold account 7.
const lines: PayoutLine[] = [
  { id: 1, amount: 6000, holdAccountId: null },
  { id: 2, amount: 20000, holdAccountId: 7 },
  { id: 3, amount: 4000, holdAccountId: null },
];
const sources = { fundBalance: 100000, holdAccounts: new Map([[7, { fundName: 'Kenya Project', balance: 50000 }]]) };

describe('planPayout: general-fund lines first, then hold-account lines', () => {
  it.each([
    // payout, general paid, general owed, hold paid, hold owed
    [0, 0, 10000, 0, 20000], // nothing paid: 100 stays on the user, 200 on the hold account
    [5000, 5000, 5000, 0, 20000], // 50 of the 100 general
    [10000, 10000, 0, 0, 20000], // exactly the general lines
    [15000, 10000, 0, 5000, 15000], // 100 general + 50 of the 200 held
    [30000, 10000, 0, 20000, 0], // everything
  ])('payout %i → general %i paid / %i owed, hold %i paid / %i owed', (payout, gPaid, gOwed, hPaid, hOwed) => {
    const plan = planPayout(lines, payout);
    expect(plan).toMatchObject({ payout, generalPaid: gPaid, generalOwed: gOwed });
    expect(plan.holdAccounts).toEqual([
      {
        holdAccountId: 7,
        paid: hPaid,
        owed: hOwed,
        lines: hPaid > 0 ? [{ expenseId: 2, paid: hPaid }] : [],
      },
    ]);
  });

  it('pays every line at most once and splits the whole payout (property)', () => {
    const line = fc.record({
      id: fc.integer({ min: 1, max: 1000 }),
      amount: fc.integer({ min: 0, max: 1_000_000 }),
      holdAccountId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.uniqueArray(line, { selector: (l) => l.id, maxLength: 8 }), fc.nat(), (rows, seed) => {
        const total = sum(rows.map((row) => row.amount));
        const payout = total === 0 ? 0 : seed % (total + 1);
        const plan = planPayout(rows, payout);
        const heldPaid = sum(plan.holdAccounts.map((a) => a.paid));
        expect(plan.generalPaid + heldPaid).toBe(payout); // nothing paid twice, nothing lost
        expect(payout + owedAfter(plan)).toBe(total);
        for (const account of plan.holdAccounts) {
          expect(sum(account.lines.map((l) => l.paid))).toBe(account.paid);
          for (const paidLine of account.lines) {
            const source = rows.find((row) => row.id === paidLine.expenseId);
            expect(paidLine.paid).toBeLessThanOrEqual(source?.amount ?? -1);
          }
        }
        if (heldPaid > 0) expect(plan.generalOwed).toBe(0); // general lines come first
      }),
    );
  });
});

describe('payoutSentence: what the dialog asks', () => {
  it.each([
    [
      // 150.00 of a 234.62 general report; fund 5,000.00 − 150.00 = 4,850.00; 234.62 − 150.00 = 84.62 owed
      [{ id: 1, amount: 23462, holdAccountId: null }],
      15000,
      { fundBalance: 500000, holdAccounts: new Map() },
      'Pay Ruth Okafor $150.00 now? It comes from their fund and leaves $4,850.00; $84.62 stays owed.',
    ],
    [
      lines,
      15000, // 100 from the fund (1,000 → 900), 50 from Kenya Project (500 → 450), 150 owed
      sources,
      'Pay Ruth Okafor $150.00 now? $100.00 comes from their fund and leaves $900.00; $50.00 comes from Kenya Project and leaves $450.00; $150.00 stays owed; the next distribution pays it from Kenya Project.',
    ],
    [
      lines,
      0, // nothing paid: 100 owed on the user, 200 on Kenya Project
      sources,
      'Pay Ruth Okafor nothing now? $300.00 stays owed; the next distribution pays $200.00 of it from Kenya Project.',
    ],
    [
      lines,
      5000, // 50 of the 100 general: fund 1,000 → 950; owed 50 general + 200 held = 250
      sources,
      'Pay Ruth Okafor $50.00 now? It comes from their fund and leaves $950.00; $250.00 stays owed; the next distribution pays $200.00 of it from Kenya Project.',
    ],
    [
      [...lines, { id: 4, amount: 2000, holdAccountId: 9 }],
      10000, // the 100 general only; 200 owed on Kenya Project and 20 on Car Fund
      {
        fundBalance: 100000,
        holdAccounts: new Map([
          [7, { fundName: 'Kenya Project', balance: 50000 }],
          [9, { fundName: 'Car Fund', balance: 0 }],
        ]),
      },
      'Pay Ruth Okafor $100.00 now? It comes from their fund and leaves $900.00; $220.00 stays owed; the next distribution pays $200.00 of it from Kenya Project and $20.00 from Car Fund.',
    ],
    [
      [{ id: 1, amount: 2000, holdAccountId: null }],
      2000, // the fund may go below zero: 10.00 − 20.00 = −10.00
      { fundBalance: 1000, holdAccounts: new Map() },
      'Pay Ruth Okafor $20.00 now? It comes from their fund and leaves -$10.00; nothing stays owed.',
    ],
  ])('%#', (rows, payout, from, text) => {
    expect(payoutSentence('Ruth Okafor', planPayout(rows, payout), from)).toBe(text);
  });

  it('takes a pronoun when one is known (none is stored today)', () => {
    const plan = planPayout([{ id: 1, amount: 23462, holdAccountId: null }], 15000);
    expect(payoutSentence('Ruth Okafor', plan, { fundBalance: 500000, holdAccounts: new Map() }, 'her')).toBe(
      'Pay Ruth Okafor $150.00 now? It comes from her fund and leaves $4,850.00; $84.62 stays owed.',
    );
  });
});

describe('payoutProblem: a hold account never goes below zero', () => {
  it('refuses taking more than the account holds and says the most that can be paid', () => {
    const poor = { fundBalance: 0, holdAccounts: new Map([[7, { fundName: 'Kenya Project', balance: 5000 }]]) };
    // 100 general + 200 held; the account holds 50, so at most 100 + 50 = 150 can be paid
    expect(payoutProblem(planPayout(lines, 30000), poor)).toBe(
      'Kenya Project holds $50.00; this payout would take $200.00 from it. Pay at most $150.00 now.',
    );
    expect(payoutProblem(planPayout(lines, 15000), poor)).toBeNull();
  });
});
