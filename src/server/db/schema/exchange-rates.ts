import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { users } from './users';

/**
 * The office's monthly exchange rates (decision 37): units of `currency` one US dollar buys in
 * `month` (YYYY-MM), the same direction as an expense's exchange_rate.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    month: varchar('month', { length: 7 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    rate: numeric('rate', { precision: 18, scale: 6 }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.month, t.currency] }),
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
    check('exchange_rates_month_check', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
