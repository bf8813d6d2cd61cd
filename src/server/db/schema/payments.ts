import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, money, updatedAt } from './columns';
import { distributions } from './distributions';
import { expenseReports } from './expense-reports';
import { users } from './users';

/**
 * A payee's bank details (docs/payments.md "Bank details"). The numbers are sealed (AES-256-GCM under
 * SECRET_KEY, the user id bound in) in `sealed`; only the masked account and the currency, which a
 * batch review shows, are stored in the clear. `version` counts changes; the other versions say which
 * details a released batch paid or proved with a prenote and which had a payment returned, so a
 * batch knows whether to hold the payee or send a prenote first.
 */
export const payeeBankDetails = pgTable(
  'payee_bank_details',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    payoutMethod: text('payout_method').notNull().default('none'),
    sealed: text('sealed'),
    maskedAccount: text('masked_account'),
    currency: text('currency'),
    version: integer('version').notNull().default(0),
    /** The version a released batch last paid (or an admin cleared and released): later ones are held. */
    reviewedVersion: integer('reviewed_version').notNull().default(0),
    /** The version a released prenote or payment proved: an ACH payee needs a prenote until it is this. */
    provenVersion: integer('proven_version'),
    /** The version a payment to was returned: the payee is held while the details are still these. */
    returnedVersion: integer('returned_version'),
    changedAt: instant('changed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [check('payee_bank_details_method_check', sql`${t.payoutMethod} in ('ach', 'wire', 'check', 'none')`)],
);

/** A payment batch: a draft until an admin releases it; released batches never change again. */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('draft'),
    matDate: date('mat_date', { mode: 'string' }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    releasedBy: integer('released_by').references(() => users.id, { onDelete: 'set null' }),
    releasedAt: instant('released_at'),
    /** The files made at release, sealed like bank details (they carry full account numbers). */
    files: text('files'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payment_batches_status_check', sql`${t.status} in ('draft', 'released')`),
    index('payment_batches_created_idx').on(t.id),
  ],
);

/** One payee of a batch: what is paid to them, how, and whether it is held. */
export const paymentLines = pgTable(
  'payment_lines',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => paymentBatches.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amount: money('amount').notNull(),
    method: text('method').notNull(),
    currency: text('currency'),
    maskedAccount: text('masked_account'),
    status: text('status').notNull(),
    /** Why the line is held (a code of src/domain/payments/batch-plan.ts), null when it is not. */
    heldCode: text('held_code'),
    detailsVersion: integer('details_version').notNull().default(0),
    clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    returnCode: text('return_code'),
    returnDate: date('return_date', { mode: 'string' }),
    returnedAt: instant('returned_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('payment_lines_status_check', sql`${t.status} in ('pending', 'held', 'prenote', 'paid', 'returned')`),
    check('payment_lines_method_check', sql`${t.method} in ('ach', 'wire', 'check', 'none')`),
    uniqueIndex('payment_lines_batch_user_idx').on(t.batchId, t.userId),
    index('payment_lines_user_idx').on(t.userId, t.id),
  ],
);

/**
 * What a line pays: one approved distribution or one office payout. The unique indexes are the rule
 * "a distribution or payout is in at most one batch" kept by the database itself.
 */
export const paymentLineItems = pgTable(
  'payment_line_items',
  {
    id: serial('id').primaryKey(),
    lineId: integer('line_id')
      .notNull()
      .references(() => paymentLines.id, { onDelete: 'cascade' }),
    distributionId: integer('distribution_id').references(() => distributions.id),
    expenseReportId: integer('expense_report_id').references(() => expenseReports.id),
    amount: money('amount').notNull(),
  },
  (t) => [
    check('payment_line_items_one_source_check', sql`(${t.distributionId} is null) <> (${t.expenseReportId} is null)`),
    uniqueIndex('payment_line_items_distribution_idx').on(t.distributionId),
    uniqueIndex('payment_line_items_report_idx').on(t.expenseReportId),
    index('payment_line_items_line_idx').on(t.lineId),
  ],
);
