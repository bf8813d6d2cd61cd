import type { IsoDate } from '../dates';
import type { Cents, Decimal } from '../money';
import type { Settings } from '../settings/settings';
import type { YearToDate } from './payroll-year';

/**
 * The distribution engine's input and output. Every amount is integer cents (`Cents`); rates are
 * exact `Decimal`s in percent (6.2 means 6.2 %, decision 9, docs/decisions.md). The same types serve the
 * browser form (live preview) and the server (authoritative recompute); docs/distribution.md
 * explains every figure.
 */

export const TRANSACTION_TYPES = ['Deposit', 'Transfer', 'Withdrawal'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

import type { TaxStatus } from '../users/tax-status';

export type { TaxStatus };

/** The user's Payroll Info (docs/product.md §3 profile) as the engine needs it. */
export interface PayrollProfile {
  taxStatus: TaxStatus | null;
  ficaTax: boolean;
  /** A minister (decision 33, docs/decisions.md): no FICA shares, as W2 Exempt; housing may be excluded. */
  minister?: boolean;
  netSalary: Cents;
  housingAllowance: Cents;
  retirementAmount: Cents;
  federalIncomeTax: Cents;
  wireFee: Cents;
  insuranceAmount: Cents;
  /** Percent; when set it overrides the setting (null = use Settings). */
  socialSecurity: Decimal | null;
  medicare: Decimal | null;
  adminFeePercentage: Decimal | null;
  adminFeeCap: Cents | null;
  /** `profile.fund_balance`: the last approved distribution's ending balance (may be negative). */
  fundBalance: Cents;
  /** `profile.unreimbursed_amount`: what the user is still owed from earlier reports. */
  unreimbursedAmount: Cents;
}

/** One donation of the chosen uploads. `approved` matters only for designated ones. */
export interface DonationInput {
  id: number;
  amount: Cents;
  holdAccountId: number | null;
  approved: boolean;
  fundName?: string | null;
}

/** A hold account as it stands before this distribution. */
export interface HoldAccountInput {
  id: number;
  fundName: string;
  balance: Cents;
  unreimbursedAmount: Cents;
  recurringDeposit: Cents;
  recurringTransfer: Cents;
  recurringWithdrawal: Cents;
}

/**
 * A hold-account transaction the staff ask for: a recurring MAT Day item (see recurring.ts) or a
 * manual one ("Add Transaction"). Designated-donation deposits and expense withdrawals are not
 * requested here: the engine derives them from the donations and the reports, so they can never be
 * counted twice.
 */
export interface TransactionRequest {
  accountId: number | null;
  type: TransactionType | null;
  /** Amount requested. */
  amount: Cents;
  /** Amount typed by staff in the approval table; null = grant the requested amount. */
  amountApproved: Cents | null;
  approved: boolean;
  recurring: boolean;
  description: string;
}

/** The part of a report's expenses charged to one hold account (one row per expense). */
export interface HoldAccountCharge {
  expenseId: number;
  holdAccountId: number;
  amount: Cents;
}

/** A reimbursement report the distribution pays. */
export interface ExpenseReportInput {
  id: number;
  /** Orders reports oldest first: the report's start_date (earliest expense), else its submit date. */
  date: IsoDate;
  totalAmount: Cents;
  holdAccountCharges: HoldAccountCharge[];
}

export interface AdvanceRequestInput {
  id: number;
  amountRequested: Cents;
  /** Approved amount typed by staff (or set earlier by PATCH /advance-request); null = requested. */
  amountApproved: Cents | null;
  /** Ticked in the approval table; only ticked requests are paid. */
  approved: boolean;
}

/** Admin-entered amounts of the Distribution Form. */
export interface ManualAmounts {
  ministryReimbursement: Cents;
  ministryAdvance: Cents;
  /** Part of this month's payroll disbursement already paid mid-month. */
  midMonthDisbursement: Cents;
}

export interface DistributionInput {
  user: { id: number; name: string; email: string };
  startDate: IsoDate;
  endDate: IsoDate;
  /** The uploads whose donations it holds, the first as lists show it. */
  donationUploadNames: string[];
  profile: PayrollProfile;
  settings: Settings;
  donations: DonationInput[];
  holdAccounts: HoldAccountInput[];
  transactions: TransactionRequest[];
  expenseReports: ExpenseReportInput[];
  advanceRequests: AdvanceRequestInput[];
  manual: ManualAmounts;
  comments: string | null;
  /** What the MAT date's calendar year already holds (wage base, housing designation); none: no caps. */
  yearToDate?: YearToDate;
}

// ---------------------------------------------------------------------------------------------
// Output

/** Where a hold-account transaction came from. */
export type TransactionSource =
  | 'donation'
  | 'recurring'
  | 'manual'
  | 'expense'
  /** The account's starting unreimbursed amount paid back (docs/product.md §2.4). */
  | 'unreimbursed_reimbursement';

/**
 * One hold-account transaction as approval will post it (docs/product.md §3 stored form). Balances are
 * the account's running balances in posting order.
 */
export interface TransactionResult {
  hold_account_id: number;
  fund_name: string;
  transaction_type: TransactionType;
  source: TransactionSource;
  description: string;
  /** Amount requested. */
  transaction_amount: Cents;
  /** Amount granted (what moves). */
  amount_approved: Cents;
  /** What the balance could not cover, added to the account's unreimbursed amount. */
  added_unreimbursed_amount: Cents;
  recurring: boolean;
  approved: true;
  /** True for deposits: the money comes out of the general fund. */
  fromGeneralFund: boolean;
  expense_id: number | null;
  expense_report_id: number | null;
  donation_id: number | null;
  starting_balance: Cents;
  ending_balance: Cents;
  starting_unreimbursed_amount: Cents;
  ending_unreimbursed_amount: Cents;
}

/** The Hold Accounts tab of the Summary card, per fund (docs/product.md §2.4, §3 form names). */
export interface HoldAccountFigures {
  id: number;
  fundName: string;
  startingBalance: Cents;
  /** Granted deposits that came from a designated donation (part of totalDepositAmount). */
  donationsAmount: Cents;
  totalDepositAmount: Cents;
  totalTransferAmount: Cents;
  /** Withdrawals plus the Unreimbursed Reimbursement. */
  totalWithdrawalAmount: Cents;
  endingBalance: Cents;
  startingUnreimbursedAmount: Cents;
  /** Unreimbursed Reimbursement paid back this month. */
  reimbursedAmount: Cents;
  /** Shortfalls of transfers and withdrawals this month. */
  addedUnreimbursedAmount: Cents;
  endingUnreimbursedAmount: Cents;
}

/** processedExpenseReports entry; the first three are stored on the report at approval. */
export interface ExpenseReportResult {
  id: number;
  date: IsoDate;
  total_amount: Cents;
  /** Paid from the general fund. */
  dist_amount_reimbursed: Cents;
  /** Paid by withdrawals from hold accounts (expenses charged to them). */
  dist_hold_account_withdrawals: Cents;
  /** General-fund part not paid: accrues to the user's unreimbursed amount. */
  dist_amount_unreimbursed: Cents;
  /** Hold-account part not paid: added to those accounts' unreimbursed amounts. */
  hold_account_unreimbursed: Cents;
}

/** processedAdvanceRequests entry. */
export interface AdvanceRequestResult {
  id: number;
  amount_requested: Cents;
  /** The amount typed by staff (null = none, the requested amount is asked), before the caps. */
  amount_approved: Cents | null;
  /** Ticked in the approval table. */
  approved: boolean;
  dist_amount_approved: Cents;
}

/** Every donation of the upload with what happened to it (donations dialog). */
export interface DonationResult {
  id: number;
  amount: Cents;
  hold_account_id: number | null;
  fund_name: string;
  approved: boolean;
  /** Deposited into the hold account (0 for general or unapproved donations). */
  deposited: Cents;
}

export type WarningCode =
  | 'deficit'
  | 'advance_typed_above_requested'
  | 'advance_limited'
  | 'transaction_typed_above_requested'
  | 'deposit_limited'
  | 'transfer_limited'
  | 'withdrawal_limited'
  | 'unreimbursed_reimbursement_limited'
  | 'reimbursement_limited'
  | 'manual_reimbursement_limited'
  | 'manual_advance_limited'
  | 'designated_donation_not_deposited';

/** Something staff should know: an amount reduced by a cap, a deficit month, … */
export interface DistributionWarning {
  code: WarningCode;
  message: string;
  /** Requested (or typed) and granted amounts when the warning is about a reduced amount. */
  requested?: Cents;
  granted?: Cents;
  holdAccountId?: number;
  advanceRequestId?: number;
  expenseReportId?: number;
  donationId?: number;
}

/**
 * Every Distribution field of docs/product.md §3 that is not persistence (id, status, created_at and the
 * related objects), with docs/product.md's names. Amounts in cents; the wire converts with `toDollars`.
 */
export interface DistributionFields {
  user_id: number;
  user_name: string;
  user_email: string;
  start_date: IsoDate;
  end_date: IsoDate;
  /** the older single name: the first of donation_upload_names. */
  donation_upload_name: string | null;
  donation_upload_names: string[];
  comments: string | null;
  tax_status: TaxStatus | null;
  fica_tax: boolean;

  starting_balance: Cents;
  total_donations: Cents;
  transfer_from_held: Cents;
  admin_fee: Cents;

  net_payroll: Cents;
  employee_ss: Cents;
  employee_mc: Cents;
  employer_ss: Cents;
  employer_mc: Cents;
  federal_income_tax: Cents;
  gross_payroll: Cents;
  total_payroll: Cents;
  housing_allowance: Cents;
  retirement: Cents;
  payroll_disbursement: Cents;
  mid_month_disbursement: Cents;
  net_payroll_dist: Cents;
  insurance_payment: Cents;
  wire_fee: Cents;
  /** W-2 box 3 wages (gross payroll up to the wage base; 0 for ministers, W2 Exempt and 1099). */
  social_security_wages: Cents;
  /** W-2 box 5 wages (gross payroll; 0 for ministers, W2 Exempt and 1099). */
  medicare_wages: Cents;
  /** The housing allowance excluded under the year's designation (W-2 box 14). */
  housing_allowance_excluded: Cents;

  held_liability_account_starting_balance: Cents;
  held_liability_account_deposit: Cents;
  held_liability_account_withdrawal: Cents;
  held_liability_account_balance: Cents;

  funds_available: Cents;

  unreimbursed_amount_starting: Cents;
  unreimbursed_reimbursement: Cents;
  unreimbursed_amount_accrued: Cents;
  unreimbursed_amount_ending: Cents;
  total_expenses: Cents;
  ministry_reimbursement: Cents;
  ministry_expense_reimbursement: Cents;
  manual_ministry_reimbursement: Cents;
  ministry_advance: Cents;
  ministry_expense_advance: Cents;
  manual_ministry_advance: Cents;

  ending_balance: Cents;
  total_funds_disbursed: Cents;
  total_funds_on_account: Cents;

  processedExpenseReports: ExpenseReportResult[];
  processedAdvanceRequests: AdvanceRequestResult[];
  hold_account_transactions: TransactionResult[];
}

/**
 * The money figures of a distribution that have a column of their own on the `distributions` row,
 * and so the ones the accounting export and the journal read. The ministry_expense_* parts are
 * breakdowns of ministry_reimbursement and ministry_advance and are not stored.
 */
export const STORED_MONEY_FIELDS = [
  'starting_balance',
  'total_donations',
  'transfer_from_held',
  'admin_fee',
  'net_payroll',
  'employee_ss',
  'employee_mc',
  'employer_ss',
  'employer_mc',
  'federal_income_tax',
  'gross_payroll',
  'total_payroll',
  'housing_allowance',
  'retirement',
  'payroll_disbursement',
  'mid_month_disbursement',
  'net_payroll_dist',
  'insurance_payment',
  'wire_fee',
  'social_security_wages',
  'medicare_wages',
  'housing_allowance_excluded',
  'held_liability_account_starting_balance',
  'held_liability_account_deposit',
  'held_liability_account_withdrawal',
  'held_liability_account_balance',
  'funds_available',
  'unreimbursed_amount_starting',
  'unreimbursed_reimbursement',
  'unreimbursed_amount_accrued',
  'unreimbursed_amount_ending',
  'total_expenses',
  'ministry_reimbursement',
  'manual_ministry_reimbursement',
  'ministry_advance',
  'manual_ministry_advance',
  'ending_balance',
  'total_funds_disbursed',
  'total_funds_on_account',
] as const satisfies ReadonlyArray<keyof DistributionFields>;
export type StoredMoneyField = (typeof STORED_MONEY_FIELDS)[number];

/** Intermediate figures of the waterfall, for the breakdown dialogs and the conservation check. */
export interface WaterfallFigures {
  /** total_payroll + housing_allowance + insurance_payment + wire_fee (waterfall step 4, docs/distribution.md). */
  payrollCost: Cents;
  /** Step 6 before deposits: starting + donations + transfers − admin fee − payroll cost. */
  distributableBeforeDeposits: Cents;
  /** Reimbursements and advances paid from the general fund (incl. manual amounts). */
  paidFromGeneralFund: Cents;
  /** Granted designated-donation deposits (part of held_liability_account_deposit). */
  donationDeposits: Cents;
}

export interface DistributionResult {
  distribution: DistributionFields;
  holdAccounts: HoldAccountFigures[];
  donations: DonationResult[];
  figures: WaterfallFigures;
  warnings: DistributionWarning[];
}
