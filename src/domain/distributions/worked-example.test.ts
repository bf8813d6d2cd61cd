import { computeDistribution } from './engine';
import { usd, workedExampleInput } from './test-fixtures';

/**
 * The worked example of docs/distribution.md ("Ruth, May 2024"), figure by figure. If this test
 * changes, the document changes with it.
 */
describe('the worked example of docs/distribution.md', () => {
  const input = workedExampleInput();
  const result = computeDistribution(input);
  const d = result.distribution;

  it('steps 1–3: starting balance, donations, admin fee', () => {
    expect(d.starting_balance).toBe(usd('1250.00'));
    // 3000.00 + 1200.00 + 250.00
    expect(d.total_donations).toBe(usd('4450.00'));
    // 10 % × 4450.00 = 445.00, below the 500.00 cap
    expect(d.admin_fee).toBe(usd('445.00'));
  });

  it('step 4: payroll with the FICA gross-up', () => {
    expect(d.net_payroll).toBe(usd('2000.00'));
    // 200000 × 620 / 9235 = 13427.179… → 13427 cents
    expect(d.employee_ss).toBe(usd('134.27'));
    expect(d.employer_ss).toBe(usd('134.27'));
    // 200000 × 145 / 9235 = 3140.227… → 3140 cents
    expect(d.employee_mc).toBe(usd('31.40'));
    expect(d.employer_mc).toBe(usd('31.40'));
    expect(d.federal_income_tax).toBe(usd('120.00'));
    // 2000.00 + 134.27 + 31.40 + 120.00
    expect(d.gross_payroll).toBe(usd('2285.67'));
    // 2285.67 + 134.27 + 31.40
    expect(d.total_payroll).toBe(usd('2451.34'));
    // 2000.00 + 800.00 − 150.00
    expect(d.payroll_disbursement).toBe(usd('2650.00'));
    expect(d.mid_month_disbursement).toBe(0);
    expect(d.net_payroll_dist).toBe(usd('2650.00'));
    // 2451.34 + 800.00 + 310.00 + 25.00
    expect(result.figures.payrollCost).toBe(usd('3586.34'));
  });

  it('steps 5–6: the hold account and the distributable funds', () => {
    // 1250.00 + 4450.00 + 0.00 − 445.00 − 3586.34
    expect(result.figures.distributableBeforeDeposits).toBe(usd('1668.66'));
    expect(d.transfer_from_held).toBe(0);
    expect(d.held_liability_account_starting_balance).toBe(usd('400.00'));
    // 250.00 donation + 100.00 recurring
    expect(d.held_liability_account_deposit).toBe(usd('350.00'));
    // 60.00 + 180.00 + 510.00
    expect(d.held_liability_account_withdrawal).toBe(usd('750.00'));
    // 400.00 + 350.00 − 0.00 − 750.00
    expect(d.held_liability_account_balance).toBe(0);
    // 1668.66 − 350.00
    expect(d.funds_available).toBe(usd('1318.66'));

    expect(result.holdAccounts).toEqual([
      {
        id: 7,
        fundName: 'Vehicle Fund',
        startingBalance: usd('400.00'),
        donationsAmount: usd('250.00'),
        totalDepositAmount: usd('350.00'),
        totalTransferAmount: 0,
        totalWithdrawalAmount: usd('750.00'),
        endingBalance: 0,
        startingUnreimbursedAmount: usd('60.00'),
        reimbursedAmount: usd('60.00'),
        addedUnreimbursedAmount: usd('90.00'),
        // 60.00 + 90.00 − 60.00
        endingUnreimbursedAmount: usd('90.00'),
      },
    ]);
  });

  it('step 5: the transactions approval will post, with running balances', () => {
    const rows = d.hold_account_transactions.map((row) => [
      row.transaction_type,
      row.source,
      row.description,
      row.transaction_amount,
      row.amount_approved,
      row.added_unreimbursed_amount,
      row.starting_balance,
      row.ending_balance,
      row.starting_unreimbursed_amount,
      row.ending_unreimbursed_amount,
    ]);
    expect(rows).toEqual([
      ['Deposit', 'donation', 'Designated donation 3', 25000, 25000, 0, 40000, 65000, 6000, 6000],
      ['Deposit', 'recurring', 'Mat Day Recurring Deposit', 10000, 10000, 0, 65000, 75000, 6000, 6000],
      ['Withdrawal', 'unreimbursed_reimbursement', 'Unreimbursed Reimbursement', 6000, 6000, 0, 75000, 69000, 6000, 0],
      ['Withdrawal', 'expense', 'Expense 311 (report 31)', 18000, 18000, 0, 69000, 51000, 0, 0],
      ['Withdrawal', 'manual', 'Mat Day Manual Withdrawal', 60000, 51000, 9000, 51000, 0, 0, 9000],
    ]);
    expect(d.hold_account_transactions.map((row) => row.fromGeneralFund)).toEqual([true, true, false, false, false]);
    expect(d.hold_account_transactions.map((row) => [row.donation_id, row.expense_id])).toEqual([
      [3, null],
      [null, null],
      [null, null],
      [null, 311],
      [null, null],
    ]);
  });

  it('step 7: reimbursements, oldest first', () => {
    expect(d.unreimbursed_amount_starting).toBe(usd('140.00'));
    expect(d.unreimbursed_reimbursement).toBe(usd('140.00'));
    expect(d.total_expenses).toBe(usd('965.40'));
    expect(d.processedExpenseReports).toEqual([
      {
        id: 31,
        date: '2024-05-03',
        total_amount: usd('965.40'),
        // 965.40 − 180.00 charged to the Vehicle Fund
        dist_amount_reimbursed: usd('785.40'),
        dist_hold_account_withdrawals: usd('180.00'),
        dist_amount_unreimbursed: 0,
        hold_account_unreimbursed: 0,
      },
    ]);
    // 140.00 + 785.40
    expect(d.ministry_reimbursement).toBe(usd('925.40'));
    expect(d.ministry_expense_reimbursement).toBe(usd('925.40'));
    expect(d.manual_ministry_reimbursement).toBe(0);
    expect(d.unreimbursed_amount_accrued).toBe(0);
    // 140.00 + 0.00 − 140.00
    expect(d.unreimbursed_amount_ending).toBe(0);
  });

  it('step 8: the advance', () => {
    expect(d.processedAdvanceRequests).toEqual([
      { id: 41, amount_requested: usd('300.00'), amount_approved: null, approved: true, dist_amount_approved: 30000 },
    ]);
    expect(d.ministry_advance).toBe(usd('300.00'));
    expect(d.ministry_expense_advance).toBe(usd('300.00'));
    expect(d.manual_ministry_advance).toBe(0);
  });

  it('step 9: ending balance and totals', () => {
    // 1318.66 − 925.40 − 300.00
    expect(d.ending_balance).toBe(usd('93.26'));
    expect(result.figures.paidFromGeneralFund).toBe(usd('1225.40'));
    // 2650.00 + 750.00 + 925.40 + 0.00 + 300.00 + 0.00
    expect(d.total_funds_disbursed).toBe(usd('4625.40'));
    // 0.00 + 93.26
    expect(d.total_funds_on_account).toBe(usd('93.26'));
  });

  it('step 10: conservation to the cent', () => {
    // 1250.00 + 4450.00 + 0.00 = 5700.00
    const sources = d.starting_balance + d.total_donations + d.transfer_from_held;
    // 445.00 + 3586.34 + 350.00 + 1225.40 + 93.26 = 5700.00
    const uses =
      d.admin_fee +
      result.figures.payrollCost +
      d.held_liability_account_deposit +
      result.figures.paidFromGeneralFund +
      d.ending_balance;
    expect(sources).toBe(usd('5700.00'));
    expect(uses).toBe(sources);
  });

  it('passes the identity and choices through and warns about the reduced withdrawal', () => {
    expect(d).toMatchObject({
      user_id: 12,
      user_name: 'Ruth Okafor',
      user_email: 'ruth@example.org',
      start_date: '2024-05-01',
      end_date: '2024-05-31',
      donation_upload_name: 'May 2024',
      comments: 'May MAT Day',
      tax_status: 'W2',
      fica_tax: true,
      housing_allowance: usd('800.00'),
      retirement: usd('150.00'),
      insurance_payment: usd('310.00'),
      wire_fee: usd('25.00'),
    });
    expect(result.donations.map((donation) => [donation.id, donation.fund_name, donation.deposited])).toEqual([
      [1, 'General Fund', 0],
      [2, 'General Fund', 0],
      [3, 'Vehicle Fund', 25000],
    ]);
    expect(result.warnings).toEqual([
      {
        code: 'withdrawal_limited',
        message:
          "Mat Day Manual Withdrawal (Vehicle Fund): requested $600.00, granted $510.00 (the account's balance).",
        requested: 60000,
        granted: 51000,
        holdAccountId: 7,
      },
    ]);
  });
});
