import fc from 'fast-check';
import type { JournalAccountKind } from '../ledger/types';
import { sum } from '../money';
import { computeDistribution } from './engine';
import { approvalWrites, type OwedReport, type Posting, payOldestFirst } from './postings';
import { arbitraryInput, RUNS } from './test-arbitraries';
import { distributionInput, usd, workedExampleInput } from './test-fixtures';

/**
 * What approval writes, as `[account, amount, balance after]` rows (the journal a bookkeeper reads),
 * with the arithmetic beside each row; then properties over random months.
 */
const rows = (journal: readonly Posting[]) => journal.map((p) => [p.account, p.amount, p.balanceAfter]);

describe('approvalWrites: the worked example of docs/distribution.md (Ruth, May 2024)', () => {
  const result = computeDistribution(workedExampleInput());
  // Two older reports still owe 60.00 (March) and 100.00 (April): more than the 140.00 paid back.
  const owed: OwedReport[] = [
    { id: 5, date: '2024-04-02', unreimbursed: usd('100.00') },
    { id: 3, date: '2024-03-01', unreimbursed: usd('60.00') },
  ];
  const writes = approvalWrites(9, result, owed);

  it('journals the Vehicle Fund transaction by transaction, from 400.00 to 0.00 and 60.00 owed to 90.00', () => {
    const held = writes.journal.filter((p) => p.transaction !== null);
    expect(held.map((p) => [p.transaction, ...rows([p])[0]])).toEqual([
      [1, 'hold_account', usd('250.00'), usd('650.00')], // 400.00 + 250.00 designated donation 3
      [2, 'hold_account', usd('100.00'), usd('750.00')], // 650.00 + 100.00 recurring deposit
      [3, 'hold_account', -usd('60.00'), usd('690.00')], // 750.00 − 60.00 Unreimbursed Reimbursement
      [3, 'hold_account_unreimbursed', -usd('60.00'), 0], // 60.00 − 60.00 paid back
      [4, 'hold_account', -usd('180.00'), usd('510.00')], // 690.00 − 180.00 expense 311
      [5, 'hold_account', -usd('510.00'), 0], // 690.00 − 180.00 − 510.00: the 600.00 withdrawal gets 510.00
      [5, 'hold_account_unreimbursed', usd('90.00'), usd('90.00')], // 0.00 + (600.00 − 510.00) shortfall
    ]);
    expect(held.map((p) => p.reason)).toEqual([
      'distribution_deposit',
      'distribution_deposit',
      'distribution_withdrawal',
      'distribution_unreimbursed_reimbursement',
      'distribution_withdrawal',
      'distribution_withdrawal',
      'distribution_shortfall',
    ]);
    expect(held[0].memo).toBe('Distribution #9: Designated donation 3');
  });

  it("journals Ruth's general fund step by step from 1,250.00 to 93.26, and her unreimbursed 140.00 to 0.00", () => {
    const own = writes.journal.filter((p) => p.transaction === null);
    expect(rows(own)).toEqual([
      ['user_fund', usd('4450.00'), usd('5700.00')], // 1250.00 + 4450.00 donations
      ['user_fund', -usd('445.00'), usd('5255.00')], // − 445.00 admin fee (10 %)
      ['user_fund', -usd('3586.34'), usd('1668.66')], // − (2451.34 payroll + 800.00 + 310.00 + 25.00)
      ['user_fund', -usd('350.00'), usd('1318.66')], // − (250.00 + 100.00) deposits into the Vehicle Fund
      ['user_fund', -usd('925.40'), usd('393.26')], // − (140.00 owed + 785.40 report 31)
      ['user_fund', -usd('300.00'), usd('93.26')], // − 300.00 advance 41 = ending balance
      ['user_unreimbursed', -usd('140.00'), 0], // 140.00 − 140.00 paid back; nothing accrued (no row)
    ]);
    expect(own.every((p) => p.accountId === 12)).toBe(true);
  });

  it('pays the 140.00 down oldest first: March in full, then 80.00 of April', () => {
    expect(writes.paydown).toEqual([
      { reportId: 3, owed: usd('60.00'), paid: usd('60.00'), unreimbursedAfter: 0 }, // 60.00 − 60.00
      { reportId: 5, owed: usd('100.00'), paid: usd('80.00'), unreimbursedAfter: usd('20.00') }, // 140.00 − 60.00 = 80.00
    ]);
  });

  it('carries the ending figures forward and names every row it updates', () => {
    expect(writes.holdAccounts).toEqual([{ id: 7, balance: 0, unreimbursedAmount: usd('90.00') }]);
    expect(writes.profile).toEqual({ fundBalance: usd('93.26'), unreimbursedAmount: 0 });
    expect(writes.reports.map((r) => [r.id, r.dist_amount_reimbursed, r.dist_hold_account_withdrawals])).toEqual([
      [31, usd('785.40'), usd('180.00')], // 965.40 − 180.00 charged to the Vehicle Fund
    ]);
    expect(writes.advancesPaid).toEqual([{ id: 41, amount: usd('300.00') }]);
    expect(writes.advancesReleased).toEqual([]);
    expect(writes.donationsDeposited).toEqual([3]);
  });
});

describe('approvalWrites: a deficit month', () => {
  // Fund 100.00, no donations; report 7 asks 300.00 and advance 8 asks 50.00.
  const result = computeDistribution(
    distributionInput({
      profile: { fundBalance: usd('100.00'), unreimbursedAmount: usd('25.00') },
      expenseReports: [{ id: 7, date: '2024-05-10', totalAmount: usd('300.00'), holdAccountCharges: [] }],
      advanceRequests: [{ id: 8, amountRequested: usd('50.00'), amountApproved: null, approved: true }],
    }),
  );
  const writes = approvalWrites(4, result, [{ id: 2, date: '2024-01-31', unreimbursed: usd('25.00') }]);

  it('pays what the fund holds, accrues the rest and releases the advance it could not pay', () => {
    expect(rows(writes.journal)).toEqual([
      ['user_fund', -usd('100.00'), 0], // 100.00 − (25.00 owed + 75.00 of report 7)
      ['user_unreimbursed', usd('225.00'), usd('250.00')], // 25.00 + (300.00 − 75.00) accrued
      ['user_unreimbursed', -usd('25.00'), usd('225.00')], // 250.00 − 25.00 paid back
    ]);
    expect(writes.paydown).toEqual([{ reportId: 2, owed: usd('25.00'), paid: usd('25.00'), unreimbursedAfter: 0 }]);
    expect(writes.reports.map((r) => [r.id, r.dist_amount_reimbursed, r.dist_amount_unreimbursed])).toEqual([
      [7, usd('75.00'), usd('225.00')],
    ]);
    expect(writes.advancesPaid).toEqual([]);
    expect(writes.advancesReleased).toEqual([8]);
    expect(writes.profile).toEqual({ fundBalance: 0, unreimbursedAmount: usd('225.00') });
  });
});

describe('payOldestFirst', () => {
  const owed: OwedReport[] = [
    { id: 4, date: '2024-03-01', unreimbursed: usd('30.00') },
    { id: 2, date: '2024-03-01', unreimbursed: usd('20.00') },
    { id: 9, date: '2024-01-15', unreimbursed: usd('50.00') },
    { id: 6, date: '2024-02-01', unreimbursed: 0 },
  ];
  it.each([
    // amount, [report, paid, still owed]…
    [0, []],
    [usd('10.00'), [[9, usd('10.00'), usd('40.00')]]], // January first: 50.00 − 10.00
    [usd('50.00'), [[9, usd('50.00'), 0]]], // January exactly
    [
      usd('60.00'),
      [
        [9, usd('50.00'), 0],
        [2, usd('10.00'), usd('10.00')],
      ],
    ], // then March by id: 2 before 4; 60.00 − 50.00 = 10.00
    [
      usd('100.00'),
      [
        [9, usd('50.00'), 0],
        [2, usd('20.00'), 0],
        [4, usd('30.00'), 0],
      ],
    ], // 50.00 + 20.00 + 30.00 = 100.00, all owed
    [
      usd('120.00'),
      [
        [9, usd('50.00'), 0],
        [2, usd('20.00'), 0],
        [4, usd('30.00'), 0],
      ],
    ], // never more than owed: 20.00 is not paid to anyone
  ])('pays %i cents as %j', (amount, expected) => {
    expect(payOldestFirst(owed, amount).map((p) => [p.reportId, p.paid, p.unreimbursedAfter])).toEqual(expected);
  });
});

/** Per (account, id), each row starts where the previous one ended; returns the first start and the end. */
function chains(journal: readonly Posting[]): Map<string, { start: number; end: number }> {
  const seen = new Map<string, { start: number; end: number }>();
  for (const p of journal) {
    const key = `${p.account}:${p.accountId}`;
    const before = p.balanceAfter - p.amount;
    const chain = seen.get(key);
    if (chain) expect(before).toBe(chain.end);
    seen.set(key, { start: chain?.start ?? before, end: p.balanceAfter });
  }
  return seen;
}

const owedArb = fc.array(
  fc.record({ day: fc.integer({ min: 1, max: 28 }), unreimbursed: fc.integer({ min: 1, max: 200_000 }) }),
  { maxLength: 5 },
);

describe('approvalWrites: properties over random months', () => {
  it('every balance is journalled from its starting to its ending figure, and nothing else moves', () => {
    fc.assert(
      fc.property(arbitraryInput, owedArb, (drawn, owedDraw) => {
        const owed = owedDraw.map((r, index) => ({
          id: index + 1,
          date: `2024-04-${String(r.day).padStart(2, '0')}`,
          unreimbursed: r.unreimbursed,
        }));
        // The user's unreimbursed amount is the sum of what their reports owe (decision 10).
        const input = {
          ...drawn,
          profile: { ...drawn.profile, unreimbursedAmount: sum(owed.map((r) => r.unreimbursed)) },
        };
        const result = computeDistribution(input);
        const d = result.distribution;
        const writes = approvalWrites(1, result, owed);
        const chain = chains(writes.journal);
        const expectMoved = (account: JournalAccountKind, id: number, start: number, end: number) => {
          const moved = chain.get(`${account}:${id}`);
          if (start === end) expect(moved === undefined || moved.start === moved.end).toBe(true);
          else expect(moved).toEqual({ start, end });
        };
        expect(writes.journal.every((p) => p.amount !== 0)).toBe(true);
        expectMoved('user_fund', d.user_id, d.starting_balance, d.ending_balance);
        expectMoved('user_unreimbursed', d.user_id, d.unreimbursed_amount_starting, d.unreimbursed_amount_ending);
        for (const account of result.holdAccounts) {
          expectMoved('hold_account', account.id, account.startingBalance, account.endingBalance);
          expectMoved(
            'hold_account_unreimbursed',
            account.id,
            account.startingUnreimbursedAmount,
            account.endingUnreimbursedAmount,
          );
        }
        // The postings of the fund sum to its movement; the paydown to what was paid back.
        const fundRows = writes.journal.filter((p) => p.account === 'user_fund');
        expect(sum(fundRows.map((p) => p.amount))).toBe(d.ending_balance - d.starting_balance);
        expect(sum(writes.paydown.map((p) => p.paid))).toBe(d.unreimbursed_reimbursement);
      }),
      RUNS,
    );
  });

  it('the paydown is oldest first and never pays a report more than it owes', () => {
    fc.assert(
      fc.property(owedArb, fc.integer({ min: 0, max: 1_200_000 }), (owedDraw, amount) => {
        const owed = owedDraw.map((r, index) => ({
          id: 10 - index,
          date: `2024-04-${String(r.day).padStart(2, '0')}`,
          unreimbursed: r.unreimbursed,
        }));
        const paydown = payOldestFirst(owed, amount);
        const total = sum(owed.map((r) => r.unreimbursed));
        expect(sum(paydown.map((p) => p.paid))).toBe(Math.min(amount, total));
        const byId = new Map(owed.map((r) => [r.id, r]));
        paydown.forEach((p, index) => {
          expect(p.paid).toBeGreaterThan(0);
          expect(p.paid).toBeLessThanOrEqual(p.owed);
          expect(p.owed).toBe(byId.get(p.reportId)?.unreimbursed);
          expect(p.unreimbursedAfter).toBe(p.owed - p.paid);
          // Only the last report paid may be paid in part; every older report is paid in full first.
          if (index < paydown.length - 1) expect(p.unreimbursedAfter).toBe(0);
        });
        const paid = new Set(paydown.map((p) => p.reportId));
        const key = (r: OwedReport) => `${r.date}:${String(r.id).padStart(3, '0')}`;
        const newestPaid = paydown.length === 0 ? '' : key(byId.get(paydown[paydown.length - 1].reportId)!);
        for (const report of owed) {
          if (key(report) < newestPaid) expect(paid.has(report.id)).toBe(true);
        }
      }),
      RUNS,
    );
  });
});
