import { z } from 'zod';
import { ADVANCE_STATUSES, type AdvanceStatus } from '../advances/states';
import { type IsoDate, isIsoDate } from '../dates';
import { AppError } from '../errors';
import { dateField, flag01, idField, moneyField } from '../fields';
import { type Decimal, decimalToString, parseDecimal, toDollars } from '../money';
import type { Role } from '../roles';
import type { DistributionContext } from './context';
import { type DistributionRequestWire, dollarsOrNull, parsePayload, payloadToWire } from './payload-wire';
import { type YearToDateWire, yearToDateFromWire, yearToDateToWire, yearToDateWireSchema } from './payroll-year-wire';
import type { TaxStatus } from './types';

/**
 * The distribution context on the wire: what GET /api/distribution-context answers (`contextToWire`)
 * and the Distribution Form reads back (`contextFromWire`). The model itself is context.ts.
 */

export interface DistributionContextWire {
  user: { id: number; name: string; email: string; role: Role; missionary_number: string | null };
  start_date: IsoDate;
  end_date: IsoDate;
  /** The first of donation_upload_names. */
  donation_upload_name: string | null;
  donation_upload_names: string[];
  /** docs/product.md §3 profile names; money in dollars, percentages as exact decimal strings (null = settings). */
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
  /** The five settings by name (docs/product.md §3); percentages and the mileage rate as exact strings. */
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
  year_to_date?: YearToDateWire;
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
    donation_upload_name: context.donationUploadNames[0] ?? null,
    donation_upload_names: [...context.donationUploadNames],
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
    year_to_date: yearToDateToWire(profile, context.yearToDate),
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
  /** Absent in contexts frozen before a distribution took several uploads: the single name then. */
  donation_upload_names: z.array(z.string()).optional(),
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
  year_to_date: yearToDateWireSchema,
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
  const year = yearToDateFromWire(wire.year_to_date);
  return {
    ...(year.yearToDate ? { yearToDate: year.yearToDate } : {}),
    user: {
      id: wire.user.id,
      name: wire.user.name,
      email: wire.user.email,
      role: wire.user.role,
      missionaryNumber: wire.user.missionary_number,
    },
    startDate: wire.start_date,
    endDate: wire.end_date,
    donationUploadNames:
      wire.donation_upload_names ?? (wire.donation_upload_name === null ? [] : [wire.donation_upload_name]),
    profile: {
      taxStatus: wire.profile.tax_status,
      ficaTax: wire.profile.fica_tax,
      ...(year.minister ? { minister: true } : {}),
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
