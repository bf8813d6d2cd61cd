import type { z } from 'zod';
import { processAdvanceSchema } from '../advances/schemas';
import { MESSAGES } from '../messages';
import { createReportSchema, expenseSchema, mileageSchema } from './schemas';

function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

describe('expense schema', () => {
  const valid = { date: '2026-03-02', expense_code: '3', field_currency: '1000', exchange_rate: '3.75' };

  it('parses form strings to cents and an exact rate', () => {
    expect(expenseSchema.parse({ ...valid, usd_amount: '999999', hold_account_id: '' })).toEqual({
      date: '2026-03-02',
      expense_code: 3,
      field_currency: 100000,
      exchange_rate: '3.75',
    });
  });

  it.each([
    [{ date: '' }, 'date', MESSAGES.dateRequired],
    [{ date: '2026-02-30' }, 'date', 'Date must be a date (YYYY-MM-DD).'],
    [{ expense_code: '' }, 'expense_code', 'Category is required.'],
    [{ field_currency: '' }, 'field_currency', 'Amount is required.'],
    [{ field_currency: '12.345' }, 'field_currency', 'Amount must be a dollar amount with at most 2 decimals.'],
    [{ field_currency: '-5' }, 'field_currency', 'Amount cannot be negative.'],
    [{ exchange_rate: '' }, 'exchange_rate', 'Exchange rate is required.'],
    [{ exchange_rate: '0' }, 'exchange_rate', 'Exchange rate must be greater than 0.'],
    [{ exchange_rate: 'abc' }, 'exchange_rate', 'Exchange rate must be a number.'],
    [{ exchange_rate: '1.1234567' }, 'exchange_rate', 'Exchange rate can have at most 6 decimals.'],
    [
      { field_currency: '999999999', exchange_rate: '0.000001' }, // 999,999,999 / 0.000001 ≈ 10^15 dollars
      'exchange_rate',
      'The amount in USD is too large. Check the amount and the exchange rate.',
    ],
    [{ hold_account_id: 'x' }, 'hold_account_id', 'Hold account must be a number.'],
  ])('refuses %j under %s', (change, field, message) => {
    expect(errorsOf(expenseSchema, { ...valid, ...change })[field]).toContain(message);
  });
});

describe('mileage schema', () => {
  it.each([
    [{ odometer_start: '1000', odometer_end: '1042.5' }, '42.5'],
    [{ total_distance: '12.3' }, '12.3'],
    [{ distance: '7' }, '7'],
    [{ odometer_start: '', odometer_end: '', total_distance: '5' }, '5'],
  ])('works out the distance of %j', (readings, distance) => {
    expect(mileageSchema.parse({ date: '2026-03-03', ...readings }).trip_distance).toBe(distance);
  });

  it.each([
    [{ date: '' }, 'date', MESSAGES.dateRequired],
    [{}, 'total_distance', 'Distance is required (or both odometer readings).'],
    [{ total_distance: '0' }, 'total_distance', 'Distance must be greater than 0.'],
    [{ total_distance: '1.25' }, 'total_distance', 'Distance can have at most 1 decimals.'],
    [{ odometer_start: '100' }, 'odometer_end', 'Enter the odometer end too.'],
    [{ odometer_end: '100' }, 'odometer_start', 'Enter the odometer start too.'],
    [
      { odometer_start: '100', odometer_end: '90' },
      'odometer_end',
      'Odometer end must be greater than odometer start.',
    ],
    [{ odometer_start: '0', odometer_end: '200000' }, 'odometer_end', 'A trip can be at most 100000 long.'],
  ])('refuses %j under %s', (change, field, message) => {
    expect(errorsOf(mileageSchema, { date: '2026-03-03', ...change })[field]).toContain(message);
  });
});

describe('report and advance schemas', () => {
  it('needs the advance request for an advance report', () => {
    expect(errorsOf(createReportSchema, { type: 'advance' }).advance_request_id).toBeDefined();
    expect(createReportSchema.parse({ type: 'reimbursement', distance_type: '' })).toEqual({ type: 'reimbursement' });
    expect(errorsOf(createReportSchema, { type: 'travel' }).type).toEqual([
      'Type must be one of: reimbursement, advance.',
    ]);
  });

  it.each(['', '0', '0.00', '-10', undefined])(
    'refuses an approved amount of %j with docs/product.md’s message',
    (amount) => {
      expect(errorsOf(processAdvanceSchema, { amount_approved: amount }).amount_approved).toEqual([
        MESSAGES.approvedAmountZero,
      ]);
    },
  );

  it('accepts a positive approved amount', () => {
    expect(processAdvanceSchema.parse({ amount_approved: '250.5', status: 'approved' })).toEqual({
      amount_approved: 25050,
      status: 'approved',
    });
  });
});
