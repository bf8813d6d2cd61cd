import { computeDistribution } from './engine';
import { buildManualTransaction, buildRecurringItems } from './recurring';
import { account, distributionInput, usd } from './test-fixtures';
import type { HoldAccountInput, TransactionRequest, TransactionType } from './types';

/** A manual row, optionally with a typed approved amount. */
function manual(type: TransactionType, amount: string, typed: string | null = null): TransactionRequest {
  return { ...buildManualTransaction(1, type, usd(amount)), amountApproved: typed === null ? null : usd(typed) };
}

/** One hold account (id 1); the general fund holds only `distributable` (the starting balance). */
function run(fund: Partial<HoldAccountInput>, transactions: TransactionRequest[], distributable = '0.00') {
  return computeDistribution(
    distributionInput({
      profile: { fundBalance: usd(distributable) },
      holdAccounts: [account({ id: 1, ...fund })],
      transactions,
    }),
  );
}

const granted = (result: ReturnType<typeof run>) =>
  result.distribution.hold_account_transactions.map((row) => row.amount_approved);
const added = (result: ReturnType<typeof run>) =>
  result.distribution.hold_account_transactions.map((row) => row.added_unreimbursed_amount);

describe('transfers into the general fund (docs/product.md §5, waterfall step 5a, docs/distribution.md)', () => {
  it.each([
    // balance, transfers [requested, typed], granted, added unreimbursed, ending balance
    ['500.00', [['200.00', null]], ['200.00'], ['0.00'], '300.00'], // within the balance
    ['500.00', [['700.00', null]], ['500.00'], ['200.00'], '0.00'], // 700 − 500 = 200 to unreimbursed
    ['0.00', [['100.00', null]], ['0.00'], ['100.00'], '0.00'], // nothing to transfer
    ['500.00', [['700.00', '600.00']], ['500.00'], ['100.00'], '0.00'], // typed 600 is the target: 600 − 500
    ['500.00', [['300.00', '400.00']], ['0.00'], ['0.00'], '500.00'], // typed above requested → 0
    [
      '500.00',
      [
        ['300.00', null],
        ['300.00', null],
      ],
      ['300.00', '200.00'],
      ['0.00', '100.00'],
      '0.00',
    ], // working balance
  ] as const)('balance %s, transfers %j → %j', (balance, transfers, grants, adds, ending) => {
    const result = run(
      { balance: usd(balance) },
      transfers.map(([amount, typed]) => manual('Transfer', amount, typed)),
    );
    expect(granted(result)).toEqual(grants.map(usd));
    expect(added(result)).toEqual(adds.map(usd));
    expect(result.holdAccounts[0].endingBalance).toBe(usd(ending));
    // What is transferred arrives in the general fund and is left over at the end.
    const transferred = grants.map(usd).reduce((a, b) => a + b, 0);
    expect(result.distribution.transfer_from_held).toBe(transferred);
    expect(result.distribution.ending_balance).toBe(transferred);
    expect(result.holdAccounts[0].endingUnreimbursedAmount).toBe(adds.map(usd).reduce((a, b) => a + b, 0));
  });

  it('grants transfers against the balance before this month’s deposits', () => {
    // balance 100.00; deposit 500.00 (funds allow); transfer 300.00 → 100.00 granted, 200.00 unreimbursed
    const result = run(
      { balance: usd('100.00') },
      [manual('Deposit', '500.00'), manual('Transfer', '300.00')],
      '1000.00',
    );
    const transfer = result.distribution.hold_account_transactions.find((row) => row.transaction_type === 'Transfer');
    expect(transfer).toMatchObject({ amount_approved: usd('100.00'), added_unreimbursed_amount: usd('200.00') });
    // 100.00 − 100.00 + 500.00
    expect(result.holdAccounts[0].endingBalance).toBe(usd('500.00'));
    // 1000.00 + 100.00 transferred − 500.00 deposited
    expect(result.distribution.ending_balance).toBe(usd('600.00'));
  });
});

describe('deposits out of the general fund (docs/product.md §5, waterfall step 5b, docs/distribution.md)', () => {
  it.each([
    // distributable before deposits, deposits, granted, funds_available after
    ['1000.00', ['300.00'], ['300.00'], '700.00'],
    ['1000.00', ['800.00', '300.00'], ['800.00', '200.00'], '0.00'], // the second gets what is left
    ['1000.00', ['1000.00'], ['1000.00'], '0.00'], // exactly to zero
    ['0.00', ['100.00'], ['0.00'], '0.00'], // nothing distributable
    ['-200.00', ['100.00'], ['0.00'], '-200.00'], // a deficit grants no deposit
  ] as const)(
    'distributable %s, deposits %j → %j, funds available %s',
    (distributable, deposits, grants, available) => {
      const result = run(
        {},
        deposits.map((amount) => manual('Deposit', amount)),
        distributable,
      );
      expect(granted(result)).toEqual(grants.map(usd));
      expect(result.distribution.funds_available).toBe(usd(available));
      expect(result.distribution.held_liability_account_deposit).toBe(grants.map(usd).reduce((a, b) => a + b, 0));
      // A deposit cut short is not owed by anyone.
      expect(result.holdAccounts[0].endingUnreimbursedAmount).toBe(0);
    },
  );

  it('deposits designated donations first, then recurring deposits, then manual ones', () => {
    // Fee waived (0 %) so the 600.00 donation and the 100.00 starting balance give 700.00 to share.
    const fund = account({ id: 1, recurringDeposit: usd('250.00') });
    const result = computeDistribution(
      distributionInput({
        profile: { fundBalance: usd('100.00'), adminFeePercentage: { value: 0n, scale: 0 } },
        donations: [{ id: 9, amount: usd('600.00'), holdAccountId: 1, approved: true }],
        holdAccounts: [fund],
        // Listed manual first on purpose: the order of the payload does not decide priority.
        transactions: [
          manual('Deposit', '300.00'),
          ...buildRecurringItems(fund).map((row) => ({ ...row, approved: true })),
        ],
      }),
    );
    // donation 600.00, recurring min(250.00, 100.00) = 100.00, manual 0.00
    expect(
      result.distribution.hold_account_transactions.map((row) => [
        row.source,
        row.transaction_amount,
        row.amount_approved,
      ]),
    ).toEqual([
      ['donation', usd('600.00'), usd('600.00')],
      ['recurring', usd('250.00'), usd('100.00')],
      ['manual', usd('300.00'), 0],
    ]);
    expect(result.holdAccounts[0]).toMatchObject({ donationsAmount: usd('600.00'), totalDepositAmount: usd('700.00') });
    expect(result.warnings.map((w) => w.code)).toEqual(['deposit_limited', 'deposit_limited']);
  });

  it('leaves an unticked designated donation in the general fund', () => {
    const result = computeDistribution(
      distributionInput({
        profile: { adminFeePercentage: { value: 0n, scale: 0 } },
        donations: [{ id: 9, amount: usd('600.00'), holdAccountId: 1, approved: false }],
        holdAccounts: [account({ id: 1 })],
      }),
    );
    expect(result.distribution.total_donations).toBe(usd('600.00'));
    expect(result.distribution.hold_account_transactions).toEqual([]);
    expect(result.distribution.ending_balance).toBe(usd('600.00'));
  });

  it('ignores recurring items until they are ticked', () => {
    const fund = account({ id: 1, recurringDeposit: usd('100.00'), recurringWithdrawal: usd('50.00') });
    const result = run(fund, buildRecurringItems(fund), '1000.00');
    expect(result.distribution.hold_account_transactions).toEqual([]);
    expect(result.distribution.ending_balance).toBe(usd('1000.00'));
  });
});

describe('withdrawals (docs/product.md §5, waterfall step 5c, docs/distribution.md)', () => {
  it.each([
    // balance, starting unreimbursed, withdrawals, granted (UR row first when any), added, ending, ending unreimbursed
    ['500.00', '0.00', ['200.00'], ['200.00'], ['0.00'], '300.00', '0.00'],
    ['500.00', '0.00', ['800.00'], ['500.00'], ['300.00'], '0.00', '300.00'], // 800 − 500 to unreimbursed
    // UR 100.00 first, then 450.00 gets the 400.00 left: 50.00 to unreimbursed (100 + 50 − 100)
    ['500.00', '100.00', ['450.00'], ['100.00', '400.00'], ['0.00', '50.00'], '0.00', '50.00'],
    // UR gets 50.00 of 100.00 (the rest stays owed), the 30.00 withdrawal nothing: 100 − 50 + 30 = 80
    ['50.00', '100.00', ['30.00'], ['50.00', '0.00'], ['0.00', '30.00'], '0.00', '80.00'],
    ['0.00', '0.00', ['10.00', '20.00'], ['0.00', '0.00'], ['10.00', '20.00'], '0.00', '30.00'],
  ] as const)(
    'balance %s, unreimbursed %s, withdrawals %j → %j',
    (balance, owed, withdrawals, grants, adds, ending, endingOwed) => {
      const result = run(
        { balance: usd(balance), unreimbursedAmount: usd(owed) },
        withdrawals.map((amount) => manual('Withdrawal', amount)),
      );
      expect(granted(result)).toEqual(grants.map(usd));
      expect(added(result)).toEqual(adds.map(usd));
      expect(result.holdAccounts[0].endingBalance).toBe(usd(ending));
      expect(result.holdAccounts[0].endingUnreimbursedAmount).toBe(usd(endingOwed));
      // Withdrawals are paid out to the missionary: none of it touches the general fund.
      expect(result.distribution.ending_balance).toBe(0);
      expect(result.distribution.held_liability_account_withdrawal).toBe(grants.map(usd).reduce((a, b) => a + b, 0));
    },
  );

  it('pays the Unreimbursed Reimbursement row before a withdrawal and shows it on the Hold Accounts tab', () => {
    const result = run({ balance: usd('500.00'), unreimbursedAmount: usd('100.00') }, [manual('Withdrawal', '50.00')]);
    expect(result.distribution.hold_account_transactions[0]).toMatchObject({
      description: 'Unreimbursed Reimbursement',
      source: 'unreimbursed_reimbursement',
      transaction_type: 'Withdrawal',
      transaction_amount: usd('100.00'),
      amount_approved: usd('100.00'),
    });
    // Withdrawal amount = withdrawals + reimbursed = 50.00 + 100.00
    expect(result.holdAccounts[0]).toMatchObject({
      totalWithdrawalAmount: usd('150.00'),
      reimbursedAmount: usd('100.00'),
      endingBalance: usd('350.00'),
    });
  });

  it('withdraws the expenses charged to the account, oldest report first, before recurring and manual ones', () => {
    const fund = account({ id: 1, balance: usd('300.00'), recurringWithdrawal: usd('100.00') });
    const result = computeDistribution(
      distributionInput({
        profile: { fundBalance: usd('1000.00') },
        holdAccounts: [fund],
        transactions: [
          manual('Withdrawal', '50.00'),
          ...buildRecurringItems(fund).map((row) => ({ ...row, approved: true })),
        ],
        expenseReports: [
          {
            id: 2,
            date: '2024-05-20',
            totalAmount: usd('200.00'),
            holdAccountCharges: [{ expenseId: 21, holdAccountId: 1, amount: usd('150.00') }],
          },
          {
            id: 1,
            date: '2024-05-02',
            totalAmount: usd('120.00'),
            holdAccountCharges: [{ expenseId: 11, holdAccountId: 1, amount: usd('120.00') }],
          },
        ],
      }),
    );
    // 300.00: expense 11 (report 1, older) 120.00, expense 21 gets 150.00 → 30.00 left,
    // the recurring 100.00 gets 30.00 (70.00 unreimbursed), the manual 50.00 nothing (50.00).
    expect(
      result.distribution.hold_account_transactions.map((row) => [
        row.source,
        row.expense_id,
        row.amount_approved,
        row.added_unreimbursed_amount,
      ]),
    ).toEqual([
      ['expense', 11, usd('120.00'), 0],
      ['expense', 21, usd('150.00'), 0],
      ['recurring', null, usd('30.00'), usd('70.00')],
      ['manual', null, 0, usd('50.00')],
    ]);
    // Report 2: 200.00 − 150.00 charged = 50.00 from the general fund; report 1 is all hold account.
    expect(
      result.distribution.processedExpenseReports.map((row) => [
        row.id,
        row.dist_amount_reimbursed,
        row.dist_hold_account_withdrawals,
      ]),
    ).toEqual([
      [1, 0, usd('120.00')],
      [2, usd('50.00'), usd('150.00')],
    ]);
  });

  it('adds what the account cannot pay of an expense to the account, not to the user', () => {
    const result = computeDistribution(
      distributionInput({
        profile: { fundBalance: usd('1000.00') },
        holdAccounts: [account({ id: 1, balance: usd('150.00') })],
        expenseReports: [
          {
            id: 1,
            date: '2024-05-02',
            totalAmount: usd('500.00'),
            holdAccountCharges: [{ expenseId: 11, holdAccountId: 1, amount: usd('200.00') }],
          },
        ],
      }),
    );
    // The account pays 150.00 of its 200.00 and owes the other 50.00; the general fund pays 300.00.
    expect(result.distribution.processedExpenseReports[0]).toMatchObject({
      dist_amount_reimbursed: usd('300.00'),
      dist_hold_account_withdrawals: usd('150.00'),
      dist_amount_unreimbursed: 0,
      hold_account_unreimbursed: usd('50.00'),
    });
    expect(result.holdAccounts[0].endingUnreimbursedAmount).toBe(usd('50.00'));
    expect(result.distribution.unreimbursed_amount_ending).toBe(0);
  });

  it.each([
    ['Withdrawal', '300.00', '200.00', '200.00'], // a typed amount below the request
    ['Withdrawal', '300.00', '301.00', '0.00'], // above the request → 0
    ['Deposit', '300.00', '301.00', '0.00'],
  ] as const)('%s requested %s, typed %s → %s', (type, amount, typed, expected) => {
    const result = run({ balance: usd('1000.00') }, [manual(type, amount, typed)], '1000.00');
    expect(granted(result)).toEqual([usd(expected)]);
    // A reduction staff chose is not a debt: only a balance shortfall adds to unreimbursed.
    expect(added(result)).toEqual([0]);
  });
});
