import { advancePaymentText } from './payment';

describe('advancePaymentText: when an approved advance is paid (decision 14)', () => {
  it.each([
    // approved, paid by a distribution, MAT date, paid on → text
    [null, null, '2026-11-30', null, null], // requested: nothing approved yet
    [30000, null, '2026-11-30', null, 'Approved: $300.00, paid on MAT Day 11/30/2026'],
    [30000, null, null, null, 'Approved: $300.00, paid by the next distribution'],
    [30000, 30000, '2026-11-30', '2026-12-01', 'Approved: $300.00, paid on 12/01/2026'],
    // The distribution paid a different amount than was approved outside it.
    [30000, 25000, '2026-11-30', '2026-12-01', 'Approved: $300.00, paid $250.00 on 12/01/2026'],
    [30000, 30000, '2026-11-30', null, 'Approved: $300.00, paid by a distribution'],
  ])('approved %s, paid %s, MAT date %s, paid on %s → %s', (approved, paid, matDate, paidOn, text) => {
    expect(advancePaymentText({ amountApproved: approved, distAmountApproved: paid, matDate, paidOn })).toBe(text);
  });
});
