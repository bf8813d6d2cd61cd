import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import { advanceInputs, donationInputs, transactionRequestsFromPayload } from './payload';
import { distributionRequestSchema } from './schemas';

describe('from the payload to the engine input', () => {
  it('keeps recurring and manual rows and drops the rows the engine derives', () => {
    const payload = distributionRequestSchema.parse({
      user_id: 1,
      start_date: '2024-05-01',
      end_date: '2024-05-31',
      hold_account_transactions: [
        { hold_account_id: 7, transaction_type: 'Deposit', transaction_amount: 100, approved: 1, recurring: 1 },
        {
          hold_account_id: 7,
          transaction_type: 'Withdrawal',
          transaction_amount: 60,
          amount_approved: 50,
          approved: 1,
        },
        // Round-tripped derived rows: recomputed from the donations and reports, never trusted.
        { hold_account_id: 7, transaction_type: 'Deposit', transaction_amount: 250, approved: 1, donation_id: 3 },
        { hold_account_id: 7, transaction_type: 'Withdrawal', transaction_amount: 180, approved: 1, expense_id: 311 },
      ],
    });
    expect(transactionRequestsFromPayload(payload.hold_account_transactions)).toEqual([
      {
        accountId: 7,
        type: 'Deposit',
        amount: 10000,
        amountApproved: null,
        approved: true,
        recurring: true,
        description: 'Mat Day Recurring Deposit',
      },
      {
        accountId: 7,
        type: 'Withdrawal',
        amount: 6000,
        amountApproved: 5000,
        approved: true,
        recurring: false,
        description: 'Mat Day Manual Withdrawal',
      },
    ]);
  });

  it('marks the ticked donations approved', () => {
    const loaded = [
      { id: 1, amount: 300000, holdAccountId: null },
      { id: 3, amount: 25000, holdAccountId: 7, fundName: 'Vehicle Fund' },
    ];
    expect(donationInputs(loaded, [3]).map((d) => [d.id, d.approved])).toEqual([
      [1, false],
      [3, true],
    ]);
    expect(() => donationInputs(loaded, [9])).toThrow(MESSAGES.donationNotInDistribution);
  });

  it('ticks advances; a typed amount wins over one approved earlier', () => {
    const loaded = [
      { id: 41, amountRequested: 30000, amountApproved: null },
      { id: 42, amountRequested: 50000, amountApproved: 40000 },
      { id: 43, amountRequested: 10000, amountApproved: 10000 },
    ];
    expect(
      advanceInputs(loaded, [
        { id: 41, amount_approved: null },
        { id: 42, amount_approved: 20000 },
      ]),
    ).toEqual([
      { id: 41, amountRequested: 30000, amountApproved: null, approved: true },
      { id: 42, amountRequested: 50000, amountApproved: 20000, approved: true },
      { id: 43, amountRequested: 10000, amountApproved: 10000, approved: false },
    ]);
    expect(() => advanceInputs(loaded, [{ id: 99, amount_approved: null }])).toThrow(AppError);
  });
});
