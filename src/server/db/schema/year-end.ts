import { date, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { advanceRequests } from './advances';
import { createdAt, money, updatedAt } from './columns';
import { users } from './users';

/** Tax figures that change by calendar year (docs/tax.md): the wage base, the 1099-NEC threshold, the 403(b) limit. */
export const taxYears = pgTable('tax_years', {
  year: integer('year').primaryKey(),
  socialSecurityWageBase: money('social_security_wage_base').notNull(),
  necThreshold: money('nec_threshold').notNull(),
  electiveDeferralLimit: money('elective_deferral_limit').notNull(),
  updatedAt: updatedAt(),
});

/** A minister's housing allowance designated by the board for one calendar year (IRC §107). */
export const housingAllowanceDesignations = pgTable(
  'housing_allowance_designations',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    amount: money('amount').notNull(),
    approvedOn: date('approved_on', { mode: 'string' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.year] })],
);

/**
 * An advance the office confirmed as wages: not substantiated or returned within 120 days
 * (Treas. Reg. §1.62-2), so the amount joins box 1 of the year the 120 days ended in.
 */
export const advanceWageConfirmations = pgTable('advance_wage_confirmations', {
  id: serial('id').primaryKey(),
  advanceRequestId: integer('advance_request_id')
    .notNull()
    .unique()
    .references(() => advanceRequests.id),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id),
  year: integer('year').notNull(),
  amount: money('amount').notNull(),
  note: text('note'),
  confirmedBy: integer('confirmed_by').references(() => users.id),
  createdAt: createdAt(),
});
