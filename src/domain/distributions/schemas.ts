import { z } from 'zod';
import {
  dateField,
  flag01,
  idField,
  optionalEnum,
  optionalFlag01,
  optionalId,
  optionalMoney,
  optionalText,
} from '../fields';
import { MESSAGES } from '../messages';
import { TAX_STATUSES } from '../users/schemas';
import { isFicaExempt } from '../users/tax-status';
import { PAYROLL_MONEY_INPUTS, type PayrollMoneyInput } from './payroll-inputs';
import { TRANSACTION_TYPES } from './types';
import { checkUploadNames, uploadNameFields, withUploadNames } from './upload-names';

/**
 * The payload of POST /distribution and PATCH /distribution/{id}: the staff's choices only. Every
 * amount the engine computes (totals, fees, grants) is left out on purpose — the server recomputes
 * them and ignores any the client sends (zod drops unknown keys). Form posts carry lists as JSON
 * text (docs/product.md §3 "JSON text lists"), JSON bodies as arrays; both are accepted.
 */

/** A list field: an array, JSON text of an array, or blank (= empty). */
export function jsonList<T extends z.ZodType>(item: T, label: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === '') return [];
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value);
      } catch {
        return value;
      }
    },
    z.array(item, { error: `${label} must be a list.` }),
  );
}

/** An optional non-negative amount that defaults to $0.00. */
function amountOrZero(label: string) {
  return optionalMoney(label).transform((cents) => cents ?? 0);
}

/**
 * A required id whose blank or missing value says "is required" (idField alone reports a missing
 * value as "must be a number", because zod's coercion turns it into NaN first).
 */
function requiredId(label: string) {
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .any()
      .refine((value) => value !== undefined, `${label} is required.`)
      .pipe(idField(label)),
  );
}

/** docs/product.md §3 form names (accountId, type, amount) are accepted beside the stored ones. */
const TRANSACTION_ALIASES: Record<string, string> = {
  accountId: 'hold_account_id',
  type: 'transaction_type',
  amount: 'transaction_amount',
};

function withAliases(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const result: Record<string, unknown> = { ...value };
  for (const [alias, name] of Object.entries(TRANSACTION_ALIASES)) {
    if (result[name] === undefined && result[alias] !== undefined) result[name] = result[alias];
  }
  return result;
}

/**
 * One row of the hold-account dialog: a recurring item, a manual one, or a row the engine derives
 * (designated donation with donation_id, expense withdrawal with expense_id — dropped on the way into
 * the engine, see transactionRequestsFromPayload).
 */
export const distributionTransactionSchema = z.preprocess(
  withAliases,
  z
    .object({
      hold_account_id: optionalId('Fund'),
      transaction_type: optionalEnum('Transaction type', TRANSACTION_TYPES),
      transaction_amount: optionalMoney('Amount').transform((cents) => cents ?? 0),
      amount_approved: optionalMoney('Amount approved').transform((cents) => cents ?? null),
      approved: flag01('Approved'),
      recurring: flag01('Recurring'),
      description: optionalText('Description', 255),
      expense_id: optionalId('Expense'),
      donation_id: optionalId('Donation'),
    })
    .superRefine((row, ctx) => {
      // docs/product.md §5: approving a hold-account transaction requires an account id and a type.
      if (!row.approved) return;
      if (row.hold_account_id === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['hold_account_id'],
          message: MESSAGES.holdTransactionAccountAndTypeRequired,
        });
      }
      if (row.transaction_type === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['transaction_type'],
          message: MESSAGES.holdTransactionAccountAndTypeRequired,
        });
      }
    }),
);
export type DistributionTransactionPayload = z.output<typeof distributionTransactionSchema>;

/** A ticked advance request: its id alone, or with the amount staff typed. */
export const distributionAdvanceSchema = z.preprocess(
  (value) => (typeof value === 'number' || typeof value === 'string' ? { id: value } : value),
  z.object({
    id: idField('Advance request'),
    amount_approved: optionalMoney('Amount approved').transform((cents) => cents ?? null),
  }),
);
export type DistributionAdvancePayload = z.output<typeof distributionAdvanceSchema>;

/**
 * This month's payroll inputs (decision 13, docs/decisions.md): each one left out, or blank, is the profile's
 * value. Admins alone write distributions, so admins alone send them.
 */
const payrollMoneyShape = Object.fromEntries(
  PAYROLL_MONEY_INPUTS.map((input) => [input.name, optionalMoney(input.label)]),
) as Record<PayrollMoneyInput, ReturnType<typeof optionalMoney>>;

export const distributionRequestSchema = z
  .object({
    user_id: requiredId('Field worker'),
    start_date: dateField('Start date'),
    end_date: dateField('End date'),
    /** The uploads whose undistributed donations it takes (upload-names.ts: the single name is the first). */
    ...uploadNameFields,
    /** Designated donations ticked in the donations dialog (deposited into their hold accounts). */
    approved_donation_ids: jsonList(idField('Donation'), 'Approved donations'),
    hold_account_transactions: jsonList(distributionTransactionSchema, 'Hold account transactions'),
    /** Ticked advance requests, with typed approved amounts. */
    advance_requests: jsonList(distributionAdvanceSchema, 'Advance requests'),
    manual_ministry_reimbursement: amountOrZero('Manual business reimbursement'),
    manual_ministry_advance: amountOrZero('Manual business advance'),
    mid_month_disbursement: amountOrZero('Mid-month disbursement'),
    tax_status: optionalEnum('Tax Status', TAX_STATUSES),
    fica_tax: optionalFlag01('FICA Tax'),
    ...payrollMoneyShape,
    comments: optionalText('Comments', 5000),
  })
  .superRefine((payload, ctx) => {
    if (payload.end_date < payload.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: MESSAGES.endBeforeStart });
    }
    // Decision 25 when both travel together; against the profile in payrollProfileFor.
    if (payload.fica_tax === true && isFicaExempt(payload.tax_status)) {
      ctx.addIssue({ code: 'custom', path: ['fica_tax'], message: MESSAGES.ficaOnlyW2 });
    }
    checkUploadNames(payload, ctx);
  })
  .transform(withUploadNames);
export type DistributionRequestInput = z.input<typeof distributionRequestSchema>;
export type DistributionRequest = z.output<typeof distributionRequestSchema>;
