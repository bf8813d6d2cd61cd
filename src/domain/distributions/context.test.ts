import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import {
  BATCH_CHOICES,
  buildDistributionInput,
  contextFromWire,
  contextMatches,
  contextToWire,
  type DistributionContext,
  FORM_CHOICES,
  initialPayload,
  parsePayload,
  payloadToWire,
} from './context';
import { computeDistribution } from './engine';
import { pct, profile, SETTINGS, usd } from './test-fixtures';

/**
 * The worked example of docs/distribution.md ("Ruth, May 2024") as the server loads it, so the
 * context path is checked against figures worked by hand.
 */
function ruthContext(overrides: Partial<DistributionContext> = {}): DistributionContext {
  return {
    user: { id: 12, name: 'Ruth Okafor', email: 'ruth@example.org', role: 'missionary', missionaryNumber: 'M0012' },
    startDate: '2024-05-01',
    endDate: '2024-05-31',
    donationUploadNames: ['May 2024'],
    profile: profile({
      taxStatus: 'W2',
      ficaTax: true,
      netSalary: usd('2000.00'),
      housingAllowance: usd('800.00'),
      retirementAmount: usd('150.00'),
      federalIncomeTax: usd('120.00'),
      wireFee: usd('25.00'),
      insuranceAmount: usd('310.00'),
      fundBalance: usd('1250.00'),
      unreimbursedAmount: usd('140.00'),
    }),
    settings: SETTINGS,
    donations: [
      { id: 1, amount: usd('3000.00'), holdAccountId: null, fundName: null, approved: false },
      { id: 2, amount: usd('1200.00'), holdAccountId: null, fundName: null, approved: false },
      { id: 3, amount: usd('250.00'), holdAccountId: 7, fundName: 'Vehicle Fund', approved: false },
    ],
    holdAccounts: [
      {
        id: 7,
        fundName: 'Vehicle Fund',
        balance: usd('400.00'),
        unreimbursedAmount: usd('60.00'),
        recurringDeposit: usd('100.00'),
        recurringTransfer: 0,
        recurringWithdrawal: 0,
      },
    ],
    expenseReports: [
      {
        id: 31,
        date: '2024-05-03',
        dateSubmitted: '2024-05-20',
        totalAmount: usd('965.40'),
        holdAccountCharges: [{ expenseId: 311, holdAccountId: 7, amount: usd('180.00') }],
      },
    ],
    advanceRequests: [
      {
        id: 41,
        status: 'requested',
        amountRequested: usd('300.00'),
        amountApproved: null,
        dateSubmitted: '2024-05-10',
        matDate: null,
      },
    ],
    previous: null,
    distribution: null,
    ...overrides,
  };
}

/** The staff's choices of the worked example, as the form posts them (JSON body, dollars). */
const ruthPayload = parsePayload({
  user_id: 12,
  start_date: '2024-05-01',
  end_date: '2024-05-31',
  donation_upload_name: 'May 2024',
  approved_donation_ids: [3],
  hold_account_transactions: [
    { hold_account_id: 7, transaction_type: 'Deposit', transaction_amount: 100, approved: 1, recurring: 1 },
    { hold_account_id: 7, transaction_type: 'Withdrawal', transaction_amount: 600, approved: 1, recurring: 0 },
  ],
  advance_requests: [{ id: 41 }],
  comments: 'May MAT Day',
  // Totals a client might send are not part of the payload: the schema drops them.
  admin_fee: 1,
  ending_balance: 999999,
});

describe('buildDistributionInput', () => {
  it('gives the engine the worked example, figure for figure', () => {
    const result = computeDistribution(buildDistributionInput(ruthContext(), ruthPayload));
    const d = result.distribution;
    expect(d.total_donations).toBe(usd('4450.00'));
    expect(d.admin_fee).toBe(usd('445.00'));
    expect(d.funds_available).toBe(usd('1318.66'));
    expect(d.ministry_reimbursement).toBe(usd('925.40'));
    expect(d.ministry_advance).toBe(usd('300.00'));
    expect(d.ending_balance).toBe(usd('93.26'));
    expect(d.total_funds_disbursed).toBe(usd('4625.40'));
    expect(d.unreimbursed_amount_ending).toBe(0);
    expect(d.comments).toBe('May MAT Day');
    expect(result.holdAccounts[0]).toMatchObject({ endingBalance: 0, endingUnreimbursedAmount: usd('90.00') });
    expect(d.hold_account_transactions.map((row) => [row.source, row.description, row.amount_approved])).toEqual([
      ['donation', expect.any(String), usd('250.00')],
      ['recurring', 'Mat Day Recurring Deposit', usd('100.00')],
      ['unreimbursed_reimbursement', 'Unreimbursed Reimbursement', usd('60.00')],
      ['expense', expect.any(String), usd('180.00')],
      ['manual', 'Mat Day Manual Withdrawal', usd('510.00')],
    ]);
  });

  it('leaves unticked donations and advances unpaid', () => {
    const payload = parsePayload({ ...payloadToWire(ruthPayload), approved_donation_ids: [], advance_requests: [] });
    const d = computeDistribution(buildDistributionInput(ruthContext(), payload)).distribution;
    expect(d.held_liability_account_deposit).toBe(usd('100.00'));
    expect(d.ministry_advance).toBe(0);
    expect(d.processedAdvanceRequests).toEqual([
      { id: 41, amount_requested: usd('300.00'), amount_approved: null, approved: false, dist_amount_approved: 0 },
    ]);
  });

  it('uses an amount approved earlier unless staff type another', () => {
    const context = ruthContext({
      advanceRequests: [
        {
          id: 41,
          status: 'approved',
          amountRequested: usd('300.00'),
          amountApproved: usd('200.00'),
          dateSubmitted: null,
          matDate: '2024-05-31',
        },
      ],
    });
    expect(computeDistribution(buildDistributionInput(context, ruthPayload)).distribution.ministry_advance).toBe(
      usd('200.00'),
    );
    const typed = parsePayload({ ...payloadToWire(ruthPayload), advance_requests: [{ id: 41, amount_approved: 50 }] });
    expect(computeDistribution(buildDistributionInput(context, typed)).distribution.ministry_advance).toBe(
      usd('50.00'),
    );
  });

  it.each([
    ['another user', { user_id: 13 }],
    ['another start date', { start_date: '2024-04-01' }],
    ['another end date', { end_date: '2024-06-30' }],
    ['another upload', { donation_upload_name: 'June 2024', donation_upload_names: ['June 2024'] }],
    ['no upload', { donation_upload_name: '', donation_upload_names: [] }],
    ['a second upload', { donation_upload_names: ['May 2024', 'May 2024 checks'] }],
    ['another upload (the single name alone)', { donation_upload_name: 'June 2024', donation_upload_names: undefined }],
  ])('refuses a payload for %s than the context was loaded for (409)', (_what, change) => {
    const payload = parsePayload({ ...payloadToWire(ruthPayload), ...change });
    expect(contextMatches(ruthContext(), payload)).toBe(false);
    expect(() => buildDistributionInput(ruthContext(), payload)).toThrow(
      expect.objectContaining({ code: 'conflict', status: 409 }),
    );
  });

  it('refuses ticked donations and advances that are not in the context (422 on the field)', () => {
    const donation = parsePayload({ ...payloadToWire(ruthPayload), approved_donation_ids: [3, 99] });
    expect(() => buildDistributionInput(ruthContext(), donation)).toThrow(
      expect.objectContaining({ errors: { 'approved_donation_ids.1': [MESSAGES.donationNotInDistribution] } }),
    );
    const advance = parsePayload({ ...payloadToWire(ruthPayload), advance_requests: [{ id: 42 }] });
    expect(() => buildDistributionInput(ruthContext(), advance)).toThrow(
      expect.objectContaining({ errors: { 'advance_requests.0.id': [MESSAGES.advanceNotInDistribution] } }),
    );
  });
});

describe('initialPayload', () => {
  it('lists every recurring item unticked for the form, with nothing else chosen', () => {
    const payload = initialPayload(ruthContext(), FORM_CHOICES);
    expect(payload.approved_donation_ids).toEqual([]);
    expect(payload.advance_requests).toEqual([]);
    expect(payload.hold_account_transactions).toEqual([
      expect.objectContaining({
        hold_account_id: 7,
        transaction_type: 'Deposit',
        transaction_amount: usd('100.00'),
        approved: false,
        recurring: true,
      }),
    ]);
    const d = computeDistribution(buildDistributionInput(ruthContext(), payload)).distribution;
    expect(d.held_liability_account_deposit).toBe(0);
  });

  it('ticks for the form what staff approved beforehand: the donation flag and approved advances', () => {
    const context = ruthContext({
      donations: ruthContext().donations.map((donation) => ({ ...donation, approved: donation.id === 3 })),
      advanceRequests: [
        ...ruthContext().advanceRequests,
        {
          id: 42,
          status: 'approved',
          amountRequested: usd('80.00'),
          amountApproved: usd('75.00'),
          dateSubmitted: null,
          matDate: null,
        },
      ],
    });
    const payload = initialPayload(context, FORM_CHOICES);
    expect(payload.approved_donation_ids).toEqual([3]);
    expect(payload.advance_requests).toEqual([{ id: 42, amount_approved: null }]);
    expect(payload.hold_account_transactions.map((row) => row.approved)).toEqual([false]);
  });

  it('ticks designated donations, recurring items and earlier-approved advances for the MAT Day batch', () => {
    const context = ruthContext({
      donations: [
        ...ruthContext().donations,
        // A reversal on a designated fund is never deposited.
        { id: 4, amount: usd('-20.00'), holdAccountId: 7, fundName: 'Vehicle Fund', approved: false },
      ],
      advanceRequests: [
        ...ruthContext().advanceRequests,
        {
          id: 42,
          status: 'approved',
          amountRequested: usd('80.00'),
          amountApproved: usd('75.00'),
          dateSubmitted: null,
          matDate: null,
        },
      ],
    });
    const payload = initialPayload(context, BATCH_CHOICES);
    expect(payload.approved_donation_ids).toEqual([3]);
    expect(payload.advance_requests).toEqual([{ id: 42, amount_approved: null }]);
    expect(payload.hold_account_transactions.map((row) => row.approved)).toEqual([true]);
    const d = computeDistribution(buildDistributionInput(context, payload)).distribution;
    // 250.00 designated + 100.00 recurring; advance 42 at its approved 75.00, 41 unticked
    expect(d.held_liability_account_deposit).toBe(usd('350.00'));
    expect(d.ministry_advance).toBe(usd('75.00'));
  });
});

describe('the wire', () => {
  const saved = ruthContext({
    profile: profile({
      fundBalance: usd('-420.15'),
      unreimbursedAmount: usd('0.01'),
      socialSecurity: pct('6.2000'),
      medicare: pct('1.45'),
      adminFeePercentage: pct('8'),
      adminFeeCap: usd('250.50'),
      taxStatus: '1099',
    }),
    previous: { id: 3, total_donations: usd('5123.45'), unreimbursed_amount_ending: usd('10.00') },
    distribution: { id: 9, status: 'pending', payload: ruthPayload },
  });

  it('carries dollars, exact percentage strings, 0/1 flags and ISO dates', () => {
    const wire = contextToWire(saved);
    expect(wire.profile).toMatchObject({
      fund_balance: -420.15,
      unreimbursed_amount: 0.01,
      social_security: '6.2000',
      medicare: '1.45',
      admin_fee_percentage: '8',
      admin_fee_cap: 250.5,
      fica_tax: 0,
      tax_status: '1099',
    });
    expect(wire.settings).toEqual({
      mileage_reimbursement: '0.70',
      admin_fee_percentage: '10',
      admin_fee_cap: 500,
      social_security_percentage: '6.2',
      medicare_percentage: '1.45',
    });
    expect(wire.expense_reports[0]).toEqual({
      id: 31,
      date: '2024-05-03',
      date_submitted: '2024-05-20',
      total_amount: 965.4,
      hold_account_charges: [{ expense_id: 311, hold_account_id: 7, amount: 180 }],
    });
    expect(wire.distribution?.payload.hold_account_transactions[1]).toEqual({
      hold_account_id: 7,
      transaction_type: 'Withdrawal',
      transaction_amount: 600,
      amount_approved: null,
      approved: 1,
      recurring: 0,
      description: null,
    });
    expect(wire.distribution?.payload).not.toHaveProperty('admin_fee');
  });

  it.each([
    ['a new distribution', ruthContext()],
    ['a saved one with profile overrides and a previous distribution', saved],
  ])('round-trips %s through JSON to the same context', (_what, context) => {
    const json = JSON.parse(JSON.stringify(contextToWire(context)));
    expect(contextFromWire(json)).toEqual(context);
  });

  it('gives the same engine result after the round trip', () => {
    const back = contextFromWire(JSON.parse(JSON.stringify(contextToWire(saved))));
    const payload = back.distribution!.payload;
    expect(computeDistribution(buildDistributionInput(back, payload))).toEqual(
      computeDistribution(buildDistributionInput(saved, ruthPayload)),
    );
  });

  it('round-trips the payload through its JSON body', () => {
    expect(parsePayload(JSON.parse(JSON.stringify(payloadToWire(ruthPayload))))).toEqual(ruthPayload);
  });

  it.each([
    ['a fraction of a cent', (w: any) => (w.donations[0].amount = 1.005), 'donations.0.amount'],
    ['a negative report total', (w: any) => (w.expense_reports[0].total_amount = -1), 'expense_reports.0.total_amount'],
    ['a percentage that is not a number', (w: any) => (w.profile.medicare = 'abc'), 'profile.medicare'],
    ['a bad date', (w: any) => (w.start_date = '2024-02-30'), 'start_date'],
    ['an unknown role', (w: any) => (w.user.role = 'root'), 'user.role'],
    ['a missing hold account list', (w: any) => delete w.hold_accounts, 'hold_accounts'],
    ['a bad saved payload', (w: any) => (w.distribution.payload.end_date = '2024-04-01'), 'end_date'],
  ])('refuses %s with a field error', (_what, spoil, field) => {
    const json = JSON.parse(JSON.stringify(contextToWire(saved)));
    spoil(json);
    let error: unknown;
    try {
      contextFromWire(json);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(Object.keys((error as AppError).errors ?? {})).toContain(field);
  });
});
