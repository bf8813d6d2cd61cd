import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, money, updatedAt } from './columns';
import { distributions } from './distributions';
import { expenseReports } from './expense-reports';
import { holdAccounts } from './hold-accounts';
import { categories } from './settings';
import { users } from './users';

export const advanceRequests = pgTable(
  'advance_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('requested'),
    amountRequested: money('amount_requested').notNull(),
    amountApproved: money('amount_approved'),
    distAmountApproved: money('dist_amount_approved'),
    approved: boolean('approved').notNull().default(false),
    type: integer('type').references(() => categories.id),
    /** What the advance is for (decision 34): the form requires it, the API does not. */
    purpose: text('purpose'),
    /** The day the missionary needs the money by (decision 34). */
    neededBy: date('needed_by', { mode: 'string' }),
    holdAccountId: integer('hold_account_id').references((): AnyPgColumn => holdAccounts.id),
    distributionId: integer('distribution_id').references((): AnyPgColumn => distributions.id),
    dateSubmitted: date('date_submitted', { mode: 'string' }),
    matDate: date('mat_date', { mode: 'string' }),
    expenseReportId: integer('expense_report_id').references((): AnyPgColumn => expenseReports.id),
    archivedAt: instant('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('advance_requests_status_check', sql`${t.status} in ('requested', 'approved', 'submitted', 'closed')`),
    index('advance_requests_user_idx').on(t.userId, t.id),
    index('advance_requests_status_idx').on(t.status, t.id),
    index('advance_requests_distribution_idx').on(t.distributionId),
  ],
);
