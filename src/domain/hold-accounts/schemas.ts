import { z } from 'zod';
import { enumField, idField, moneyField, optionalId, optionalMoney, optionalText, requiredText } from '../fields';

export const TRANSACTION_TYPES = ['Deposit', 'Transfer', 'Withdrawal'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const FUND_NAME_MAX = 100;

/** A chosen record's id; missing says "is required" (idField's coercion would say "must be a number"). */
function chosenId(label: string) {
  return z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? '' : value,
    z
      .union([z.literal('').transform(() => undefined), idField(label)])
      .refine((value) => value !== undefined, `${label} is required.`),
  );
}

/** POST /hold-account: `balance` is the opening balance. */
export const createHoldAccountSchema = z.object({
  user_id: chosenId('Missionary'),
  fund_name: requiredText('Fund Name', FUND_NAME_MAX),
  // The form says "(blank is $0.00)": a missing or blank balance opens the account at zero.
  balance: z.preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? '0' : value,
    moneyField('Opening Balance'),
  ),
});
export type CreateHoldAccountInput = z.input<typeof createHoldAccountSchema>;

/** PATCH /hold-account/{id}: any of these; the opening balance only while nothing has posted. */
export const updateHoldAccountSchema = z.object({
  user_id: optionalId('Missionary'),
  fund_name: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: 'Fund Name must be text.' })
      .min(1, 'Fund Name is required.')
      .max(FUND_NAME_MAX, `Fund Name must be at most ${FUND_NAME_MAX} characters.`)
      .optional(),
  ),
  opening_balance: optionalMoney('Opening Balance'),
  mat_day_recurring_deposit: optionalMoney('Recurring Deposit'),
  mat_day_recurring_transfer: optionalMoney('Recurring Transfer'),
  mat_day_recurring_withdrawal: optionalMoney('Recurring Withdrawal'),
});
export type UpdateHoldAccountInput = z.input<typeof updateHoldAccountSchema>;

/** The recurring MAT Day amounts dialog. */
export const recurringAmountsSchema = z.object({
  mat_day_recurring_deposit: z.preprocess((v) => v ?? '0', moneyField('Recurring Deposit')),
  mat_day_recurring_transfer: z.preprocess((v) => v ?? '0', moneyField('Recurring Transfer')),
  mat_day_recurring_withdrawal: z.preprocess((v) => v ?? '0', moneyField('Recurring Withdrawal')),
});

/** POST /hold-account/{id}/transaction (decision 4, docs/decisions.md). */
export const holdAccountTransactionSchema = z.object({
  transaction_type: enumField('Transaction Type', TRANSACTION_TYPES),
  transaction_amount: moneyField('Amount').refine((cents) => cents > 0, 'Amount must be more than zero.'),
  description: optionalText('Description', 255),
});
export type HoldAccountTransactionInput = z.input<typeof holdAccountTransactionSchema>;

export const HOLD_ACCOUNT_STATUSES = ['active', 'archived', 'all'] as const;

/** GET /hold-account?status=Active|Archived|all&user_id= */
export const holdAccountFilterSchema = z.object({
  status: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : 'active'),
    z.enum(HOLD_ACCOUNT_STATUSES, { error: 'Status must be Active, Archived or all.' }),
  ),
  user_id: optionalId('Missionary'),
});
