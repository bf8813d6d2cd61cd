import { MESSAGES } from '../messages';
import { distributionRequestSchema } from './schemas';
import { UPLOAD_NAME_NOT_FIRST } from './upload-names';

const valid = {
  user_id: '12',
  start_date: '2024-05-01',
  end_date: '2024-05-31',
  donation_upload_name: 'May 2024',
};

function issues(input: unknown) {
  const result = distributionRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('distribution request payload (POST /distribution, PATCH /distribution/{id})', () => {
  it('parses a JSON body into cents, flags and ids, with defaults for what is missing', () => {
    const parsed = distributionRequestSchema.parse({
      ...valid,
      approved_donation_ids: [3, '4'],
      hold_account_transactions: [
        { hold_account_id: 7, transaction_type: 'Deposit', transaction_amount: 100, approved: 1, recurring: 1 },
        { accountId: '7', type: 'Withdrawal', amount: '600.00', approved: true },
      ],
      advance_requests: [41, { id: 42, amount_approved: '150.25' }],
      manual_ministry_reimbursement: '12.34',
      comments: '  May MAT Day  ',
    });
    expect(parsed).toEqual({
      user_id: 12,
      start_date: '2024-05-01',
      end_date: '2024-05-31',
      donation_upload_name: 'May 2024',
      donation_upload_names: ['May 2024'],
      approved_donation_ids: [3, 4],
      hold_account_transactions: [
        {
          hold_account_id: 7,
          transaction_type: 'Deposit',
          transaction_amount: 10000,
          amount_approved: null,
          approved: true,
          recurring: true,
        },
        {
          hold_account_id: 7,
          transaction_type: 'Withdrawal',
          transaction_amount: 60000,
          amount_approved: null,
          approved: true,
          recurring: false,
        },
      ],
      advance_requests: [
        { id: 41, amount_approved: null },
        { id: 42, amount_approved: 15025 },
      ],
      manual_ministry_reimbursement: 1234,
      manual_ministry_advance: 0,
      mid_month_disbursement: 0,
      comments: 'May MAT Day',
    });
  });

  it('accepts the lists as JSON text (form posts) and blank lists', () => {
    const parsed = distributionRequestSchema.parse({
      ...valid,
      approved_donation_ids: '[5]',
      hold_account_transactions: '',
      advance_requests: '[{"id": 8, "amount_approved": 20}]',
    });
    expect(parsed.approved_donation_ids).toEqual([5]);
    expect(parsed.hold_account_transactions).toEqual([]);
    expect(parsed.advance_requests).toEqual([{ id: 8, amount_approved: 2000 }]);
  });

  // docs/distribution.md "Several uploads in a month": the list, the older single name as its first.
  it.each([
    ['the single name alone', { donation_upload_name: 'May 2024' }, ['May 2024']],
    ['the list alone', { donation_upload_names: ['May 2024', 'May checks'] }, ['May 2024', 'May checks']],
    [
      'both, agreeing',
      { donation_upload_name: 'May 2024', donation_upload_names: ['May 2024', 'May checks'] },
      ['May 2024', 'May checks'],
    ],
    [
      'the list as JSON text (a form post)',
      { donation_upload_names: '["May 2024","May checks"]' },
      ['May 2024', 'May checks'],
    ],
    ['one name as plain text', { donation_upload_names: 'May checks' }, ['May checks']],
    ['a name twice and a blank one', { donation_upload_names: ['May 2024', ' ', 'May 2024 '] }, ['May 2024']],
    ['neither', {}, []],
    ['a blank single name', { donation_upload_name: '' }, []],
    ['null for both', { donation_upload_name: null, donation_upload_names: null }, []],
  ])('reads the uploads from %s', (_what, fields, names) => {
    const parsed = distributionRequestSchema.parse({ ...valid, donation_upload_name: undefined, ...fields });
    expect(parsed.donation_upload_names).toEqual(names);
    expect(parsed.donation_upload_name).toBe(names[0]);
  });

  it('drops the totals a client sends: the server computes them', () => {
    const parsed = distributionRequestSchema.parse({ ...valid, admin_fee: 1, ending_balance: 999999 });
    expect(parsed).not.toHaveProperty('admin_fee');
    expect(parsed).not.toHaveProperty('ending_balance');
  });

  it.each([
    [{ ...valid, start_date: '' }, 'start_date', 'Start date is required.'],
    [{ ...valid, end_date: undefined }, 'end_date', 'End date is required.'],
    [{ ...valid, end_date: '2024-04-30' }, 'end_date', MESSAGES.endBeforeStart],
    [{ ...valid, user_id: undefined }, 'user_id', 'Field worker is required.'],
    [{ ...valid, user_id: '' }, 'user_id', 'Field worker is required.'],
    [{ ...valid, user_id: 'abc' }, 'user_id', 'Field worker must be a number.'],
    [
      { ...valid, manual_ministry_advance: '-1' },
      'manual_ministry_advance',
      'Manual business advance cannot be negative.',
    ],
    [
      { ...valid, mid_month_disbursement: '1.234' },
      'mid_month_disbursement',
      'Mid-month disbursement must be a dollar amount with at most 2 decimals.',
    ],
    [
      { ...valid, hold_account_transactions: [{ transaction_type: 'Deposit', transaction_amount: 5, approved: 1 }] },
      'hold_account_transactions.0.hold_account_id',
      MESSAGES.holdTransactionAccountAndTypeRequired,
    ],
    [
      { ...valid, hold_account_transactions: [{ hold_account_id: 1, transaction_amount: 5, approved: 1 }] },
      'hold_account_transactions.0.transaction_type',
      MESSAGES.holdTransactionAccountAndTypeRequired,
    ],
    [
      {
        ...valid,
        hold_account_transactions: [{ hold_account_id: 1, transaction_type: 'Refund', transaction_amount: 5 }],
      },
      'hold_account_transactions.0.transaction_type',
      'Transaction type must be one of: Deposit, Transfer, Withdrawal.',
    ],
    [{ ...valid, approved_donation_ids: '[not json' }, 'approved_donation_ids', 'Approved donations must be a list.'],
    [{ ...valid, donation_upload_names: ['June 2024'] }, 'donation_upload_name', UPLOAD_NAME_NOT_FIRST],
    [{ ...valid, donation_upload_names: [] }, 'donation_upload_name', UPLOAD_NAME_NOT_FIRST],
    [
      { ...valid, donation_upload_name: '', donation_upload_names: ['May'] },
      'donation_upload_name',
      UPLOAD_NAME_NOT_FIRST,
    ],
    [{ ...valid, donation_upload_names: '[not json' }, 'donation_upload_names', 'Donation uploads must be a list.'],
  ])('refuses %j at %s', (input, path, message) => {
    expect(issues(input)[path]).toBe(message);
  });

  it('lets an unapproved row go without an account (it moves nothing)', () => {
    expect(issues({ ...valid, hold_account_transactions: [{ transaction_amount: 5, approved: 0 }] })).toEqual({});
  });
});
