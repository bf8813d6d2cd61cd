import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { advanceRequests } from './advances';
import { createdAt, instant, money, updatedAt } from './columns';
import { distributions } from './distributions';
import { donations } from './donations';
import { expenses } from './expense-reports';
import { users } from './users';

export const holdAccounts = pgTable(
  'hold_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fundName: text('fund_name').notNull(),
    /** Opening balance as entered; `balance` moves only with journal rows. */
    openingBalance: money('opening_balance').notNull().default(0),
    balance: money('balance').notNull().default(0),
    unreimbursedAmount: money('unreimbursed_amount').notNull().default(0),
    matDayRecurringDeposit: money('mat_day_recurring_deposit').notNull().default(0),
    matDayRecurringTransfer: money('mat_day_recurring_transfer').notNull().default(0),
    matDayRecurringWithdrawal: money('mat_day_recurring_withdrawal').notNull().default(0),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('hold_accounts_user_idx').on(t.userId),
    index('hold_accounts_fund_name_idx').on(sql`lower(${t.fundName})`),
  ],
);

export const holdAccountTransactions = pgTable(
  'hold_account_transactions',
  {
    id: serial('id').primaryKey(),
    holdAccountId: integer('hold_account_id')
      .notNull()
      .references(() => holdAccounts.id),
    transactionType: text('transaction_type').notNull(),
    transactionAmount: money('transaction_amount').notNull(),
    amountApproved: money('amount_approved'),
    addedUnreimbursedAmount: money('added_unreimbursed_amount').notNull().default(0),
    description: text('description'),
    expenseId: integer('expense_id').references((): AnyPgColumn => expenses.id, { onDelete: 'set null' }),
    advanceRequestId: integer('advance_request_id').references((): AnyPgColumn => advanceRequests.id),
    donationId: integer('donation_id').references((): AnyPgColumn => donations.id),
    distributionId: integer('distribution_id').references((): AnyPgColumn => distributions.id),
    recurring: boolean('recurring').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    startingBalance: money('starting_balance'),
    startingUnreimbursedAmount: money('starting_unreimbursed_amount'),
    endingBalance: money('ending_balance'),
    matDate: date('mat_date', { mode: 'string' }),
    /**
     * pending rows travel with a distribution and are hidden until it is approved; posted rows of a
     * reversed approval become `reversed` (kept, their journal rows undone).
     */
    status: text('status').notNull().default('posted'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('hat_type_check', sql`${t.transactionType} in ('Deposit', 'Transfer', 'Withdrawal')`),
    check('hat_status_check', sql`${t.status} in ('pending', 'posted', 'reversed')`),
    index('hat_account_idx').on(t.holdAccountId, t.id),
    index('hat_distribution_idx').on(t.distributionId),
  ],
);
