import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { advanceRequests } from './advances';
import { createdAt, instant, money, updatedAt } from './columns';
import { distributions } from './distributions';
import { holdAccounts } from './hold-accounts';
import { categories } from './settings';
import { users } from './users';

export const expenseReports = pgTable(
  'expense_reports',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    totalAmount: money('total_amount').notNull().default(0),
    unreimbursedAmount: money('unreimbursed_amount').notNull().default(0),
    payout: money('payout'),
    /**
     * An advance report's unspent cash given back (decision 34); deposited to the missionary's fund
     * when the report is processed. Always 0 on a reimbursement.
     */
    cashReturned: money('cash_returned').notNull().default(0),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    dateSubmitted: date('date_submitted', { mode: 'string' }),
    submitted: boolean('submitted').notNull().default(false),
    processed: boolean('processed').notNull().default(false),
    processedAt: instant('processed_at'),
    /** Who processed it: the admin (PATCH /process-expense-report) or the approver of its distribution. */
    processedBy: integer('processed_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    distanceType: text('distance_type').notNull().default('none'),
    advanceRequestId: integer('advance_request_id').references((): AnyPgColumn => advanceRequests.id),
    distributionId: integer('distribution_id').references((): AnyPgColumn => distributions.id),
    distAmountReimbursed: money('dist_amount_reimbursed'),
    distHoldAccountWithdrawals: money('dist_hold_account_withdrawals'),
    distAmountUnreimbursed: money('dist_amount_unreimbursed'),
    archivedAt: instant('archived_at'),
    /** Set when staff send the report back (decision 20); cleared when it is submitted again. */
    returnedAt: instant('returned_at'),
    /**
     * The payout made at processing was paid otherwise (POST /expense-report/{id}/payout-paid): how
     * (check or cash), its reference (the check number), when and by whom. A payment batch leaves it out.
     */
    payoutPaidMethod: text('payout_paid_method'),
    payoutPaidReference: text('payout_paid_reference'),
    payoutPaidAt: instant('payout_paid_at'),
    payoutPaidBy: integer('payout_paid_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('expense_reports_type_check', sql`${t.type} in ('reimbursement', 'advance')`),
    check('expense_reports_cash_returned_check', sql`${t.cashReturned} >= 0`),
    check('expense_reports_distance_type_check', sql`${t.distanceType} in ('km', 'mi', 'none')`),
    check(
      'expense_reports_payout_paid_check',
      sql`(${t.payoutPaidMethod} is null and ${t.payoutPaidReference} is null and ${t.payoutPaidAt} is null) or (${t.payoutPaidMethod} in ('check', 'cash') and ${t.payoutPaidReference} is not null and ${t.payoutPaidAt} is not null)`,
    ),
    index('expense_reports_user_idx').on(t.userId, t.id),
    index('expense_reports_queue_idx').on(t.submitted, t.processed, t.id),
    index('expense_reports_distribution_idx').on(t.distributionId),
    index('expense_reports_advance_idx').on(t.advanceRequestId),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    expenseReportId: integer('expense_report_id')
      .notNull()
      .references(() => expenseReports.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    expenseCode: integer('expense_code').references(() => categories.id),
    description: text('description'),
    fieldCurrency: numeric('field_currency', { precision: 16, scale: 2 }).notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 18, scale: 6 }).notNull(),
    /** ISO 4217 (decision 22); null: sent without one at a rate other than 1, shown "—". */
    currency: varchar('currency', { length: 3 }),
    usdAmount: money('usd_amount').notNull(),
    holdAccountId: integer('hold_account_id').references((): AnyPgColumn => holdAccounts.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('expenses_report_idx').on(t.expenseReportId),
    index('expenses_hold_account_idx').on(t.holdAccountId),
    index('expenses_date_idx').on(t.date),
  ],
);

export const mileage = pgTable(
  'mileage',
  {
    id: serial('id').primaryKey(),
    expenseReportId: integer('expense_report_id')
      .notNull()
      .references(() => expenseReports.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    odometerStart: numeric('odometer_start', { precision: 12, scale: 1 }),
    odometerEnd: numeric('odometer_end', { precision: 12, scale: 1 }),
    /** In the report's distance unit (km or mi). */
    totalDistance: numeric('total_distance', { precision: 12, scale: 1 }).notNull(),
    totalCost: money('total_cost').notNull(),
    type: integer('type').references(() => categories.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mileage_report_idx').on(t.expenseReportId), index('mileage_date_idx').on(t.date)],
);

export const fileUploads = pgTable(
  'file_uploads',
  {
    id: serial('id').primaryKey(),
    expenseReportId: integer('expense_report_id')
      .notNull()
      .references(() => expenseReports.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    /** Key inside the storage module, never a public path. */
    filePath: text('file_path').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('file_uploads_report_idx').on(t.expenseReportId)],
);

/**
 * The report's visible history (decision 20): who submitted, returned (with the comment) or processed
 * it, and when. Written in the same transaction as the change it records.
 */
export const expenseReportEvents = pgTable(
  'expense_report_events',
  {
    id: serial('id').primaryKey(),
    expenseReportId: integer('expense_report_id')
      .notNull()
      .references(() => expenseReports.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    check('expense_report_events_action_check', sql`${t.action} in ('submitted', 'returned', 'processed')`),
    index('expense_report_events_report_idx').on(t.expenseReportId, t.id),
  ],
);
