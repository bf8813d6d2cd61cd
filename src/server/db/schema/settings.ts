import { boolean, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
