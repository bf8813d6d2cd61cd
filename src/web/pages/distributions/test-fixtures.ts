import type { DistributionRequestInput } from '../../../domain/distributions';
import {
  type ContextAdvance,
  contextToWire,
  type DistributionContext,
  type DistributionContextWire,
} from '../../../domain/distributions/context';
import { type TDistributionDetail, ZDistributionDetailSchema } from '../../../domain/distributions/contract';
import { STORED_MONEY_FIELDS, type StoredMoneyField } from '../../../domain/distributions/types';
import { parseDecimal, parseDollars } from '../../../domain/money';
import { DEFAULT_SETTINGS, settingsFrom } from '../../../domain/settings/settings';
import type { DistributionRecord } from './types';

/** "1,234.56" → cents, for fixtures. */
export function usdCents(text: string): number {
  const cents = parseDollars(text.replaceAll(',', ''));
  if (cents === null) throw new Error(`not dollars: ${text}`);
  return cents;
}

/**
 * Ruth, May 2024 — the worked example of docs/distribution.md as the server would load it: ticking
 * donation #3, the Vehicle Fund's recurring deposit and advance #41, and adding a manual withdrawal of
 * $600.00, ends at $93.26.
 */
export function ruthContext(overrides: Partial<DistributionContext> = {}): DistributionContext {
  const advance: ContextAdvance = {
    id: 41,
    amountRequested: usdCents('300.00'),
    amountApproved: null,
    status: 'requested',
    dateSubmitted: '2024-05-02',
    matDate: '2024-05-31',
  };
  return {
    user: { id: 5, name: 'Ruth Moabite', email: 'ruth@field.example', role: 'missionary', missionaryNumber: 'M-7' },
    startDate: '2024-05-01',
    endDate: '2024-05-31',
    donationUploadNames: ['May 2024'],
    profile: {
      taxStatus: 'W2',
      ficaTax: true,
      netSalary: usdCents('2000.00'),
      housingAllowance: usdCents('800.00'),
      retirementAmount: usdCents('150.00'),
      federalIncomeTax: usdCents('120.00'),
      wireFee: usdCents('25.00'),
      insuranceAmount: usdCents('310.00'),
      socialSecurity: null,
      medicare: null,
      adminFeePercentage: null,
      adminFeeCap: null,
      fundBalance: usdCents('1250.00'),
      unreimbursedAmount: usdCents('140.00'),
    },
    settings: settingsFrom(DEFAULT_SETTINGS),
    donations: [
      { id: 1, amount: usdCents('3000.00'), holdAccountId: null, fundName: null, approved: false },
      { id: 2, amount: usdCents('1200.00'), holdAccountId: null, fundName: null, approved: false },
      { id: 3, amount: usdCents('250.00'), holdAccountId: 7, fundName: 'Vehicle Fund', approved: false },
    ],
    holdAccounts: [
      {
        id: 7,
        fundName: 'Vehicle Fund',
        balance: usdCents('400.00'),
        unreimbursedAmount: usdCents('60.00'),
        recurringDeposit: usdCents('100.00'),
        recurringTransfer: 0,
        recurringWithdrawal: 0,
      },
    ],
    expenseReports: [
      {
        id: 31,
        date: '2024-05-03',
        dateSubmitted: '2024-05-20',
        totalAmount: usdCents('965.40'),
        holdAccountCharges: [{ expenseId: 311, holdAccountId: 7, amount: usdCents('180.00') }],
      },
    ],
    advanceRequests: [advance],
    previous: null,
    distribution: null,
    ...overrides,
  };
}

export function ruthWire(overrides: Partial<DistributionContext> = {}): DistributionContextWire {
  return contextToWire(ruthContext(overrides));
}

/** The worked example's choices as the form sends them. */
export const RUTH_CHOICES: DistributionRequestInput = {
  user_id: 5,
  start_date: '2024-05-01',
  end_date: '2024-05-31',
  donation_upload_name: 'May 2024',
  approved_donation_ids: [3],
  hold_account_transactions: [
    {
      hold_account_id: 7,
      transaction_type: 'Deposit',
      transaction_amount: 100,
      approved: 1,
      recurring: 1,
      description: 'Mat Day Recurring Deposit',
    },
    {
      hold_account_id: 7,
      transaction_type: 'Withdrawal',
      transaction_amount: 600,
      approved: 1,
      recurring: 0,
      description: 'Mat Day Manual Withdrawal',
    },
  ],
  advance_requests: [{ id: 41 }],
} as DistributionRequestInput;

export { parseDecimal };

/**
 * A saved distribution as GET /distribution/{id} answers it (ZDistributionDetailSchema): every field
 * the contract names, so `call()` parses it. Money fields are zero; the form rebuilds its figures
 * from the context and the saved choices (`payload`), not from these.
 */
export function savedDistribution(overrides: Partial<TDistributionDetail> & Pick<TDistributionDetail, 'payload'>) {
  const money = Object.fromEntries(STORED_MONEY_FIELDS.map((field) => [field, 0]));
  const record = {
    ...money,
    id: 12,
    status: 'pending',
    user_id: 5,
    user_name: 'Ruth Moabite',
    user_email: 'ruth@field.example',
    missionary_number: 'M-7',
    start_date: '2024-05-01',
    end_date: '2024-05-31',
    donation_upload_name: 'May 2024',
    donation_upload_names: ['May 2024'],
    ministry_expense_reimbursement: 0,
    ministry_expense_advance: 0,
    fica_tax: 0,
    tax_status: 'W2',
    comments: 'Reviewed',
    review_flags: [],
    batch: 0,
    approved_at: null,
    approved_by: null,
    reversed_at: null,
    reversed_by: null,
    reversal_reason: null,
    created_by: 1,
    created_at: '2024-06-01T10:00:00.000Z',
    updated_at: '2024-06-01T10:00:00.000Z',
    processedExpenseReports: '[]',
    processedAdvanceRequests: '[]',
    hold_account_transactions: '[]',
    user: null,
    expense_report: [],
    advance_request: [],
    donations: [],
    reversed_by_name: null,
    ...overrides,
  };
  // Checked here, so a fixture that drifts from the contract fails where it is made.
  return ZDistributionDetailSchema.parse(record);
}

/** One row of a distributions list as GET /paginated_distribution answers it (pending, May 2024). */
export function distributionRow(id: number, overrides: Partial<DistributionRecord> = {}): DistributionRecord {
  return {
    ...(Object.fromEntries(STORED_MONEY_FIELDS.map((field) => [field, 0])) as Record<StoredMoneyField, number>),
    ministry_expense_reimbursement: 0,
    ministry_expense_advance: 0,
    fica_tax: 1,
    tax_status: 'W2',
    batch: 0,
    approved_by: null,
    reversed_at: null,
    reversed_by: null,
    reversal_reason: null,
    created_by: 1,
    updated_at: '2024-06-01T10:00:00.000Z',
    user_email: `missionary${id}@example.org`,
    missionary_number: null,
    id,
    status: 'pending',
    user_id: 100 + id,
    user_name: `Missionary ${id}`,
    start_date: '2024-05-01',
    end_date: '2024-05-31',
    donation_upload_name: 'May 2024',
    donation_upload_names: ['May 2024'],
    total_donations: 4450,
    funds_available: 1318.66,
    total_payroll: 2451.34,
    total_expenses: 965.4,
    total_funds_disbursed: 4625.4,
    ending_balance: 93.26,
    starting_balance: 1250,
    unreimbursed_amount_ending: 0,
    comments: null,
    review_flags: [],
    created_at: '2024-06-01T10:00:00.000Z',
    approved_at: null,
    ...overrides,
  };
}
