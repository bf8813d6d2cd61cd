import fc from 'fast-check';
import { paymentBatchRefusal } from '../distributions/reversal';
import { usd } from '../distributions/test-fixtures';
import { batchTotals, clearLine, holdOf, NO_PAYEE, needsPrenote, type PayeeState, planBatch } from './batch-plan';

const payee = (over: Partial<PayeeState>): PayeeState => ({
  ...NO_PAYEE,
  method: 'ach',
  currency: 'USD',
  maskedAccount: '••••6789',
  version: 2,
  reviewedVersion: 2,
  provenVersion: 2,
  returnedVersion: null,
  ...over,
});

describe('holdOf / needsPrenote', () => {
  it.each([
    ['no method', payee({ method: 'none' }), 'no_details', false],
    ['a payment to these details came back', payee({ returnedVersion: 2 }), 'returned', false],
    [
      'returned, then the details changed (version 3 not yet reviewed)',
      payee({ returnedVersion: 2, version: 3 }),
      'details_changed',
      true,
    ],
    [
      'new details never paid (version 1, reviewed 0)',
      payee({ version: 1, reviewedVersion: 0, provenVersion: null }),
      'details_changed',
      true,
    ],
    ['reviewed and proven', payee({}), null, false],
    ['reviewed (cleared and released as prenote) but not proven', payee({ provenVersion: 1 }), null, true],
    ['a wire never needs a prenote', payee({ method: 'wire', provenVersion: null }), null, false],
  ] as const)('%s', (_case, state, hold, prenote) => {
    expect(holdOf(state)).toBe(hold);
    expect(needsPrenote(state)).toBe(prenote);
  });
});

describe('planBatch', () => {
  it('one line per payee: paid to you (funds disbursed − mid-month) plus unpaid payouts', () => {
    const payees = new Map([
      [1, payee({})],
      [2, payee({ method: 'check', provenVersion: null })],
    ]);
    const lines = planBatch(
      [
        // 2,650.00 disbursed − 1,000.00 paid mid-month = 1,650.00
        { id: 10, userId: 1, total_funds_disbursed: usd('2650.00'), mid_month_disbursement: usd('1000.00') },
        // paid everything mid-month: nothing left, no item
        { id: 11, userId: 2, total_funds_disbursed: usd('500.00'), mid_month_disbursement: usd('500.00') },
      ],
      [
        { reportId: 7, userId: 1, amount: usd('120.50') },
        { reportId: 8, userId: 2, amount: usd('80.00') },
        { reportId: 9, userId: 3, amount: usd('10.00') },
      ],
      payees,
    );
    expect(lines.map((l) => [l.userId, l.amount, l.status, l.heldCode])).toEqual([
      // 1,650.00 + 120.50 = 1,770.50
      [1, usd('1770.50'), 'pending', null],
      [2, usd('80.00'), 'pending', null],
      // no details known: held
      [3, usd('10.00'), 'held', 'no_details'],
    ]);
    expect(lines[0]?.items).toEqual([
      { distributionId: 10, reportId: null, amount: usd('1650.00') },
      { distributionId: null, reportId: 7, amount: usd('120.50') },
    ]);
  });

  it('a payee whose items add up to nothing gets no line', () => {
    const lines = planBatch(
      [{ id: 1, userId: 1, total_funds_disbursed: 0, mid_month_disbursement: 0 }],
      [],
      new Map([[1, payee({})]]),
    );
    expect(lines).toEqual([]);
  });

  it('property: the lines add up to the items, each item in exactly one line, to the cent', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            userId: fc.integer({ min: 1, max: 8 }),
            disbursed: fc.integer({ min: 0, max: 10_000_000 }),
            mid: fc.integer({ min: 0, max: 10_000_000 }),
          }),
          { maxLength: 30 },
        ),
        fc.array(
          fc.record({ userId: fc.integer({ min: 1, max: 8 }), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
          { maxLength: 10 },
        ),
        (ds, ps) => {
          const distributions = ds.map((d, i) => ({
            id: i + 1,
            userId: d.userId,
            total_funds_disbursed: d.disbursed,
            mid_month_disbursement: Math.min(d.mid, d.disbursed),
          }));
          const payouts = ps.map((p, i) => ({ reportId: i + 1, userId: p.userId, amount: p.amount }));
          const lines = planBatch(distributions, payouts, new Map());
          const expected =
            distributions.reduce((t, d) => t + d.total_funds_disbursed - d.mid_month_disbursement, 0) +
            payouts.reduce((t, p) => t + p.amount, 0);
          expect(lines.reduce((t, l) => t + l.amount, 0)).toBe(expected);
          const ids = lines.flatMap((l) => l.items.map((i) => i.distributionId)).filter((id) => id !== null);
          expect(new Set(ids).size).toBe(ids.length);
          expect(new Set(lines.map((l) => l.userId)).size).toBe(lines.length);
        },
      ),
    );
  });
});

describe('clearLine', () => {
  it.each([
    [
      'held for new ACH details → waits for its prenote',
      'held',
      'details_changed',
      payee({ version: 1, reviewedVersion: 0, provenVersion: null }),
      { status: 'prenote' },
    ],
    [
      'held for new wire details → pays',
      'held',
      'details_changed',
      payee({ method: 'wire', version: 1, reviewedVersion: 0 }),
      { status: 'pending' },
    ],
    ['a prenote skipped → pays at once', 'prenote', null, payee({ provenVersion: null }), { status: 'pending' }],
  ] as const)('%s', (_case, status, heldCode, state, outcome) => {
    expect(clearLine({ status, heldCode, method: state.method }, state)).toEqual(outcome);
  });

  it.each([
    ['no details', 'held', 'no_details'],
    ['a returned payment', 'held', 'returned'],
    ['a line that is not held', 'pending', null],
  ] as const)('refuses %s', (_case, status, heldCode) => {
    expect(clearLine({ status, heldCode, method: 'ach' }, payee({}))).toHaveProperty('refusal');
  });
});

describe('batchTotals', () => {
  it('adds what is paid per method and currency; held lines and prenotes move no money', () => {
    expect(
      batchTotals([
        { method: 'ach', currency: 'USD', amount: usd('100.00'), status: 'pending' },
        { method: 'ach', currency: 'USD', amount: usd('50.25'), status: 'paid' },
        { method: 'ach', currency: 'USD', amount: usd('999.00'), status: 'prenote' },
        { method: 'wire', currency: 'USD', amount: usd('10.00'), status: 'returned' },
        { method: 'check', currency: 'USD', amount: usd('5.00'), status: 'held' },
      ]),
    ).toEqual([
      // 100.00 + 50.25 = 150.25
      { method: 'ach', currency: 'USD', count: 2, amount: usd('150.25') },
      { method: 'wire', currency: 'USD', count: 1, amount: usd('10.00') },
    ]);
  });
});

describe('reversal after a batch', () => {
  it.each([
    ['no batch', null, null],
    ['a draft', { id: 4, status: 'draft' }, /leave its line out/],
    ['a released batch', { id: 4, status: 'released' }, /record a payment return on batch #4/],
  ] as const)('%s', (_case, batch, message) => {
    const refusal = paymentBatchRefusal(batch);
    if (message === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(message);
  });
});
