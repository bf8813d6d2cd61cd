import { z } from 'zod';
import { ADVANCE_STATUSES, type AdvanceStatus } from '../advances/states';
import { type IsoDate, isIsoDate } from '../dates';
import { AppError } from '../errors';
import { dateField, flag01, idField, moneyField } from '../fields';
import { type Cents, type Decimal, decimalToString, parseDecimal, toDollars } from '../money';
import type { Role } from '../roles';
import type { Settings } from '../settings/settings';
import {
  advanceInputs,
  donationInputs,
  type LoadedAdvance,
  type LoadedDonation,
  transactionRequestsFromPayload,
} from './payload';
import { type PayrollInputsWire, payrollInputsToWire, payrollProfileFor } from './payroll-inputs';
import { buildRecurringItems } from './recurring';
import type { PreviousFigures } from './review';
import { type DistributionRequest, distributionRequestSchema } from './schemas';
import type {
  DistributionInput,
  ExpenseReportInput,
  HoldAccountInput,
  PayrollProfile,
  TaxStatus,
  TransactionRequest,
} from './types';

/**
 * The distribution context: everything the server loads for one user, one date range and one
 * donation upload, and the ONE function (`buildDistributionInput`) that turns it plus the staff's
 * choices (the parsed POST/PATCH payload) into the engine's input. The Distribution Form previews
 * with `GET /api/distribution-context` → `contextFromWire` → `buildDistributionInput` →
 * `computeDistribution`; the server saves and approves with its own loaded context through the
 * very same function, so what staff see is what gets stored.
 *
 * Pure domain code: no I/O, no clock. Amounts are integer cents, rates exact `Decimal`s in percent;
 * the wire (`contextToWire` / `contextFromWire`) carries dollars, percentages as exact decimal
 * strings and dates as `YYYY-MM-DD` (DESIGN.md API conventions).
 */

export interface ContextUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  /** Shown as the field-worker number on the Summary card. */
  missionaryNumber: string | null;
}

/** A donation of the upload; `approved` is the flag staff may set beforehand (PATCH /donation/{id}/approve). */
export interface ContextDonation extends LoadedDonation {
  approved: boolean;
}

/** A reimbursement report the distribution pays (engine input plus what the form shows). */
export interface ContextExpenseReport extends ExpenseReportInput {
  dateSubmitted: IsoDate | null;
}

/** An advance request the staff may tick (engine input plus what the form shows). */
export interface ContextAdvance extends LoadedAdvance {
  /**
   * DESIGN.md decision 14: an advance approved outside a distribution stays payable until a
   * distribution pays it, whatever state its report is in (submitted, closed).
   */
  status: AdvanceStatus;
  dateSubmitted: IsoDate | null;
  /** The date the missionary is to receive it (null = not set). */
  matDate: IsoDate | null;
}

export interface ContextDistribution {
  id: number;
  status: 'pending' | 'approved';
  /** The staff's choices as saved (the parsed payload). */
  payload: DistributionRequest;
}

export interface DistributionContext {
  user: ContextUser;
  startDate: IsoDate;
  endDate: IsoDate;
  donationUploadName: string | null;
  profile: PayrollProfile;
  settings: Settings;
  /** Every donation of the upload for this user, with fund names (general ones: null). */
  donations: ContextDonation[];
  /** The user's active hold accounts (plus any archived one an included expense is charged to). */
  holdAccounts: HoldAccountInput[];
  /**
   * The reimbursement reports the distribution pays: submitted, unprocessed, type reimbursement,
   * dated on or before the end date and not referenced by another distribution — plus, for a saved
   * pending distribution, the ones it already references. Oldest first.
   */
  expenseReports: ContextExpenseReport[];
  /** The advance requests that may be ticked (requested, or approved and unpaid whatever their report's state; not in another distribution). */
  advanceRequests: ContextAdvance[];
  /** The user's previous approved distribution's figures (review flags), or null. */
  previous: (PreviousFigures & { id: number }) | null;
  /** The saved distribution when editing or viewing one, else null. */
  distribution: ContextDistribution | null;
}

// ---------------------------------------------------------------------------------------------
// From the context and the payload to the engine input

const STALE_CONTEXT =
  'The loaded data is for another field worker, date range or donation upload. Reload it and try again.';

/** Whether a context was loaded for the user, dates and upload the payload names. */
export function contextMatches(context: DistributionContext, payload: DistributionRequest): boolean {
  return (
    context.user.id === payload.user_id &&
    context.startDate === payload.start_date &&
    context.endDate === payload.end_date &&
    (context.donationUploadName ?? null) === (payload.donation_upload_name ?? null)
  );
}

/**
 * The engine input for the loaded context and the staff's choices. Refuses (409) a payload for a
 * different user, range or upload than the context was loaded for, and (422, via donationInputs /
 * advanceInputs) ticked donations or advances that are not in the context.
 */
export function buildDistributionInput(context: DistributionContext, payload: DistributionRequest): DistributionInput {
  if (!contextMatches(context, payload)) throw AppError.conflict(STALE_CONTEXT);
  return {
    user: { id: context.user.id, name: context.user.name, email: context.user.email },
    startDate: payload.start_date,
    endDate: payload.end_date,
    donationUploadName: payload.donation_upload_name ?? null,
    // Decision 13: this month's payroll inputs over the profile (the profile itself never changes).
    profile: payrollProfileFor(context.profile, payload),
    settings: context.settings,
    donations: donationInputs(
      context.donations.map((donation) => ({
        id: donation.id,
        amount: donation.amount,
        holdAccountId: donation.holdAccountId,
        fundName: donation.fundName,
      })),
      payload.approved_donation_ids,
    ),
    holdAccounts: context.holdAccounts,
    transactions: transactionRequestsFromPayload(payload.hold_account_transactions),
    expenseReports: context.expenseReports.map((report) => ({
      id: report.id,
      date: report.date,
      totalAmount: report.totalAmount,
      holdAccountCharges: report.holdAccountCharges,
    })),
    advanceRequests: advanceInputs(
      context.advanceRequests.map((advance) => ({
        id: advance.id,
        amountRequested: advance.amountRequested,
        amountApproved: advance.amountApproved,
      })),
      payload.advance_requests,
    ),
    manual: {
      ministryReimbursement: payload.manual_ministry_reimbursement,
      ministryAdvance: payload.manual_ministry_advance,
      midMonthDisbursement: payload.mid_month_disbursement,
    },
    comments: payload.comments ?? null,
  };
}

/**
 * What a new distribution starts with (the form's first render, and POST /batch-distributions).
 * What staff approved beforehand is always ticked: designated donations approved with PATCH
 * /donation/{id}/approve, and advance requests approved with PATCH /advance-request/{id}. Requested
 * advances, which still need a decision on the amount, are never ticked for staff.
 */
export interface InitialChoices {
  /** Tick every designated donation with a positive amount (deposit it into its hold account). */
  tickAllDesignatedDonations: boolean;
  /** Tick every recurring MAT Day item of the user's hold accounts. */
  tickRecurring: boolean;
}

/**
 * The choices POST /batch-distributions makes for everyone (docs/distribution.md "API and
 * approval"): designated donations (the donor's choice) and the accounts' recurring items (standing
 * instructions staff set on the account) are ticked. Every batch distribution is pending and is
 * reviewed — and can be edited — before approval.
 */
export const BATCH_CHOICES: InitialChoices = { tickAllDesignatedDonations: true, tickRecurring: true };

/** The form's defaults for a new distribution: only what was approved beforehand (SPEC.md §4). */
export const FORM_CHOICES: InitialChoices = { tickAllDesignatedDonations: false, tickRecurring: false };

/**
 * A complete payload for a context: one row per recurring MAT Day item of every hold account
 * (ticked or not), the designated donations and advances ticked as described above, no manual
 * amounts, no comments.
 */
export function initialPayload(context: DistributionContext, choices: InitialChoices): DistributionRequest {
  const recurring: TransactionRequest[] = context.holdAccounts.flatMap((account) => buildRecurringItems(account));
  return {
    user_id: context.user.id,
    start_date: context.startDate,
    end_date: context.endDate,
    donation_upload_name: context.donationUploadName ?? undefined,
    approved_donation_ids: context.donations
      .filter(
        (donation) =>
          donation.holdAccountId !== null &&
          donation.amount > 0 &&
          (donation.approved || choices.tickAllDesignatedDonations),
      )
      .map((donation) => donation.id),
    hold_account_transactions: recurring.map((item) => ({
      hold_account_id: item.accountId ?? undefined,
      transaction_type: item.type ?? undefined,
      transaction_amount: item.amount,
      amount_approved: null,
      approved: choices.tickRecurring,
      recurring: true,
      description: item.description,
      expense_id: undefined,
      donation_id: undefined,
    })),
    advance_requests: context.advanceRequests
      .filter((advance) => advance.status !== 'requested' && advance.amountApproved !== null)
      .map((advance) => ({ id: advance.id, amount_approved: null })),
    manual_ministry_reimbursement: 0,
    manual_ministry_advance: 0,
    mid_month_disbursement: 0,
    comments: undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The payload on the wire (what POST /distribution takes, and what GET returns as `payload`)

export interface DistributionTransactionWire {
  hold_account_id: number | null;
  transaction_type: 'Deposit' | 'Transfer' | 'Withdrawal' | null;
  transaction_amount: number;
  amount_approved: number | null;
  approved: 0 | 1;
  recurring: 0 | 1;
  description: string | null;
  expense_id?: number;
  donation_id?: number;
}

export interface DistributionRequestWire extends PayrollInputsWire {
  user_id: number;
  start_date: IsoDate;
  end_date: IsoDate;
  donation_upload_name: string | null;
  approved_donation_ids: number[];
  hold_account_transactions: DistributionTransactionWire[];
  advance_requests: Array<{ id: number; amount_approved: number | null }>;
  manual_ministry_reimbursement: number;
  manual_ministry_advance: number;
  mid_month_disbursement: number;
  comments: string | null;
}

const dollarsOrNull = (cents: Cents | null | undefined) =>
  cents === null || cents === undefined ? null : toDollars(cents);

/** The parsed payload back to its JSON body (dollars, 0/1 flags); `distributionRequestSchema` reads it back. */
export function payloadToWire(payload: DistributionRequest): DistributionRequestWire {
  return {
    user_id: payload.user_id,
    start_date: payload.start_date,
    end_date: payload.end_date,
    donation_upload_name: payload.donation_upload_name ?? null,
    approved_donation_ids: [...payload.approved_donation_ids],
    hold_account_transactions: payload.hold_account_transactions.map((row) => ({
      hold_account_id: row.hold_account_id ?? null,
      transaction_type: row.transaction_type ?? null,
      transaction_amount: toDollars(row.transaction_amount),
      amount_approved: dollarsOrNull(row.amount_approved),
      approved: row.approved ? 1 : 0,
      recurring: row.recurring ? 1 : 0,
      description: row.description ?? null,
      ...(row.expense_id !== undefined && { expense_id: row.expense_id }),
      ...(row.donation_id !== undefined && { donation_id: row.donation_id }),
    })),
    advance_requests: payload.advance_requests.map((row) => ({
      id: row.id,
      amount_approved: dollarsOrNull(row.amount_approved),
    })),
    manual_ministry_reimbursement: toDollars(payload.manual_ministry_reimbursement),
    manual_ministry_advance: toDollars(payload.manual_ministry_advance),
    mid_month_disbursement: toDollars(payload.mid_month_disbursement),
    ...payrollInputsToWire(payload),
    comments: payload.comments ?? null,
  };
}

/** Parses a payload (wire form, JSON or form fields) with the shared schema; 422 with field errors. */
export function parsePayload(value: unknown): DistributionRequest {
  const result = distributionRequestSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    errors[field] ??= [];
    if (!errors[field].includes(issue.message)) errors[field].push(issue.message);
  }
  throw AppError.validation(errors);
}

// ---------------------------------------------------------------------------------------------
// The context on the wire: GET /api/distribution-context

export interface DistributionContextWire {
  user: { id: number; name: string; email: string; role: Role; missionary_number: string | null };
  start_date: IsoDate;
  end_date: IsoDate;
  donation_upload_name: string | null;
  /** SPEC.md §3 profile names; money in dollars, percentages as exact decimal strings (null = settings). */
  profile: {
    tax_status: TaxStatus | null;
    fica_tax: 0 | 1;
    net_salary: number;
    housing_allowance: number;
    retirement_amount: number;
    federal_income_tax: number;
    wire_fee: number;
    insurance_amount: number;
    social_security: string | null;
    medicare: string | null;
    admin_fee_percentage: string | null;
    admin_fee_cap: number | null;
    fund_balance: number;
    unreimbursed_amount: number;
  };
  /** The five settings by name (SPEC.md §3); percentages and the mileage rate as exact strings. */
  settings: {
    mileage_reimbursement: string;
    admin_fee_percentage: string;
    admin_fee_cap: number;
    social_security_percentage: string;
    medicare_percentage: string;
  };
  donations: Array<{
    id: number;
    amount: number;
    hold_account_id: number | null;
    fund_name: string | null;
    approved: 0 | 1;
  }>;
  hold_accounts: Array<{
    id: number;
    fund_name: string;
    balance: number;
    unreimbursed_amount: number;
    mat_day_recurring_deposit: number;
    mat_day_recurring_transfer: number;
    mat_day_recurring_withdrawal: number;
  }>;
  expense_reports: Array<{
    id: number;
    date: IsoDate;
    date_submitted: IsoDate | null;
    total_amount: number;
    hold_account_charges: Array<{ expense_id: number; hold_account_id: number; amount: number }>;
  }>;
  advance_requests: Array<{
    id: number;
    status: AdvanceStatus;
    amount_requested: number;
    amount_approved: number | null;
    date_submitted: IsoDate | null;
    mat_date: IsoDate | null;
  }>;
  previous: { id: number; total_donations: number; unreimbursed_amount_ending: number } | null;
  distribution: { id: number; status: 'pending' | 'approved'; payload: DistributionRequestWire } | null;
}

const decimalText = (decimal: Decimal | null) => (decimal === null ? null : decimalToString(decimal));

export function contextToWire(context: DistributionContext): DistributionContextWire {
  const { profile, settings } = context;
  return {
    user: {
      id: context.user.id,
      name: context.user.name,
      email: context.user.email,
      role: context.user.role,
      missionary_number: context.user.missionaryNumber,
    },
    start_date: context.startDate,
    end_date: context.endDate,
    donation_upload_name: context.donationUploadName,
    profile: {
      tax_status: profile.taxStatus,
      fica_tax: profile.ficaTax ? 1 : 0,
      net_salary: toDollars(profile.netSalary),
      housing_allowance: toDollars(profile.housingAllowance),
      retirement_amount: toDollars(profile.retirementAmount),
      federal_income_tax: toDollars(profile.federalIncomeTax),
      wire_fee: toDollars(profile.wireFee),
      insurance_amount: toDollars(profile.insuranceAmount),
      social_security: decimalText(profile.socialSecurity),
      medicare: decimalText(profile.medicare),
      admin_fee_percentage: decimalText(profile.adminFeePercentage),
      admin_fee_cap: dollarsOrNull(profile.adminFeeCap),
      fund_balance: toDollars(profile.fundBalance),
      unreimbursed_amount: toDollars(profile.unreimbursedAmount),
    },
    settings: {
      mileage_reimbursement: decimalToString(settings.mileageReimbursement),
      admin_fee_percentage: decimalToString(settings.adminFeePercentage),
      admin_fee_cap: toDollars(settings.adminFeeCap),
      social_security_percentage: decimalToString(settings.socialSecurityPercentage),
      medicare_percentage: decimalToString(settings.medicarePercentage),
    },
    donations: context.donations.map((donation) => ({
      id: donation.id,
      amount: toDollars(donation.amount),
      hold_account_id: donation.holdAccountId,
      fund_name: donation.fundName ?? null,
      approved: donation.approved ? 1 : 0,
    })),
    hold_accounts: context.holdAccounts.map((account) => ({
      id: account.id,
      fund_name: account.fundName,
      balance: toDollars(account.balance),
      unreimbursed_amount: toDollars(account.unreimbursedAmount),
      mat_day_recurring_deposit: toDollars(account.recurringDeposit),
      mat_day_recurring_transfer: toDollars(account.recurringTransfer),
      mat_day_recurring_withdrawal: toDollars(account.recurringWithdrawal),
    })),
    expense_reports: context.expenseReports.map((report) => ({
      id: report.id,
      date: report.date,
      date_submitted: report.dateSubmitted,
      total_amount: toDollars(report.totalAmount),
      hold_account_charges: report.holdAccountCharges.map((charge) => ({
        expense_id: charge.expenseId,
        hold_account_id: charge.holdAccountId,
        amount: toDollars(charge.amount),
      })),
    })),
    advance_requests: context.advanceRequests.map((advance) => ({
      id: advance.id,
      status: advance.status,
      amount_requested: toDollars(advance.amountRequested),
      amount_approved: dollarsOrNull(advance.amountApproved),
      date_submitted: advance.dateSubmitted,
      mat_date: advance.matDate,
    })),
    previous: context.previous && {
      id: context.previous.id,
      total_donations: toDollars(context.previous.total_donations),
      unreimbursed_amount_ending: toDollars(context.previous.unreimbursed_amount_ending),
    },
    distribution: context.distribution && {
      id: context.distribution.id,
      status: context.distribution.status,
      payload: payloadToWire(context.distribution.payload),
    },
  };
}

// Wire schemas: strict about money (dollars with at most 2 decimals) and dates; unknown keys dropped.

const amount = (label: string) => moneyField(label, { allowNegative: true });
const nonNegative = (label: string) => moneyField(label);
const nullableAmount = (label: string) => z.union([z.null(), nonNegative(label)]);
const nullableDate = z.union([z.null(), z.string().refine(isIsoDate, 'must be a date (YYYY-MM-DD).')]);
const nullableText = z.string().nullable();

const decimalSchema = (label: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx): Decimal => {
    const decimal = parseDecimal(value);
    if (!decimal) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number.` });
      return z.NEVER;
    }
    return decimal;
  });
const nullableDecimal = (label: string) => z.union([z.null(), decimalSchema(label)]);

const roleSchema = z.enum(['admin', 'employee', 'missionary', 'none']);
const taxStatusSchema = z.enum(['W2', '1099', 'W2 Exempt']);

export const distributionContextWireSchema = z.object({
  user: z.object({
    id: idField('User'),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    missionary_number: nullableText,
  }),
  start_date: dateField('Start date'),
  end_date: dateField('End date'),
  donation_upload_name: nullableText,
  profile: z.object({
    tax_status: taxStatusSchema.nullable(),
    fica_tax: flag01('FICA tax'),
    net_salary: nonNegative('Net salary'),
    housing_allowance: nonNegative('Housing allowance'),
    retirement_amount: nonNegative('Retirement 403(b)'),
    federal_income_tax: nonNegative('Federal income tax'),
    wire_fee: nonNegative('Wire fee'),
    insurance_amount: nonNegative('Insurance'),
    social_security: nullableDecimal('Social security'),
    medicare: nullableDecimal('Medicare'),
    admin_fee_percentage: nullableDecimal('Admin fee percentage'),
    admin_fee_cap: nullableAmount('Admin fee cap'),
    fund_balance: amount('Fund balance'),
    unreimbursed_amount: nonNegative('Unreimbursed amount'),
  }),
  settings: z.object({
    mileage_reimbursement: decimalSchema('Mileage reimbursement'),
    admin_fee_percentage: decimalSchema('Admin fee percentage'),
    admin_fee_cap: nonNegative('Admin fee cap'),
    social_security_percentage: decimalSchema('Social security percentage'),
    medicare_percentage: decimalSchema('Medicare percentage'),
  }),
  donations: z.array(
    z.object({
      id: idField('Donation'),
      amount: amount('Donation amount'),
      hold_account_id: idField('Hold account').nullable(),
      fund_name: nullableText,
      approved: flag01('Approved'),
    }),
  ),
  hold_accounts: z.array(
    z.object({
      id: idField('Hold account'),
      fund_name: z.string(),
      balance: amount('Balance'),
      unreimbursed_amount: nonNegative('Unreimbursed amount'),
      mat_day_recurring_deposit: nonNegative('Recurring deposit'),
      mat_day_recurring_transfer: nonNegative('Recurring transfer'),
      mat_day_recurring_withdrawal: nonNegative('Recurring withdrawal'),
    }),
  ),
  expense_reports: z.array(
    z.object({
      id: idField('Expense report'),
      date: dateField('Report date'),
      date_submitted: nullableDate,
      total_amount: nonNegative('Report total'),
      hold_account_charges: z.array(
        z.object({
          expense_id: idField('Expense'),
          hold_account_id: idField('Hold account'),
          amount: nonNegative('Charge'),
        }),
      ),
    }),
  ),
  advance_requests: z.array(
    z.object({
      id: idField('Advance request'),
      status: z.enum(ADVANCE_STATUSES),
      amount_requested: nonNegative('Amount requested'),
      amount_approved: nullableAmount('Amount approved'),
      date_submitted: nullableDate,
      mat_date: nullableDate,
    }),
  ),
  previous: z
    .object({
      id: idField('Distribution'),
      total_donations: amount('Total donations'),
      unreimbursed_amount_ending: nonNegative('Unreimbursed amount'),
    })
    .nullable(),
  distribution: z
    .object({
      id: idField('Distribution'),
      status: z.enum(['pending', 'approved']),
      payload: z.unknown(),
    })
    .nullable(),
});

/** The JSON of GET /api/distribution-context back to a context in cents; throws AppError (422) when malformed. */
export function contextFromWire(json: unknown): DistributionContext {
  const result = distributionContextWireSchema.safeParse(json);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.length > 0 ? issue.path.join('.') : '_';
      errors[field] ??= [];
      if (!errors[field].includes(issue.message)) errors[field].push(issue.message);
    }
    throw AppError.validation(errors, 'The distribution data could not be read.');
  }
  const wire = result.data;
  return {
    user: {
      id: wire.user.id,
      name: wire.user.name,
      email: wire.user.email,
      role: wire.user.role,
      missionaryNumber: wire.user.missionary_number,
    },
    startDate: wire.start_date,
    endDate: wire.end_date,
    donationUploadName: wire.donation_upload_name,
    profile: {
      taxStatus: wire.profile.tax_status,
      ficaTax: wire.profile.fica_tax,
      netSalary: wire.profile.net_salary,
      housingAllowance: wire.profile.housing_allowance,
      retirementAmount: wire.profile.retirement_amount,
      federalIncomeTax: wire.profile.federal_income_tax,
      wireFee: wire.profile.wire_fee,
      insuranceAmount: wire.profile.insurance_amount,
      socialSecurity: wire.profile.social_security,
      medicare: wire.profile.medicare,
      adminFeePercentage: wire.profile.admin_fee_percentage,
      adminFeeCap: wire.profile.admin_fee_cap,
      fundBalance: wire.profile.fund_balance,
      unreimbursedAmount: wire.profile.unreimbursed_amount,
    },
    settings: {
      mileageReimbursement: wire.settings.mileage_reimbursement,
      adminFeePercentage: wire.settings.admin_fee_percentage,
      adminFeeCap: wire.settings.admin_fee_cap,
      socialSecurityPercentage: wire.settings.social_security_percentage,
      medicarePercentage: wire.settings.medicare_percentage,
    },
    donations: wire.donations.map((donation) => ({
      id: donation.id,
      amount: donation.amount,
      holdAccountId: donation.hold_account_id,
      fundName: donation.fund_name,
      approved: donation.approved,
    })),
    holdAccounts: wire.hold_accounts.map((account) => ({
      id: account.id,
      fundName: account.fund_name,
      balance: account.balance,
      unreimbursedAmount: account.unreimbursed_amount,
      recurringDeposit: account.mat_day_recurring_deposit,
      recurringTransfer: account.mat_day_recurring_transfer,
      recurringWithdrawal: account.mat_day_recurring_withdrawal,
    })),
    expenseReports: wire.expense_reports.map((report) => ({
      id: report.id,
      date: report.date,
      dateSubmitted: report.date_submitted,
      totalAmount: report.total_amount,
      holdAccountCharges: report.hold_account_charges.map((charge) => ({
        expenseId: charge.expense_id,
        holdAccountId: charge.hold_account_id,
        amount: charge.amount,
      })),
    })),
    advanceRequests: wire.advance_requests.map((advance) => ({
      id: advance.id,
      status: advance.status,
      amountRequested: advance.amount_requested,
      amountApproved: advance.amount_approved,
      dateSubmitted: advance.date_submitted,
      matDate: advance.mat_date,
    })),
    previous: wire.previous && {
      id: wire.previous.id,
      total_donations: wire.previous.total_donations,
      unreimbursed_amount_ending: wire.previous.unreimbursed_amount_ending,
    },
    distribution: wire.distribution && {
      id: wire.distribution.id,
      status: wire.distribution.status,
      payload: parsePayload(wire.distribution.payload),
    },
  };
}
