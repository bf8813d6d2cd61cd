import { z } from 'zod';
import { emailField, enumField, moneyField, optionalFlag01, optionalText, percentField, requiredText } from '../fields';
import { MESSAGES } from '../messages';
import { bankFieldsSchema } from '../payments/bank-details';
import { GENERATED_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../roles';
import { MINISTER_FICA_MESSAGE, ministerFieldsSchema } from './minister';
import { ficaRefusal } from './tax-status';

export const USER_ROLES = ['admin', 'employee', 'missionary'] as const;
export const TAX_STATUSES = ['W2', '1099', 'W2 Exempt'] as const;

/** POST /user: the client generates the 8-character password (docs/product.md §2.3). */
export const createUserSchema = z.object({
  name: requiredText('Name'),
  email: emailField(),
  role: enumField('Role', USER_ROLES),
  missionary_number: optionalText('Account #', 50),
  password: z
    .string({ error: 'Password is required.' })
    .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
    .max(200, 'Password must be at most 200 characters.'),
  baseUrl: optionalText('Base URL', 500),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** The Basic Info form (name, email, role, Account #). */
export const basicInfoSchema = z.object({
  name: requiredText('Name'),
  email: emailField(),
  role: enumField('Role', USER_ROLES),
  missionary_number: optionalText('Account #', 50),
});

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A profile value that may be cleared: absent leaves it as it is, blank (or null) clears it, so a
 * percentage falls back to the organisation setting again.
 */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isBlank(value) ? null : value), schema.nullable()).optional();

/** A profile amount that always has a value: absent leaves it as it is, blank is an error. */
const profileMoney = (label: string, options: { allowNegative?: boolean } = {}) =>
  moneyField(label, options).optional();

/** The Payroll Info form: profile fields flat beside the basic ones (decision 11, docs/decisions.md). */
export const payrollInfoSchema = z
  .object({
    tax_status: clearable(enumField('Tax Status', TAX_STATUSES)),
    fica_tax: optionalFlag01('FICA Tax'),
    minister: optionalFlag01('Minister'),
    retirement_amount: profileMoney('Retirement 403(b)'),
    net_salary: profileMoney('Net Salary'),
    social_security: clearable(percentField('Social Security %')),
    medicare: clearable(percentField('Medicare %')),
    federal_income_tax: profileMoney('Federal Income Tax'),
    wire_fee: profileMoney('Wire Fee'),
    housing_allowance: profileMoney('Housing Allowance'),
    insurance_amount: profileMoney('Insurance'),
    admin_fee_percentage: clearable(percentField('Admin Fee %')),
    admin_fee_cap: clearable(moneyField('Admin Fee Cap')),
    fund_balance: profileMoney('Fund Balance', { allowNegative: true }),
  })
  .superRefine((values, ctx) => {
    // FICA needs the tax status W2, checked here when both fields are present (the Payroll Info form
    // always has both); the API checks the profile as it will be, the sent fields over the stored
    // ones (src/server/users/update-user.ts).
    if (values.minister && values.fica_tax)
      ctx.addIssue({ code: 'custom', path: ['fica_tax'], message: MINISTER_FICA_MESSAGE });
    if (values.tax_status === undefined || values.fica_tax === undefined) return;
    const refusal = ficaRefusal(values.tax_status, values.fica_tax);
    if (refusal) ctx.addIssue({ code: 'custom', path: ['fica_tax'], message: refusal });
  });

/** POST /user/{id}: any subset of the basic and payroll fields, the bank details and the minister fields flat beside them. */
export const updateUserSchema = basicInfoSchema
  .partial()
  .extend(payrollInfoSchema.shape)
  .extend(bankFieldsSchema.shape)
  .extend(ministerFieldsSchema.shape);
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const GENERATED_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** The random 8-character password of Create New User; `randomInt` comes from the caller's crypto. */
export function generatePassword(randomInt: (maxExclusive: number) => number): string {
  let password = '';
  for (let i = 0; i < GENERATED_PASSWORD_LENGTH; i++) {
    password += GENERATED_PASSWORD_ALPHABET[randomInt(GENERATED_PASSWORD_ALPHABET.length)];
  }
  return password;
}
