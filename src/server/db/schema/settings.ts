import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const settings = pgTable('settings', {
  id: serial('id').primaryKey(),
  settingName: text('setting_name').notNull().unique(),
  settingValue: text('setting_value').notNull(),
  updatedAt: updatedAt(),
});

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  expenseCategory: text('expense_category').notNull(),
  description: text('description').notNull(),
  advance: boolean('advance').notNull().default(false),
  expense: boolean('expense').notNull().default(false),
  mileage: boolean('mileage').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The accounting presets' mapping (docs/reports.md "Accounting presets"): one row, the organisation's
 * account `{number, name}` per kind of journal account (absent kinds keep the journal's own) and the
 * name of the per-missionary dimension. Read and checked by src/server/reports/accounting-settings.ts.
 */
export const accountingSettings = pgTable(
  'accounting_settings',
  {
    id: integer('id').primaryKey().default(1),
    accounts: jsonb('accounts').notNull().default({}),
    dimension: text('dimension').notNull().default('Missionary'),
    updatedAt: updatedAt(),
  },
  (t) => [check('accounting_settings_one_row', sql`${t.id} = 1`)],
);
