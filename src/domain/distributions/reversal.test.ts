import fc from 'fast-check';
import type { Cents } from '../money';
import {
  type ApprovalJournalRow,
  advancesRestored,
  type BalanceKey,
  balanceKey,
  decideReversal,
  distributionPeriod,
  paydownFromWire,
  paydownToWire,
  REVERSAL_MESSAGES,
  reversalJournal,
  reversalRefusal,
  reversalSentence,
  reversalSummary,
} from './reversal';

/**
 * docs/distribution.md "Reversing an approval": the worked example's approval (Ruth, November) —
 * fund 1,250.00 → 93.26, unreimbursed 140.00 → 0.00, the hold account 400.00 → 0.00 with 30.00
 * left unreimbursed — and its reversal, row by row.
 */
const row = (
  id: number,
  account: ApprovalJournalRow['account'],
  accountId: number,
  amount: Cents,
  reason: string,
): ApprovalJournalRow => ({ id, account, accountId, amount, reason, memo: reason, refType: 'distribution', refId: 9 });

const RUTH = 7;
const FUND = 3;
const APPROVAL: ApprovalJournalRow[] = [
  row(101, 'hold_account', FUND, -57000, 'distribution_withdrawal'),
  row(102, 'hold_account_unreimbursed', FUND, 3000, 'distribution_shortfall'),
  row(103, 'hold_account', FUND, -18000, 'distribution_withdrawal'),
  row(104, 'hold_account', FUND, 10000, 'distribution_deposit'),
  row(105, 'hold_account', FUND, 25000, 'distribution_deposit'),
  row(106, 'user_fund', RUTH, 420000, 'distribution_donations'),
  row(107, 'user_fund', RUTH, -22250, 'distribution_admin_fee'),
  row(108, 'user_fund', RUTH, -438884, 'distribution_payroll'),
  row(109, 'user_fund', RUTH, 57000, 'distribution_transfer'),
  row(110, 'user_fund', RUTH, -10000, 'distribution_deposit'),
  row(111, 'user_fund', RUTH, -91540, 'distribution_reimbursement'),
  row(112, 'user_fund', RUTH, -30000, 'distribution_advance'),
  row(113, 'user_unreimbursed', RUTH, -14000, 'distribution_reimbursed'),
];

/** The balances right after that approval. */
const AFTER_APPROVAL = new Map<BalanceKey, Cents>([
  [balanceKey('user_fund', RUTH), 9326],
  [balanceKey('user_unreimbursed', RUTH), 0],
  [balanceKey('hold_account', FUND), 0],
  [balanceKey('hold_account_unreimbursed', FUND), 3000],
]);

describe('reversalJournal', () => {
  it('writes the opposite of every row, newest first, each naming the row it undoes', () => {
    const { journal } = reversalJournal(9, APPROVAL, AFTER_APPROVAL);
    expect(journal.map((r) => r.reverses)).toEqual([113, 112, 111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101]);
    for (const r of journal) {
      const original = APPROVAL.find((o) => o.id === r.reverses);
      expect(r.amount).toBe(-(original?.amount ?? 0));
      expect(r.reason).toBe('distribution_reversal');
      expect(r.memo).toBe(`Reversal of distribution #9: ${original?.reason}`);
    }
  });

  it.each([
    // fund: 93.26 + 300.00 + 915.40 + 100.00 − 570.00 + 4,388.84 + 222.50 − 4,200.00 = 1,250.00
    ['user_fund', RUTH, 125000],
    // unreimbursed: 0.00 + 140.00 = 140.00
    ['user_unreimbursed', RUTH, 14000],
    // hold account: 0.00 − 250.00 − 100.00 + 180.00 + 570.00 = 400.00
    ['hold_account', FUND, 40000],
    // its unreimbursed amount: 30.00 − 30.00 = 0.00
    ['hold_account_unreimbursed', FUND, 0],
  ] as const)('puts %s %i back at %i cents, as before the approval', (account, id, expected) => {
    const { balances } = reversalJournal(9, APPROVAL, AFTER_APPROVAL);
    expect(balances.get(balanceKey(account, id))).toBe(expected);
  });

  it('runs each row on from the one before, newest first: the fund rows read 93.26 → 393.26 → … → 1,250.00', () => {
    const { journal } = reversalJournal(9, APPROVAL, AFTER_APPROVAL);
    const fund = journal.filter((r) => r.account === 'user_fund').map((r) => r.balanceAfter);
    // 93.26 + 300.00 = 393.26; + 915.40 = 1,308.66; + 100.00 = 1,408.66; − 570.00 = 838.66;
    // + 4,388.84 = 5,227.50; + 222.50 = 5,450.00; − 4,200.00 = 1,250.00
    expect(fund).toEqual([39326, 130866, 140866, 83866, 522750, 545000, 125000]);
  });

  it('undoes only what the approval moved when the balance moved since (an office payout of 50.00)', () => {
    const now = new Map(AFTER_APPROVAL);
    now.set(balanceKey('user_fund', RUTH), 9326 - 5000);
    const { balances } = reversalJournal(9, APPROVAL, now);
    // 1,250.00 − 50.00: the payout stays, the approval is gone
    expect(balances.get(balanceKey('user_fund', RUTH))).toBe(120000);
  });

  it('refuses to guess a balance it was not given', () => {
    expect(() => reversalJournal(9, APPROVAL, new Map())).toThrow(/no balance/);
  });

  it('property: after the reversal every account is back at its balance before the approval', () => {
    const account = fc.constantFrom<ApprovalJournalRow['account']>(
      'user_fund',
      'user_unreimbursed',
      'hold_account',
      'hold_account_unreimbursed',
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(account, fc.integer({ min: 1, max: 3 }), fc.integer({ min: -1e7, max: 1e7 })), {
          maxLength: 30,
        }),
        fc.integer({ min: -1e8, max: 1e8 }),
        (rows, opening) => {
          const approval = rows.map(([kind, id, amount], i) => row(i + 1, kind, id, amount, 'distribution_x'));
          const before = new Map<BalanceKey, Cents>();
          const now = new Map<BalanceKey, Cents>();
          for (const r of approval) {
            const key = balanceKey(r.account, r.accountId);
            if (!before.has(key)) before.set(key, opening);
            now.set(key, (now.get(key) ?? opening) + r.amount);
          }
          const { balances, journal } = reversalJournal(1, approval, now);
          for (const [key, value] of before) expect(balances.get(key)).toBe(value);
          expect(journal.reduce((t, r) => t + r.amount, 0)).toBe(0 - approval.reduce((t, r) => t + r.amount, 0));
        },
      ),
    );
  });
});

describe('reversalRefusal', () => {
  const later = { id: 12, startDate: '2026-12-01', endDate: '2026-12-31' };
  it.each([
    ['pending', null, REVERSAL_MESSAGES.pending],
    ['reversed', null, REVERSAL_MESSAGES.alreadyReversed],
    [
      'approved',
      later,
      'Only the latest approved distribution of a missionary can be reversed: reverse distribution #12 (12/01/2026 – 12/31/2026) first.',
    ],
    ['approved', null, null],
  ])('a %s distribution (later approved: %o) → %s', (status, laterApproved, expected) => {
    expect(reversalRefusal({ id: 9, status }, laterApproved)).toBe(expected);
  });
});

describe('advancesRestored', () => {
  const before = [
    { id: 1, status: 'requested' as const, amountApproved: null, matDate: null },
    { id: 2, status: 'approved' as const, amountApproved: 20000, matDate: '2026-11-15' },
    { id: 3, status: 'submitted' as const, amountApproved: 15000, matDate: null },
  ];
  it('puts each paid advance back as the approval found it: status, amount, MAT date, unpaid', () => {
    expect(
      advancesRestored(
        [
          { id: 1, status: 'approved' },
          { id: 2, status: 'approved' },
          { id: 3, status: 'submitted' },
        ],
        before,
      ),
    ).toEqual({
      restored: [
        { id: 1, status: 'requested', amountApproved: null, matDate: null, approved: false },
        { id: 2, status: 'approved', amountApproved: 20000, matDate: '2026-11-15', approved: true },
        { id: 3, status: 'submitted', amountApproved: 15000, matDate: null, approved: true },
      ],
    });
  });
  it.each([
    [
      'its report was submitted since',
      { id: 1, status: 'submitted' as const },
      REVERSAL_MESSAGES.advanceMovedOn(1, 'submitted'),
    ],
    ['it was closed since', { id: 2, status: 'closed' as const }, REVERSAL_MESSAGES.advanceMovedOn(2, 'closed')],
    ['the snapshot does not know it', { id: 9, status: 'approved' as const }, REVERSAL_MESSAGES.noSnapshot],
  ])('refuses when %s', (_what, paid, refusal) => {
    expect(advancesRestored([paid], before)).toEqual({ refusal });
  });
});

describe('the confirmation', () => {
  it.each([
    ['2026-11-01', '2026-11-30', 'November'],
    ['2026-11-15', '2026-12-14', '11/15/2026 – 12/14/2026'],
  ])('names %s – %s as %s', (start, end, expected) => {
    expect(distributionPeriod(start, end)).toBe(expected);
  });

  it.each([
    [
      { fundChange: 285000, fundAfter: 257865, reports: 2, advances: 1, donations: 0 },
      "Reverse Lydia Mensah's November distribution? $2,850.00 goes back to the fund, leaving $2,578.65; 2 reports and 1 advance become payable again.",
    ],
    [
      { fundChange: -115674, fundAfter: 125000, reports: 1, advances: 0, donations: 3 },
      "Reverse Lydia Mensah's November distribution? $1,156.74 comes out of the fund (what the approval added to it), leaving $1,250.00; 1 report becomes payable again; 3 donations go back to be distributed.",
    ],
    [
      { fundChange: 0, fundAfter: 0, reports: 0, advances: 0, donations: 1 },
      "Reverse Lydia Mensah's November distribution? $0.00 goes back to the fund, leaving $0.00; 1 donation goes back to be distributed.",
    ],
  ])('says in money what will happen (%o)', (summary, sentence) => {
    expect(reversalSentence('Lydia Mensah', 'November', summary)).toBe(sentence);
  });

  it('sums the reversing rows per account: in the worked example 1,156.74 goes back to the fund', () => {
    const reversal = reversalJournal(9, APPROVAL, AFTER_APPROVAL);
    const summary = reversalSummary(RUTH, reversal, AFTER_APPROVAL, { reports: 1, advances: 1, donations: 3 });
    // fund: the approval took it from 1,250.00 to 93.26, so 1,250.00 − 93.26 = 1,156.74 goes back
    expect(summary).toMatchObject({ fundChange: 115674, fundAfter: 125000, unreimbursedChange: 14000 });
    // hold account: from 0.00 back to 400.00
    expect(summary.holdAccounts).toEqual([{ id: FUND, change: 40000, balanceAfter: 40000 }]);
  });
});

describe('the paydown kept on the row', () => {
  it('round-trips exactly, as decimal text', () => {
    const wire = paydownToWire([{ reportId: 4, owed: 14000, paid: 14000, unreimbursedAfter: 0 }]);
    expect(wire).toEqual([{ report_id: 4, paid: '140.00' }]);
    expect(paydownFromWire(wire)).toEqual([{ reportId: 4, paid: 14000 }]);
  });
});

describe('decideReversal: every refusal rule, the first that refuses wins', () => {
  const later = { id: 12, startDate: '2026-12-01', endDate: '2026-12-31' };
  const before = [{ id: 2, status: 'approved' as const, amountApproved: 20000, matDate: '2026-11-15' }];
  const moved = [{ id: 2, status: 'closed' as const }];
  const facts = {
    distribution: { id: 9, status: 'approved' },
    laterApproved: null,
    snapshotKept: true,
    advancesPaid: [{ id: 2, status: 'approved' as const }],
    advancesBefore: before,
  };
  it.each([
    ['nothing refuses', {}, null],
    [
      'pending beats everything',
      { distribution: { id: 9, status: 'pending' }, snapshotKept: false },
      REVERSAL_MESSAGES.pending,
    ],
    ['already reversed', { distribution: { id: 9, status: 'reversed' } }, REVERSAL_MESSAGES.alreadyReversed],
    [
      'a later approval beats a missing snapshot',
      { laterApproved: later, snapshotKept: false },
      'Only the latest approved distribution of a missionary can be reversed: reverse distribution #12 (12/01/2026 – 12/31/2026) first.',
    ],
    [
      'no snapshot beats an advance that moved on',
      { snapshotKept: false, advancesPaid: moved },
      REVERSAL_MESSAGES.noSnapshot,
    ],
    ['an advance that moved on', { advancesPaid: moved }, REVERSAL_MESSAGES.advanceMovedOn(2, 'closed')],
  ])('%s', (_what, change, refusal) => {
    expect(decideReversal({ ...facts, ...change }).refusal).toBe(refusal);
  });
  it('gives the advances back as they were when it may reverse, none when an advance refuses', () => {
    expect(decideReversal(facts).advances).toEqual([{ ...before[0], approved: true }]);
    expect(decideReversal({ ...facts, advancesPaid: moved }).advances).toEqual([]);
  });
});
