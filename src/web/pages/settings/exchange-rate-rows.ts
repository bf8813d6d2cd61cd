import { monthLabel } from '../../../domain/dates';
import type { FieldErrors } from '../../../domain/errors';
import { rateBothWays } from '../../../domain/exchange-rates/rates';

/** One kept rate as the Exchange Rates list shows it. */
export interface RateRow {
  id: string;
  month: string;
  currency: string;
  rate: number;
  monthName: string;
  perDollar: string;
  perUnit: string;
}

/** The kept rates (newest month first, as the server lists them), with both ways of reading each. */
export function rateRows(rates: ReadonlyArray<{ month: string; currency: string; rate: number }>): RateRow[] {
  return rates.map(({ month, currency, rate }) => {
    const { perDollar, perUnit } = rateBothWays(rate, currency);
    return { id: `${month} ${currency}`, month, currency, rate, monthName: monthLabel(month), perDollar, perUnit };
  });
}

/**
 * A refused import's reasons, one line each, rows in file order: "Row 3: Rate must be a number."
 * A problem with the whole file (its header, no rows) comes first, without a row.
 */
export function importProblems(errors: FieldErrors): string[] {
  const rowNumber = (field: string) => Number(/^row (\d+)$/.exec(field)?.[1] ?? 0);
  return Object.entries(errors)
    .sort(([a], [b]) => rowNumber(a) - rowNumber(b))
    .flatMap(([field, messages]) => {
      const row = rowNumber(field);
      return messages.map((message) => (row > 0 ? `Row ${row}: ${message}` : message));
    });
}

/** A rate's field errors from PUT /exchange-rates ("rates.0.rate") under the dialog's field names. */
export function rowFieldErrors(errors: FieldErrors): Array<['month' | 'currency' | 'rate', string]> {
  return Object.entries(errors).flatMap(([field, messages]) => {
    const name = field.replace(/^rates\.\d+\.?/, '') || 'rate';
    const known = name === 'month' || name === 'currency' || name === 'rate';
    return known && messages[0] !== undefined ? [[name, messages[0]] as const] : [];
  });
}
