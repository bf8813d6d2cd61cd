import { buildManualTransaction, buildRecurringItems } from './recurring';
import { account, usd } from './test-fixtures';

describe('MAT Day recurring items', () => {
  it('builds one unticked item per non-zero recurring amount', () => {
    const fund = account({ id: 4, recurringDeposit: usd('100.00'), recurringWithdrawal: usd('25.50') });
    expect(buildRecurringItems(fund)).toEqual([
      {
        accountId: 4,
        type: 'Deposit',
        amount: usd('100.00'),
        amountApproved: null,
        approved: false,
        recurring: true,
        description: 'Mat Day Recurring Deposit',
      },
      {
        accountId: 4,
        type: 'Withdrawal',
        amount: usd('25.50'),
        amountApproved: null,
        approved: false,
        recurring: true,
        description: 'Mat Day Recurring Withdrawal',
      },
    ]);
  });

  it('builds nothing for an account without recurring amounts', () => {
    expect(buildRecurringItems(account({ id: 1 }))).toEqual([]);
  });

  it('describes a manual row as "Mat Day Manual" plus the type, approved when added', () => {
    expect(buildManualTransaction(2, 'Transfer', usd('10.00'))).toEqual({
      accountId: 2,
      type: 'Transfer',
      amount: usd('10.00'),
      amountApproved: null,
      approved: true,
      recurring: false,
      description: 'Mat Day Manual Transfer',
    });
  });
});
