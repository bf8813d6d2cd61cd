import { computeDistribution } from './engine';
import { distributionInput, usd } from './test-fixtures';

/** Report A is dated after report B, so B is the older one. */
const REPORTS = [
  { id: 10, date: '2024-05-10', totalAmount: usd('300.00'), holdAccountCharges: [] },
  { id: 11, date: '2024-05-02', totalAmount: usd('400.00'), holdAccountCharges: [] },
];

function run(distributable: string, startingUnreimbursed: string, manualReimbursement = '0.00') {
  return computeDistribution(
    distributionInput({
      profile: { fundBalance: usd(distributable), unreimbursedAmount: usd(startingUnreimbursed) },
      expenseReports: REPORTS,
      manual: { ministryReimbursement: usd(manualReimbursement), ministryAdvance: 0, midMonthDisbursement: 0 },
    }),
  );
}

describe('reimbursements, oldest first (waterfall step 7, docs/distribution.md)', () => {
  it.each([
    // distributable, starting unreimbursed, paid toward it, report 11 (older), report 10, accrued, ending unreimbursed, ending balance
    // Everything fits: 1000 − 400 − 300 = 300 left.
    ['1000.00', '0.00', '0.00', '400.00', '300.00', '0.00', '0.00', '300.00'],
    // 500: the older report 11 gets 400, report 10 the 100 left; 200 accrues.
    ['500.00', '0.00', '0.00', '400.00', '100.00', '200.00', '200.00', '0.00'],
    // The starting 300 is the oldest debt: 500 − 300 = 200 for report 11; 200 + 300 accrue.
    // ending unreimbursed = 300 + 500 − 300 = 500
    ['500.00', '300.00', '300.00', '200.00', '0.00', '500.00', '500.00', '0.00'],
    // 200 does not even cover the starting 300: 300 + 700 − 200 = 800
    ['200.00', '300.00', '200.00', '0.00', '0.00', '700.00', '800.00', '0.00'],
    // A deficit pays nothing: 300 + 700 − 0 = 1000; the balance stays at −100.
    ['-100.00', '300.00', '0.00', '0.00', '0.00', '700.00', '1000.00', '-100.00'],
    // Exactly enough: 300 + 400 + 300 = 1000.
    ['1000.00', '300.00', '300.00', '400.00', '300.00', '0.00', '0.00', '0.00'],
  ])(
    'distributable %s, starting unreimbursed %s → UR %s, #11 %s, #10 %s, accrued %s, ending %s, balance %s',
    (distributable, starting, paidStarting, older, newer, accrued, endingOwed, endingBalance) => {
      const result = run(distributable, starting);
      const d = result.distribution;
      expect(d.unreimbursed_reimbursement).toBe(usd(paidStarting));
      expect(d.processedExpenseReports.map((row) => [row.id, row.dist_amount_reimbursed])).toEqual([
        [11, usd(older)],
        [10, usd(newer)],
      ]);
      expect(d.unreimbursed_amount_accrued).toBe(usd(accrued));
      expect(d.unreimbursed_amount_ending).toBe(usd(endingOwed));
      expect(d.ending_balance).toBe(usd(endingBalance));
      // ministry_reimbursement = paid toward the starting amount + paid on the reports
      expect(d.ministry_reimbursement).toBe(usd(paidStarting) + usd(older) + usd(newer));
      expect(d.total_expenses).toBe(usd('700.00'));
      for (const row of d.processedExpenseReports) {
        expect(row.dist_amount_reimbursed + row.dist_amount_unreimbursed).toBe(row.total_amount);
      }
    },
  );

  it('orders reports of the same date by id', () => {
    const result = computeDistribution(
      distributionInput({
        profile: { fundBalance: usd('100.00') },
        expenseReports: [
          { id: 8, date: '2024-05-02', totalAmount: usd('100.00'), holdAccountCharges: [] },
          { id: 7, date: '2024-05-02', totalAmount: usd('100.00'), holdAccountCharges: [] },
        ],
      }),
    );
    expect(result.distribution.processedExpenseReports.map((row) => [row.id, row.dist_amount_reimbursed])).toEqual([
      [7, usd('100.00')],
      [8, 0],
    ]);
  });

  it.each([
    // distributable, manual, granted: the manual reimbursement comes after the reports (700.00)
    ['1000.00', '200.00', '200.00'],
    ['800.00', '200.00', '100.00'],
    ['700.00', '200.00', '0.00'],
    ['-5.00', '200.00', '0.00'],
  ])('distributable %s, manual business reimbursement %s → %s', (distributable, manual, granted) => {
    const result = run(distributable, '0.00', manual);
    expect(result.distribution.manual_ministry_reimbursement).toBe(usd(granted));
    // It has no report behind it, so a cut is not added to the unreimbursed amount.
    expect(result.distribution.unreimbursed_amount_ending).toBe(result.distribution.unreimbursed_amount_accrued);
    if (usd(granted) < usd(manual)) {
      expect(result.warnings.map((w) => w.code)).toContain('manual_reimbursement_limited');
    }
  });
});
