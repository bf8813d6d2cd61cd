import { z } from 'zod';
import { CURRENCY_CODES, resolveCurrency } from '../currencies';
import {
  dateField,
  decimalField,
  enumField,
  moneyField,
  optionalEnum,
  optionalId,
  optionalMoney,
  optionalText,
  requiredText,
} from '../fields';
import { decimalToString, parseDecimal } from '../money';
import { DISTANCE_TYPES, MAX_EXPENSE_CENTS, tripDistance, usdAmount } from './calculations';

/** The requests of docs/product.md §7 for reports, expenses and mileage; forms validate with the same. */
export const REPORT_TYPES = ['reimbursement', 'advance'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** An optional decimal where a blank form field means "not given". */
function optionalDecimalText(label: string, options: { min?: number; max?: number; scale?: number }) {
  return z.preprocess((value) => (isBlank(value) ? undefined : value), decimalField(label, options).optional());
}

/** A required id; blank says "is required" (the shared idField reads blank as not a number). */
export function requiredId(label: string) {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({
        error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a number.`),
      })
      .int(`${label} must be a whole number.`)
      .positive(`${label} must be a positive number.`),
  );
}

/** POST /expense-report {type, distance_type, user_id, advance_request_id for advance}. */
export const createReportSchema = z
  .object({
    type: enumField('Type', REPORT_TYPES),
    distance_type: optionalEnum('Distance type', DISTANCE_TYPES),
    user_id: optionalId('User'),
    advance_request_id: optionalId('Advance request'),
  })
  .superRefine((input, ctx) => {
    if (input.type === 'advance' && input.advance_request_id === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['advance_request_id'],
        message: 'Choose the approved advance request this report is for.',
      });
    }
  });
export type CreateReportInput = z.input<typeof createReportSchema>;

/** PATCH /save/expense-report/{id} (Finish Later, or a change of distance type). */
export const saveReportSchema = z.object({
  distance_type: optionalEnum('Distance type', DISTANCE_TYPES),
  /** An advance report's unspent cash given back (decision 34); refused on a reimbursement. */
  cash_returned: optionalMoney('Cash returned'),
});

/** PATCH /submit/expense-report/{id}: an advance report may declare its cash returned as it submits. */
export const submitReportSchema = z.object({
  cash_returned: optionalMoney('Cash returned'),
});

/** PATCH /process-expense-report/{id}: the payout for a reimbursement; nothing for an advance report. */
export const processReportSchema = z.object({
  payout: optionalMoney('Payout'),
  new_unreimbursed_total: optionalMoney('New unreimbursed total'),
});

/** PATCH /return-expense-report/{id} (decision 20): why the report goes back to its missionary. */
export const RETURN_COMMENT_MAX = 2000;
export const returnReportSchema = z.object({
  comment: requiredText('Comment', RETURN_COMMENT_MAX).refine((text) => !text.includes('\u0000'), {
    message: 'Comment must not contain NUL characters.',
  }),
});

/** How an office payout was paid otherwise than by a payment batch (POST /expense-report/{id}/payout-paid). */
export const PAYOUT_PAID_METHODS = ['check', 'cash'] as const;
export type PayoutPaidMethod = (typeof PAYOUT_PAID_METHODS)[number];
export const PAYOUT_REFERENCE_MAX = 100;

/** POST /expense-report/{id}/payout-paid: the method (check, cash) and its reference (the check number). */
export const payoutPaidSchema = z.object({
  method: enumField('Method', PAYOUT_PAID_METHODS),
  reference: requiredText('Reference', PAYOUT_REFERENCE_MAX),
});

const expenseShape = {
  date: dateField('Date'),
  expense_code: requiredId('Category'),
  description: optionalText('Description', 500),
  field_currency: moneyField('Amount'),
  exchange_rate: decimalField('Exchange rate', { scale: 6, max: 1_000_000_000 }).refine(
    (value) => (parseDecimal(value)?.value ?? 0n) > 0n,
    'Exchange rate must be greater than 0.',
  ),
  hold_account_id: optionalId('Hold account'),
  /** Decision 22: ISO 4217; left out it is USD at rate 1, else unknown. */
  currency: optionalCurrency('Currency'),
};

/** Rate 1 exactly ("1", "1.0", "1.000000"). */
export function isRateOne(rate: string): boolean {
  const decimal = parseDecimal(rate);
  return decimal !== null && decimal.value === 10n ** BigInt(decimal.scale);
}

/** Decision 22: a blank currency is left out; a code is upper-cased and must be ISO 4217. */
export function optionalCurrency(label: string) {
  return z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: `${label} must be a currency code.` })
      .refine((code) => CURRENCY_CODES.has(code), `${label} must be an ISO 4217 code such as USD, EUR or KES.`)
      .optional(),
  );
}

function checkUsdAmount(
  input: { field_currency: number; exchange_rate: string; currency?: string },
  ctx: z.RefinementCtx,
) {
  const currency = resolveCurrency(input.currency, isRateOne(input.exchange_rate));
  if ('error' in currency) ctx.addIssue({ code: 'custom', path: ['exchange_rate'], message: currency.error });
  const usd = usdAmount(decimalToString({ value: BigInt(input.field_currency), scale: 2 }), input.exchange_rate);
  if (usd > MAX_EXPENSE_CENTS) {
    ctx.addIssue({
      code: 'custom',
      path: ['exchange_rate'],
      message: 'The amount in USD is too large. Check the amount and the exchange rate.',
    });
  }
}

/**
 * An expense: date, category (expense_code), the amount in the local currency and the exchange rate
 * (1 when the USD box is ticked). usd_amount is not read: the server computes it.
 */
export const expenseSchema = z.object(expenseShape).superRefine(checkUsdAmount);
export const createExpenseSchema = z
  .object({ ...expenseShape, expense_report_id: requiredId('Expense report') })
  .superRefine(checkUsdAmount);
export type ExpenseInput = z.input<typeof expenseSchema>;

const mileageShape = {
  date: dateField('Date'),
  type: optionalId('Type'),
  odometer_start: optionalDecimalText('Odometer start', { min: 0, max: 99_999_999, scale: 1 }),
  odometer_end: optionalDecimalText('Odometer end', { min: 0, max: 99_999_999, scale: 1 }),
  total_distance: optionalDecimalText('Distance', { min: 0, max: 100_000, scale: 1 }),
  /** docs/product.md §3 names the distance both total_distance and distance. */
  distance: optionalDecimalText('Distance', { min: 0, max: 100_000, scale: 1 }),
};

type MileageFields = {
  odometer_start?: string;
  odometer_end?: string;
  total_distance?: string;
  distance?: string;
};

function checkTrip(input: MileageFields, ctx: z.RefinementCtx) {
  const hasStart = input.odometer_start !== undefined;
  const hasEnd = input.odometer_end !== undefined;
  if (hasStart || hasEnd) {
    if (!hasStart) {
      ctx.addIssue({ code: 'custom', path: ['odometer_start'], message: 'Enter the odometer start too.' });
    } else if (!hasEnd) {
      ctx.addIssue({ code: 'custom', path: ['odometer_end'], message: 'Enter the odometer end too.' });
    } else {
      const distance = tripDistance(input);
      if (!distance) {
        ctx.addIssue({
          code: 'custom',
          path: ['odometer_end'],
          message: 'Odometer end must be greater than odometer start.',
        });
      } else if (distance.value > 100_000n * 10n ** BigInt(distance.scale)) {
        ctx.addIssue({ code: 'custom', path: ['odometer_end'], message: 'A trip can be at most 100000 long.' });
      }
    }
    return;
  }
  const typed = input.total_distance ?? input.distance;
  if (typed === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['total_distance'],
      message: 'Distance is required (or both odometer readings).',
    });
  } else if (!tripDistance({ total_distance: typed })) {
    ctx.addIssue({ code: 'custom', path: ['total_distance'], message: 'Distance must be greater than 0.' });
  }
}

/** The trip's distance in the report's unit: odometer end − start, else the typed distance. */
function withDistance<T extends MileageFields>(input: T): T & { trip_distance: string } {
  const distance = tripDistance({ ...input, total_distance: input.total_distance ?? input.distance });
  return { ...input, trip_distance: distance ? decimalToString(distance) : '0' };
}

/** A mileage trip: date, type (a mileage category), odometer start and end, or the distance. */
export const mileageSchema = z.object(mileageShape).superRefine(checkTrip).transform(withDistance);
export const createMileageSchema = z
  .object({ ...mileageShape, expense_report_id: requiredId('Expense report') })
  .superRefine(checkTrip)
  .transform(withDistance);
export type MileageInput = z.input<typeof mileageSchema>;

/** POST /fileUpload {file, expense_report_id}; the file itself is checked by the upload service. */
export const fileUploadSchema = z.object({ expense_report_id: requiredId('Expense report') });
