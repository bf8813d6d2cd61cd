import { computeDistribution } from './engine';
import { distributionInput, usd } from './test-fixtures';
import type { AdvanceRequestInput } from './types';

/**
 * In these cases nothing but the starting balance feeds the general fund, so the distributable
 * funds of step 6 equal the starting balance.
 */
function run(distributable: string, advances: AdvanceRequestInput[], manualAdvance = '0.00') {
  return computeDistribution(
    distributionInput({
      profile: { fundBalance: usd(distributable) },
      advanceRequests: advances,
      manual: { ministryReimbursement: 0, ministryAdvance: usd(manualAdvance), midMonthDisbursement: 0 },
    }),
  );
}

describe('advances (docs/product.md §5, waterfall step 8, docs/distribution.md)', () => {
  it.each([
    // requested, typed, distributable, granted, warning
    ['300.00', null, '1000.00', '300.00', null], // the requested amount when funds allow
    ['300.00', '200.00', '1000.00', '200.00', null], // a typed amount below the request
    ['300.00', '300.00', '1000.00', '300.00', null], // typed = requested
    ['300.00', '300.01', '1000.00', '0.00', 'advance_typed_above_requested'], // above requested → 0
    ['300.00', null, '250.00', '250.00', 'advance_limited'], // limited to what is distributable
    ['300.00', '200.00', '150.00', '150.00', 'advance_limited'], // typed, then limited to 150.00
    ['300.00', '0.00', '1000.00', '0.00', null], // staff typed 0: nothing granted, no warning
    ['300.00', null, '0.00', '0.00', 'advance_limited'], // nothing distributable → 0
    ['300.00', null, '-500.00', '0.00', 'advance_limited'], // deficit month → 0
  ])('requested %s, typed %s, distributable %s → %s (%s)', (requested, typed, distributable, granted, warning) => {
    const result = run(distributable, [
      { id: 5, amountRequested: usd(requested), amountApproved: typed === null ? null : usd(typed), approved: true },
    ]);
    expect(result.distribution.processedAdvanceRequests[0].dist_amount_approved).toBe(usd(granted));
    expect(result.distribution.ministry_advance).toBe(usd(granted));
    const codes = result.warnings.map((w) => w.code).filter((code) => code.startsWith('advance'));
    expect(codes).toEqual(warning === null ? [] : [warning]);
  });

  it('pays nothing for an advance that is not ticked', () => {
    const result = run('1000.00', [{ id: 5, amountRequested: usd('300.00'), amountApproved: null, approved: false }]);
    expect(result.distribution.processedAdvanceRequests).toEqual([
      { id: 5, amount_requested: 30000, amount_approved: null, approved: false, dist_amount_approved: 0 },
    ]);
    expect(result.distribution.ending_balance).toBe(usd('1000.00'));
  });

  it.each([
    // distributable, [id: requested], manual, granted by id, manual granted
    // Oldest request (lowest id) first, whatever the load order: #1 400.00, #2 the 100.00 left.
    [
      '500.00',
      [
        [2, '300.00'],
        [1, '400.00'],
      ],
      '0.00',
      { 1: '400.00', 2: '100.00' },
      '0.00',
    ],
    // The manual advance comes after the requests: 500.00 − 300.00 = 200.00 of the 400.00.
    ['500.00', [[1, '300.00']], '400.00', { 1: '300.00' }, '200.00'],
    // Nothing left for the manual advance in a deficit.
    ['-1.00', [[1, '300.00']], '400.00', { 1: '0.00' }, '0.00'],
  ] as const)('distributable %s, requests %j, manual %s', (distributable, requests, manual, granted, manualGranted) => {
    const result = run(
      distributable,
      requests.map(([id, amount]) => ({ id, amountRequested: usd(amount), amountApproved: null, approved: true })),
      manual,
    );
    const byId = Object.fromEntries(
      result.distribution.processedAdvanceRequests.map((row) => [row.id, row.dist_amount_approved]),
    );
    expect(byId).toEqual(Object.fromEntries(Object.entries(granted).map(([id, amount]) => [id, usd(amount)])));
    expect(result.distribution.manual_ministry_advance).toBe(usd(manualGranted));
  });
});
