import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import { computeDistribution } from './engine';
import { buildManualTransaction } from './recurring';
import { account, distributionInput, pct, usd } from './test-fixtures';
import type { DistributionInput } from './types';

describe('deficit months pay nothing from the general fund (waterfall step 6, docs/distribution.md)', () => {
  const everything = (fundBalance: string, donations: string, salary: string): DistributionInput =>
    distributionInput({
      profile: { fundBalance: usd(fundBalance), netSalary: usd(salary), unreimbursedAmount: usd('100.00') },
      donations: donations === '0.00' ? [] : [{ id: 1, amount: usd(donations), holdAccountId: null, approved: false }],
      holdAccounts: [account({ id: 1, balance: usd('200.00') })],
      transactions: [
        buildManualTransaction(1, 'Deposit', usd('40.00')),
        buildManualTransaction(1, 'Withdrawal', usd('100.00')),
      ],
      expenseReports: [{ id: 1, date: '2024-05-02', totalAmount: usd('200.00'), holdAccountCharges: [] }],
      advanceRequests: [{ id: 1, amountRequested: usd('50.00'), amountApproved: null, approved: true }],
      manual: { ministryReimbursement: usd('30.00'), ministryAdvance: usd('20.00'), midMonthDisbursement: 0 },
    });

  it.each([
    // starting balance, donations, salary, funds available = ending balance
    ['-250.00', '0.00', '0.00', '-250.00'], // a deficit carried from last month
    // 1000.00 − 100.00 fee − 1500.00 payroll = −600.00
    ['0.00', '1000.00', '1500.00', '-600.00'],
    ['0.00', '0.00', '0.00', '0.00'], // nothing at all is not a deficit, but nothing is paid either
  ])('starting %s, donations %s, salary %s → %s', (fundBalance, donations, salary, available) => {
    const result = computeDistribution(everything(fundBalance, donations, salary));
    const d = result.distribution;
    expect(d.funds_available).toBe(usd(available));
    expect(d.ending_balance).toBe(usd(available));
    expect(d.held_liability_account_deposit).toBe(0);
    expect(d.unreimbursed_reimbursement).toBe(0);
    expect(d.ministry_reimbursement).toBe(0);
    expect(d.manual_ministry_reimbursement).toBe(0);
    expect(d.ministry_advance).toBe(0);
    expect(d.manual_ministry_advance).toBe(0);
    expect(result.figures.paidFromGeneralFund).toBe(0);
    // Everything owed stays owed: 100.00 starting + 200.00 report
    expect(d.unreimbursed_amount_ending).toBe(usd('300.00'));
    // The hold account still pays its own withdrawal: it is not general-fund money.
    expect(d.held_liability_account_withdrawal).toBe(usd('100.00'));
    expect(result.warnings.some((w) => w.code === 'deficit')).toBe(usd(available) < 0);
  });

  it.each([
    // starting balance, donations, salary → the deficit message
    // No payroll: 0.00 − 250.00 carried = −250.00 to distribute, and nothing of payroll to name.
    [
      '-250.00',
      '0.00',
      '0.00',
      'Deficit month: the distributable funds are -$250.00, so no reimbursements, advances or deposits to hold accounts are paid from the general fund; what is owed stays owed.',
    ],
    // 1000.00 donations − 100.00 fee − 1500.00 payroll cost (salary 1500.00, no taxes) = −600.00:
    // the payroll WAS paid, so the message says so and never "nothing is paid".
    [
      '0.00',
      '1000.00',
      '1500.00',
      'Deficit month: payroll, taxes and benefits of $1,500.00 are paid and leave the distributable funds at -$600.00, so no reimbursements, advances or deposits to hold accounts are paid from the general fund; what is owed stays owed.',
    ],
  ])(
    'the deficit message (starting %s, donations %s, salary %s) says what is paid',
    (fundBalance, donations, salary, message) => {
      const result = computeDistribution(everything(fundBalance, donations, salary));
      const deficit = result.warnings.find((w) => w.code === 'deficit');
      expect(deficit?.message).toBe(message);
      if (result.distribution.total_payroll > 0) expect(deficit?.message).not.toMatch(/nothing is paid/i);
    },
  );
});

describe('totals (waterfall step 9, docs/distribution.md)', () => {
  it('adds up what went out and what is left', () => {
    const result = computeDistribution(
      distributionInput({
        profile: {
          fundBalance: usd('3000.00'),
          netSalary: usd('1000.00'),
          housingAllowance: usd('200.00'),
          retirementAmount: usd('50.00'),
        },
        holdAccounts: [account({ id: 1, balance: usd('400.00') })],
        transactions: [buildManualTransaction(1, 'Withdrawal', usd('100.00'))],
        expenseReports: [{ id: 1, date: '2024-05-02', totalAmount: usd('250.00'), holdAccountCharges: [] }],
        advanceRequests: [{ id: 1, amountRequested: usd('75.00'), amountApproved: null, approved: true }],
        manual: { ministryReimbursement: usd('10.00'), ministryAdvance: usd('5.00'), midMonthDisbursement: 0 },
      }),
    );
    const d = result.distribution;
    // 1000.00 + 200.00 − 50.00
    expect(d.payroll_disbursement).toBe(usd('1150.00'));
    // 1150.00 + 100.00 + 250.00 + 10.00 + 75.00 + 5.00
    expect(d.total_funds_disbursed).toBe(usd('1590.00'));
    // 3000.00 − (1000.00 + 200.00) payroll cost − 250.00 − 10.00 − 75.00 − 5.00
    expect(d.ending_balance).toBe(usd('1460.00'));
    // 300.00 left on the hold account + 1460.00
    expect(d.total_funds_on_account).toBe(usd('1760.00'));
  });
});

describe('input checks (docs/product.md §5: approving needs an account and a type)', () => {
  const withAccount = (overrides: Partial<DistributionInput>) =>
    distributionInput({ holdAccounts: [account({ id: 1, recurringDeposit: usd('100.00') })], ...overrides });
  const row = buildManualTransaction(1, 'Deposit', usd('10.00'));

  it.each([
    [
      'an approved row without an account',
      withAccount({ transactions: [{ ...row, accountId: null }] }),
      MESSAGES.holdTransactionAccountAndTypeRequired,
    ],
    [
      'an approved row without a type',
      withAccount({ transactions: [{ ...row, type: null }] }),
      MESSAGES.holdTransactionAccountAndTypeRequired,
    ],
    [
      'a row for an unknown account',
      withAccount({ transactions: [{ ...row, accountId: 2 }] }),
      MESSAGES.holdAccountUnknown,
    ],
    [
      'a recurring row that does not match the account',
      withAccount({ transactions: [{ ...row, recurring: true }] }),
      MESSAGES.recurringAmountMismatch,
    ],
    [
      'two recurring deposits for one account',
      withAccount({
        transactions: [
          { ...row, recurring: true, amount: usd('100.00') },
          { ...row, recurring: true, amount: usd('100.00') },
        ],
      }),
      MESSAGES.recurringDuplicate,
    ],
    ['a negative amount', withAccount({ transactions: [{ ...row, amount: -1 }] }), MESSAGES.amountNegative],
    ['a fraction of a cent', withAccount({ transactions: [{ ...row, amount: 10.5 }] }), MESSAGES.amountNotWholeCents],
    [
      'a designated donation for an unknown account',
      withAccount({ donations: [{ id: 1, amount: 100, holdAccountId: 9, approved: true }] }),
      MESSAGES.holdAccountUnknown,
    ],
    [
      'the same report twice',
      withAccount({
        expenseReports: [
          { id: 1, date: '2024-05-01', totalAmount: 100, holdAccountCharges: [] },
          { id: 1, date: '2024-05-01', totalAmount: 100, holdAccountCharges: [] },
        ],
      }),
      MESSAGES.duplicateItem,
    ],
    [
      'charges above the report total',
      withAccount({
        expenseReports: [
          {
            id: 1,
            date: '2024-05-01',
            totalAmount: 100,
            holdAccountCharges: [{ expenseId: 1, holdAccountId: 1, amount: 101 }],
          },
        ],
      }),
      MESSAGES.chargesExceedReport,
    ],
    [
      'a charge to an unknown account',
      withAccount({
        expenseReports: [
          {
            id: 1,
            date: '2024-05-01',
            totalAmount: 100,
            holdAccountCharges: [{ expenseId: 1, holdAccountId: 3, amount: 10 }],
          },
        ],
      }),
      MESSAGES.holdAccountUnknown,
    ],
    [
      'a percentage above 100',
      distributionInput({ profile: { adminFeePercentage: pct('100.01') } }),
      MESSAGES.percentageOutOfRange,
    ],
    [
      'a mid-month disbursement above the payroll disbursement',
      distributionInput({
        profile: { netSalary: 100 },
        manual: { ministryReimbursement: 0, ministryAdvance: 0, midMonthDisbursement: 101 },
      }),
      MESSAGES.midMonthTooLarge,
    ],
  ])('refuses %s', (_what, input, message) => {
    expect(() => computeDistribution(input)).toThrow(message);
    try {
      computeDistribution(input);
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('validation');
      expect(Object.values((error as AppError).errors ?? {})).toEqual([[message]]);
    }
  });

  it('ignores an unapproved row even without an account (it moves nothing)', () => {
    const result = computeDistribution(
      distributionInput({ transactions: [{ ...row, accountId: null, type: null, approved: false }] }),
    );
    expect(result.distribution.hold_account_transactions).toEqual([]);
  });
});
