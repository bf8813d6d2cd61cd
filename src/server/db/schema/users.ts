import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, instant, money, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    missionaryNumber: text('missionary_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_name_idx').on(t.role, t.name),
    index('users_deleted_at_idx').on(t.deletedAt),
    check('users_role_check', sql`${t.role} in ('admin', 'employee', 'missionary', 'none')`),
  ],
);

/** Payroll and balances of one user (docs/product.md §3 profile). One row per user. */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    taxStatus: text('tax_status'),
    ficaTax: boolean('fica_tax').notNull().default(false),
    /** A minister (decision 33, docs/decisions.md): no FICA shares; housing allowance under a designation. */
    minister: boolean('minister').notNull().default(false),
    retirementAmount: money('retirement_amount').notNull().default(0),
    fundBalance: money('fund_balance').notNull().default(0),
    unreimbursedAmount: money('unreimbursed_amount').notNull().default(0),
    netSalary: money('net_salary').notNull().default(0),
    /** Percent overriding the setting when set (decision 9, docs/decisions.md). */
    socialSecurity: numeric('social_security', { precision: 7, scale: 4 }),
    medicare: numeric('medicare', { precision: 7, scale: 4 }),
    federalIncomeTax: money('federal_income_tax').notNull().default(0),
    wireFee: money('wire_fee').notNull().default(0),
    housingAllowance: money('housing_allowance').notNull().default(0),
    insuranceAmount: money('insurance_amount').notNull().default(0),
    adminFeePercentage: numeric('admin_fee_percentage', { precision: 7, scale: 4 }),
    adminFeeCap: money('admin_fee_cap'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_tax_status_check', sql`${t.taxStatus} is null or ${t.taxStatus} in ('W2', '1099', 'W2 Exempt')`),
  ],
);
