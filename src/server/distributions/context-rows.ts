import type { AdvanceStatus } from '../../domain/advances/states';
import type { IsoDate } from '../../domain/dates';
import type { ContextAdvance, ContextExpenseReport } from '../../domain/distributions/context';
import type { HoldAccountInput, PayrollProfile, TaxStatus } from '../../domain/distributions/types';
import { parseDecimal } from '../../domain/money';
import type { Role } from '../../domain/roles';
import { type Settings, settingsFrom } from '../../domain/settings/settings';
import { centsFromDatabase } from '../db/schema/columns';
import type { ContextRange, LoadedContext } from './load-context';
import { type YearToDateJson, yearToDateOf } from './year-to-date-rows';

/**
 * The rows of load-context.ts's combined read (JSON lists, money as exact text) and how they become
 * the domain's distribution contexts, one per user.
 */

/** A hold account as the combined read returns it (money as exact text). */
export interface AccountJson {
  id: number;
  user_id: number;
  fund_name: string;
  balance: string;
  unreimbursed_amount: string;
  deposit: string;
  transfer: string;
  withdrawal: string;
  archived: boolean;
}

/** A user with their profile (null fields when there is none) as the combined read returns it. */
export interface PersonJson {
  id: number;
  name: string;
  email: string;
  role: Role;
  missionary_number: string | null;
  tax_status: TaxStatus | null;
  fica_tax: boolean;
  minister: boolean;
  net_salary: string | null;
  housing_allowance: string | null;
  retirement_amount: string | null;
  federal_income_tax: string | null;
  wire_fee: string | null;
  insurance_amount: string | null;
  social_security: string | null;
  medicare: string | null;
  admin_fee_percentage: string | null;
  admin_fee_cap: string | null;
  fund_balance: string | null;
  unreimbursed_amount: string | null;
}

/** The combined read's JSON lists (money as exact text). */
export interface LoadedLists {
  claimed?: unknown;
  accounts: AccountJson[];
  people: PersonJson[];
  donations: Array<{
    id: number;
    user_id: number;
    amount: string;
    hold_account_id: number | null;
    fund_name: string | null;
    approved: boolean;
  }>;
  reports: Array<{ id: number; user_id: number; date: IsoDate; date_submitted: IsoDate | null; total_amount: string }>;
  charges: Array<{ id: number; report_id: number; hold_account_id: number; amount: string }>;
  advances: Array<{
    id: number;
    user_id: number;
    status: AdvanceStatus;
    amount_requested: string;
    amount_approved: string | null;
    date_submitted: IsoDate | null;
    mat_date: IsoDate | null;
  }>;
  previous: Array<{ id: number; user_id: number; total_donations: string; unreimbursed_amount_ending: string }>;
  settings: Record<string, string>;
  year_to_date: YearToDateJson[];
  /** Approval only: the user's processed reports with an unpaid part (the paydown's candidates). */
  owed?: Array<{ id: number; date: IsoDate; unreimbursed: string }>;
}

/** The user's Payroll Info as the engine takes it; a user without a profile row has all zeros. */
function payrollProfileOf(row: PersonJson): PayrollProfile {
  const decimal = (text: string | null) => (text === null ? null : parseDecimal(text));
  const cents = (text: string | null) => (text === null ? 0 : centsFromDatabase(text));
  return {
    taxStatus: row.tax_status,
    ficaTax: row.fica_tax,
    ...(row.minister ? { minister: true } : {}),
    netSalary: cents(row.net_salary),
    housingAllowance: cents(row.housing_allowance),
    retirementAmount: cents(row.retirement_amount),
    federalIncomeTax: cents(row.federal_income_tax),
    wireFee: cents(row.wire_fee),
    insuranceAmount: cents(row.insurance_amount),
    socialSecurity: decimal(row.social_security),
    medicare: decimal(row.medicare),
    adminFeePercentage: decimal(row.admin_fee_percentage),
    adminFeeCap: row.admin_fee_cap === null ? null : centsFromDatabase(row.admin_fee_cap),
    fundBalance: cents(row.fund_balance),
    unreimbursedAmount: cents(row.unreimbursed_amount),
  };
}

function accountInput(row: AccountJson): HoldAccountInput {
  return {
    id: row.id,
    fundName: row.fund_name,
    balance: centsFromDatabase(row.balance),
    unreimbursedAmount: centsFromDatabase(row.unreimbursed_amount),
    recurringDeposit: centsFromDatabase(row.deposit),
    recurringTransfer: centsFromDatabase(row.transfer),
    recurringWithdrawal: centsFromDatabase(row.withdrawal),
  };
}

/** json columns arrive parsed from node-postgres and PGlite alike; text is parsed just in case. */
export function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(row);
    else map.set(key(row), [row]);
  }
  return map;
}

export function assemble(lists: LoadedLists, range: ContextRange, settingsOverride: Settings | undefined) {
  const result = new Map<number, LoadedContext>();
  const accountRows = parseJson<AccountJson[]>(lists.accounts);
  const userRows = parseJson<PersonJson[]>(lists.people);
  const donationRows = parseJson<LoadedLists['donations']>(lists.donations);
  const reportRows = parseJson<LoadedLists['reports']>(lists.reports);
  const chargeRows = parseJson<LoadedLists['charges']>(lists.charges);
  const advanceRows = parseJson<LoadedLists['advances']>(lists.advances);
  const previousRows = parseJson<LoadedLists['previous']>(lists.previous);
  const settings = settingsOverride ?? settingsFrom(parseJson<Record<string, string>>(lists.settings));

  const chargesByReport = groupBy(chargeRows, (row) => row.report_id);
  // Archived accounts still count where an included expense or donation names them, so their money
  // is never lost and the distribution never fails on them (decision 15, docs/decisions.md).
  const chargedAccounts = new Set([
    ...chargeRows.map((row) => row.hold_account_id),
    ...donationRows.map((row) => row.hold_account_id).filter((id): id is number => id !== null),
  ]);
  const accountsByUser = groupBy(
    accountRows.filter((row) => !row.archived || chargedAccounts.has(row.id)),
    (row) => row.user_id,
  );
  const accountNames = new Map(accountRows.map((row) => [row.id, row.fund_name]));
  const donationsByUser = groupBy(donationRows, (row) => row.user_id);
  const reportsByUser = groupBy(reportRows, (row) => row.user_id);
  const advancesByUser = groupBy(advanceRows, (row) => row.user_id);
  const previousByUser = new Map(previousRows.map((row) => [row.user_id, row]));
  const yearByUser = new Map(parseJson<YearToDateJson[]>(lists.year_to_date ?? []).map((row) => [row.user_id, row]));

  for (const user of userRows) {
    const previous = previousByUser.get(user.id);
    const year = yearByUser.get(user.id);
    result.set(user.id, {
      ...(year ? { yearToDate: yearToDateOf(year) } : {}),
      user: {
        id: user.id,
        name: user.name,
        email: user.email,
        role: user.role,
        missionaryNumber: user.missionary_number,
      },
      startDate: range.startDate,
      endDate: range.endDate,
      donationUploadNames: [...range.donationUploadNames],
      profile: payrollProfileOf(user),
      settings,
      donations: (donationsByUser.get(user.id) ?? []).map((row) => ({
        id: row.id,
        amount: centsFromDatabase(row.amount),
        holdAccountId: row.hold_account_id,
        fundName: row.hold_account_id === null ? null : (accountNames.get(row.hold_account_id) ?? row.fund_name),
        approved: row.approved,
      })),
      holdAccounts: (accountsByUser.get(user.id) ?? []).map(accountInput),
      expenseReports: (reportsByUser.get(user.id) ?? []).map(
        (row): ContextExpenseReport => ({
          id: row.id,
          date: row.date,
          dateSubmitted: row.date_submitted,
          totalAmount: centsFromDatabase(row.total_amount),
          holdAccountCharges: (chargesByReport.get(row.id) ?? []).map((charge) => ({
            expenseId: charge.id,
            holdAccountId: charge.hold_account_id,
            amount: centsFromDatabase(charge.amount),
          })),
        }),
      ),
      advanceRequests: (advancesByUser.get(user.id) ?? []).map(
        (row): ContextAdvance => ({
          id: row.id,
          status: row.status,
          amountRequested: centsFromDatabase(row.amount_requested),
          amountApproved: row.amount_approved === null ? null : centsFromDatabase(row.amount_approved),
          dateSubmitted: row.date_submitted,
          matDate: row.mat_date,
        }),
      ),
      previous: previous
        ? {
            id: previous.id,
            total_donations: centsFromDatabase(previous.total_donations),
            unreimbursed_amount_ending: centsFromDatabase(previous.unreimbursed_amount_ending),
          }
        : null,
    });
  }
  return result;
}
