import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sum } from '../money';
import {
  owedAfter,
  type PayoutLine,
  type PayoutSources,
  payoutChoiceSentence,
  payoutProblem,
  payoutSentence,
  planPayout,
} from './payout';

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
    const plan = planPayout(lines, payout, sources);
    expect(plan).toMatchObject({ payout, generalPaid: gPaid, generalOwed: gOwed, payable: 30000, uncovered: [] });
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
    fc.assert(
      fc.property(linesArb, balancesArb, fc.nat(), (rows, balances, seed) => {
        const from = sourcesOf(balances);
        const total = sum(rows.map((row) => row.amount));
        const { payable } = planPayout(rows, total, from);
        const payout = seed % (payable + 1);
        const plan = planPayout(rows, payout, from);
        const heldPaid = sum(plan.holdAccounts.map((a) => a.paid));
        expect(plan.generalPaid + heldPaid).toBe(payout); // nothing paid twice, nothing lost
        expect(payout + owedAfter(plan)).toBe(total);
        expect(payoutProblem(plan, from)).toBeNull();
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

// Random reports: up to 8 lines on the general fund or hold accounts 1–4, and balances for those accounts.
const linesArb = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    amount: fc.integer({ min: 0, max: 100_000 }),
    holdAccountId: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
  }),
  { selector: (l) => l.id, maxLength: 8 },
);
const balancesArb = fc.array(fc.integer({ min: 0, max: 150_000 }), { minLength: 4, maxLength: 4 });
const sourcesOf = (balances: number[]): PayoutSources => ({
  fundBalance: 0,
  holdAccounts: new Map(balances.map((balance, i) => [i + 1, { fundName: `Fund ${i + 1}`, balance }])),
});

describe('planPayout: hold-account lines in line order, an uncoverable line never blocks', () => {
  // $1,000.00 of general lines; line 1 ($203.01) on A, which holds $0.00; line 2 ($828.09) on B, which
  // holds $1,000.00. By account id, A's line came first and refused the payout ("A holds $0.00; this
  // payout would take $203.01 from it. Pay at most $1,828.09 now."); in line order it stays owed.
  const general = { id: 9, amount: 100000, holdAccountId: null };
  const onA = { id: 1, amount: 20301, holdAccountId: 1 };
  const onB = { id: 2, amount: 82809, holdAccountId: 2 };
  const ab: PayoutSources = {
    fundBalance: 500000,
    holdAccounts: new Map([
      [1, { fundName: 'A', balance: 0 }],
      [2, { fundName: 'B', balance: 100000 }],
    ]),
  };

  it.each([
    // order, payout → A paid / owed, B paid / owed, payable
    // 1,828.09 = 1,000.00 general + 828.09 on B; A's 203.01 stays owed (A holds 0.00 < 203.01)
    ['A, B', [general, onA, onB], 182809, [0, 20301], [82809, 0]],
    ['B, A', [general, onB, onA], 182809, [0, 20301], [82809, 0]],
    // 1,500.00 = 1,000.00 general + 500.00 of B's 828.09 (the last line paid in part); 328.09 owed on B
    ['A, B', [general, onA, onB], 150000, [0, 20301], [50000, 32809]],
    // 1,000.00: the general lines only; both held lines stay owed
    ['A, B', [general, onA, onB], 100000, [0, 20301], [0, 82809]],
  ])('lines %s (case %#)', (_order, rows, payout, [aPaid, aOwed], [bPaid, bOwed]) => {
    const plan = planPayout(rows, payout, ab);
    expect(plan.generalPaid).toBe(100000);
    expect(plan.payable).toBe(182809); // 1,000.00 + 828.09, whatever the payout
    expect(plan.uncovered).toEqual([{ expenseId: 1, holdAccountId: 1, amount: 20301, available: 0 }]);
    const byId = new Map(plan.holdAccounts.map((a) => [a.holdAccountId, a]));
    expect(byId.get(1)).toMatchObject({ paid: aPaid, owed: aOwed });
    expect(byId.get(2)).toMatchObject({ paid: bPaid, owed: bOwed });
    expect(payoutProblem(plan, ab)).toBeNull();
  });

  it('refuses more than the coverable lines, naming the line that stays owed', () => {
    // 2,031.10 = everything; at most 1,828.09 can be paid now
    expect(payoutProblem(planPayout([general, onA, onB], 203110, ab), ab)).toBe(
      'A holds $0.00, less than the $203.01 line charged to it, so that line stays owed. Pay at most $1,828.09 now.',
    );
  });

  it('takes the lines of one account in line order while what is left covers each', () => {
    // C holds 300.00: 200.00 (100.00 left), then 150.00 > 100.00 stays owed, then 100.00 ≤ 100.00 is paid
    const c: PayoutSources = { fundBalance: 0, holdAccounts: new Map([[3, { fundName: 'C', balance: 30000 }]]) };
    const rows = [
      { id: 1, amount: 20000, holdAccountId: 3 },
      { id: 2, amount: 15000, holdAccountId: 3 },
      { id: 3, amount: 10000, holdAccountId: 3 },
    ];
    const plan = planPayout(rows, 30000, c);
    expect(plan.payable).toBe(30000); // 200.00 + 100.00
    expect(plan.holdAccounts).toEqual([
      {
        holdAccountId: 3,
        paid: 30000,
        owed: 15000,
        lines: [
          { expenseId: 1, paid: 20000 },
          { expenseId: 3, paid: 10000 },
        ],
      },
    ]);
    expect(plan.uncovered).toEqual([{ expenseId: 2, holdAccountId: 3, amount: 15000, available: 10000 }]);
  });

  it('lines in any order: no account pays more than it holds, and every payout up to payable is paid (property)', () => {
    fc.assert(
      fc.property(linesArb, balancesArb, fc.nat(), fc.nat(), (rows, balances, seed, shuffle) => {
        const from = sourcesOf(balances);
        const ordered = [...rows].sort((a, b) => ((a.id * 7919 + shuffle) % 1009) - ((b.id * 7919 + shuffle) % 1009));
        const total = sum(ordered.map((row) => row.amount));
        const payout = total === 0 ? 0 : seed % (total + 1);
        const plan = planPayout(ordered, payout, from);
        for (const account of plan.holdAccounts) {
          expect(account.paid).toBeLessThanOrEqual(from.holdAccounts.get(account.holdAccountId)?.balance ?? 0);
        }
        // Payable is the same for any payout, and exactly the payouts up to it are paid in full.
        expect(plan.payable).toBe(planPayout(ordered, total, from).payable);
        expect(payoutProblem(plan, from) === null).toBe(payout <= plan.payable);
      }),
    );
  });

  it('a coverable line is never blocked by an uncoverable one (property)', () => {
    fc.assert(
      fc.property(
        linesArb,
        balancesArb,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 100_000 }),
        (rows, balances, seed, at, amount) => {
          const from = sourcesOf(balances);
          // An uncoverable line (account 5 holds nothing) put anywhere among the others…
          const poor: PayoutSources = {
            ...from,
            holdAccounts: new Map([...from.holdAccounts, [5, { fundName: 'Empty', balance: 0 }]]),
          };
          const blocker = { id: 5000, amount, holdAccountId: 5 };
          const position = at % (rows.length + 1);
          const withBlocker = [...rows.slice(0, position), blocker, ...rows.slice(position)];
          const total = sum(rows.map((row) => row.amount));
          const payout = total === 0 ? 0 : seed % (total + 1);
          const without = planPayout(rows, payout, from);
          const withIt = planPayout(withBlocker, payout, poor);
          // …changes nothing the other lines are paid: it only stays owed itself.
          expect(withIt.payable).toBe(without.payable);
          expect(withIt.generalPaid).toBe(without.generalPaid);
          expect(withIt.holdAccounts.filter((a) => a.holdAccountId !== 5)).toEqual(without.holdAccounts);
          expect(withIt.holdAccounts.find((a) => a.holdAccountId === 5)).toEqual({
            holdAccountId: 5,
            paid: 0,
            owed: amount,
            lines: [],
          });
        },
      ),
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
    expect(payoutSentence('Ruth Okafor', planPayout(rows, payout, from), from)).toBe(text);
  });

  it('takes a pronoun when one is known (none is stored today)', () => {
    const from = { fundBalance: 500000, holdAccounts: new Map() };
    const plan = planPayout([{ id: 1, amount: 23462, holdAccountId: null }], 15000, from);
    expect(payoutSentence('Ruth Okafor', plan, from, 'her')).toBe(
      'Pay Ruth Okafor $150.00 now? It comes from her fund and leaves $4,850.00; $84.62 stays owed.',
    );
  });
});

describe('payoutProblem: a hold account never goes below zero', () => {
  it('refuses taking more than the coverable lines and says the most that can be paid', () => {
    const poor = { fundBalance: 0, holdAccounts: new Map([[7, { fundName: 'Kenya Project', balance: 5000 }]]) };
    // 100 general + 200 held; the account holds 50 < 200, so the held line stays owed: at most 100 now
    expect(payoutProblem(planPayout(lines, 30000, poor), poor)).toBe(
      'Kenya Project holds $50.00, less than the $200.00 line charged to it, so that line stays owed. Pay at most $100.00 now.',
    );
    expect(payoutProblem(planPayout(lines, 15000, poor), poor)).toBe(
      'Kenya Project holds $50.00, less than the $200.00 line charged to it, so that line stays owed. Pay at most $100.00 now.',
    );
    expect(payoutProblem(planPayout(lines, 10000, poor), poor)).toBeNull();
  });
});

describe('payoutChoiceSentence: who pays now, and the alternative', () => {
  it.each([
    // 133.68 of a 133.68 general report: all from the fund
    [
      [{ id: 1, amount: 13368, holdAccountId: null }],
      13368,
      "Pay $133.68 now from Ruth Okafor's fund. Leave it at $0.00 and MAT Day pays it with their next distribution.",
    ],
    // 150.00 = 100.00 general + 50.00 of the 200.00 held on Kenya Project (which holds 500.00)
    [
      lines,
      15000,
      "Pay $150.00 now: $100.00 from Ruth Okafor's fund and $50.00 from Kenya Project. Leave it at $0.00 and MAT Day pays it with their next distribution.",
    ],
    // nothing now: the 300.00 waits for MAT Day
    [lines, 0, 'Nothing is paid now: MAT Day pays the $300.00 with their next distribution.'],
  ])('%#', (rows, payout, text) => {
    expect(payoutChoiceSentence('Ruth Okafor', planPayout(rows, payout, sources), sources)).toBe(text);
  });
});
