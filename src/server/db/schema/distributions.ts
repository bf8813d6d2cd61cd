import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, money, updatedAt } from './columns';
import { users } from './users';

/**
 * One user's payout for a date range (docs/product.md §3). Every amount is the server's own result of the
 * domain engine; `input` keeps the staff's choices (ticked rows, manual amounts) it was computed from.
 */
export const distributions = pgTable(
  'distributions',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('pending'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** The first of donation_upload_names (the older single name; lists sort and search by it). */
    donationUploadName: text('donation_upload_name'),
    /** The uploads whose donations it takes (docs/distribution.md "Several uploads in a month"). */
    donationUploadNames: jsonb('donation_upload_names').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    totalDonations: money('total_donations').notNull().default(0),
    fundsAvailable: money('funds_available').notNull().default(0),
    adminFee: money('admin_fee').notNull().default(0),
    employeeSs: money('employee_ss').notNull().default(0),
    employeeMc: money('employee_mc').notNull().default(0),
    employerSs: money('employer_ss').notNull().default(0),
    employerMc: money('employer_mc').notNull().default(0),
    federalIncomeTax: money('federal_income_tax').notNull().default(0),
    grossPayroll: money('gross_payroll').notNull().default(0),
    netPayroll: money('net_payroll').notNull().default(0),
    netPayrollDist: money('net_payroll_dist').notNull().default(0),
    payrollDisbursement: money('payroll_disbursement').notNull().default(0),
    totalPayroll: money('total_payroll').notNull().default(0),
    totalExpenses: money('total_expenses').notNull().default(0),
    totalFundsDisbursed: money('total_funds_disbursed').notNull().default(0),
    totalFundsOnAccount: money('total_funds_on_account').notNull().default(0),
    endingBalance: money('ending_balance').notNull().default(0),
    startingBalance: money('starting_balance').notNull().default(0),
    comments: text('comments'),
    unreimbursedReimbursement: money('unreimbursed_reimbursement').notNull().default(0),
    unreimbursedAmountStarting: money('unreimbursed_amount_starting').notNull().default(0),
    unreimbursedAmountAccrued: money('unreimbursed_amount_accrued').notNull().default(0),
    unreimbursedAmountEnding: money('unreimbursed_amount_ending').notNull().default(0),
    midMonthDisbursement: money('mid_month_disbursement').notNull().default(0),
    wireFee: money('wire_fee').notNull().default(0),
    housingAllowance: money('housing_allowance').notNull().default(0),
    insurancePayment: money('insurance_payment').notNull().default(0),
    /** W-2 boxes 3 and 5 and box 14 of this distribution (docs/tax.md). */
    socialSecurityWages: money('social_security_wages').notNull().default(0),
    medicareWages: money('medicare_wages').notNull().default(0),
    housingAllowanceExcluded: money('housing_allowance_excluded').notNull().default(0),
    ministryReimbursement: money('ministry_reimbursement').notNull().default(0),
    ministryAdvance: money('ministry_advance').notNull().default(0),
    manualMinistryReimbursement: money('manual_ministry_reimbursement').notNull().default(0),
    manualMinistryAdvance: money('manual_ministry_advance').notNull().default(0),
    ficaTax: boolean('fica_tax').notNull().default(false),
    retirement: money('retirement').notNull().default(0),
    taxStatus: text('tax_status'),
    heldLiabilityAccountBalance: money('held_liability_account_balance').notNull().default(0),
    heldLiabilityAccountDeposit: money('held_liability_account_deposit').notNull().default(0),
    heldLiabilityAccountStartingBalance: money('held_liability_account_starting_balance').notNull().default(0),
    heldLiabilityAccountWithdrawal: money('held_liability_account_withdrawal').notNull().default(0),
    transferFromHeld: money('transfer_from_held').notNull().default(0),
    processedExpenseReports: jsonb('processed_expense_reports').notNull().default(sql`'[]'::jsonb`),
    processedAdvanceRequests: jsonb('processed_advance_requests').notNull().default(sql`'[]'::jsonb`),
    holdAccountTransactions: jsonb('hold_account_transactions').notNull().default(sql`'[]'::jsonb`),
    /** The staff's choices the amounts were computed from (ticked rows, manual amounts). */
    input: jsonb('input').notNull().default(sql`'{}'::jsonb`),
    /** Reasons this one needs a human look on MAT Day (negative balance, donations drop, …). */
    reviewFlags: jsonb('review_flags').notNull().default(sql`'[]'::jsonb`),
    /**
     * The distribution context (GET /distribution-context wire form) the approval computed from,
     * frozen at approval: balances move on afterwards, so an approved distribution is re-displayed
     * from this snapshot and recomputes to exactly its stored figures. Null while pending.
     */
    approvedContext: jsonb('approved_context'),
    batch: boolean('batch').notNull().default(false),
    /**
     * Stored before the one-distribution-per-day rule while sharing a day with an earlier distribution
     * of the same missionary (migration 0023 marks them; nothing else sets it): left out of the
     * exclusion constraint so the migration never fails, listed by the ledger check, refused at
     * approval while it still overlaps, cleared when it is saved again with free dates.
     */
    overlapExempt: boolean('overlap_exempt').notNull().default(false),
    approvedAt: instant('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * What the approval paid down on older reports' unpaid parts, oldest first
     * ([{report_id, paid}], money as text), so a reversal gives each report back exactly its part
     * (docs/distribution.md "Reversing an approval"). Null on rows approved before it was kept.
     */
    approvalPaydown: jsonb('approval_paydown'),
    /** A reversed approval (status `reversed`): when, by whom and why. */
    reversedAt: instant('reversed_at'),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('distributions_status_check', sql`${t.status} in ('pending', 'approved', 'reversed')`),
    check(
      'distributions_first_upload_check',
      sql`${t.donationUploadName} is not distinct from (${t.donationUploadNames} ->> 0)`,
    ),
    index('distributions_status_idx').on(t.status, t.id),
    index('distributions_user_idx').on(t.userId, t.endDate),
    uniqueIndex('distributions_one_pending_per_user_range')
      .on(t.userId, t.startDate, t.endDate)
      .where(sql`${t.status} = 'pending'`),
  ],
);
