import { z } from 'zod';
import { CURRENCY_CODES } from '../currencies';
import { CsvSyntaxError, parseDelimited } from '../donations/csv';
import type { SourceRow } from '../donations/import-file';
import { decimalField } from '../fields';

/**
 * Exchange rates (decision 37 of docs/decisions.md): the office keeps one rate per month and
 * currency, as units of the currency one US dollar buys (129.5 KES), the direction an expense's
 * exchange_rate already has. The expense form suggests that month's rate, else the missionary's last.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export const exchangeRateRowSchema = z.object({
  month: z.string({ error: 'Month must be text.' }).trim().regex(MONTH, 'Month must be a month (YYYY-MM).'),
  currency: z
    .string({ error: 'Currency must be text.' })
    .trim()
    .transform((code) => code.toUpperCase())
    .refine((code) => code !== 'USD' && CURRENCY_CODES.has(code), 'Currency must be an ISO 4217 code other than USD.'),
  rate: decimalField('Rate', { scale: 6, max: 1_000_000_000 }).refine(
    (rate) => Number(rate) > 0,
    'Rate must be greater than 0.',
  ),
});
export type ExchangeRateRow = z.output<typeof exchangeRateRowSchema>;

/** PUT /exchange-rates: rows to keep (a month and currency already kept is replaced). */
export const putExchangeRatesSchema = z.object({
  rates: z.array(exchangeRateRowSchema, { error: 'Rates must be a list.' }).max(5000, 'At most 5000 rates at once.'),
});

/** POST /exchange-rates/import: the CSV text, a header `month,currency,rate` then one row a line. */
export const importExchangeRatesSchema = z.object({
  csv: z.string({ error: 'The CSV file is required.' }).min(1, 'The CSV file is required.').max(1_000_000),
});

export const EXCHANGE_RATE_HEADER = ['month', 'currency', 'rate'] as const;

export type CsvResult = { ok: true; rows: ExchangeRateRow[] } | { ok: false; errors: Record<string, string[]> };

/**
 * Reads the import CSV: a header naming month, currency and rate (any order, any case), then rows.
 * Cells are read as RFC 4180 says (the donation import's reader): quotes, doubled quotes, commas and
 * line breaks inside quotes, CRLF. A quoted "129,50" is 129.50 by decision 23's decimal comma.
 * Every bad row is named ("row 3": the file's line number where the row starts, header = row 1) so
 * the admin can fix the file in one go; nothing is kept unless every row is good.
 */
export function parseExchangeRateCsv(text: string): CsvResult {
  let records: SourceRow[];
  try {
    records = readRecords(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ok: false, errors: { [`row ${error.line}`]: [error.message] } };
    throw error;
  }
  const header = (records[0]?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const [month, currency, rate] = EXCHANGE_RATE_HEADER.map((name) => header.indexOf(name));
  if (month === undefined || currency === undefined || rate === undefined || Math.min(month, currency, rate) < 0) {
    return { ok: false, errors: { csv: ['The first line must name the columns month, currency and rate.'] } };
  }
  const rows: ExchangeRateRow[] = [];
  const errors: Record<string, string[]> = {};
  for (const { rowNumber, cells } of records.slice(1)) {
    if (isBlank(cells)) continue;
    const parsed = exchangeRateRowSchema.safeParse({
      month: cells[month],
      currency: cells[currency],
      rate: cells[rate],
    });
    if (parsed.success) rows.push(parsed.data);
    else errors[`row ${rowNumber}`] = parsed.error.issues.map((issue) => issue.message);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: { csv: ['The file has no rates.'] } };
  return { ok: true, rows };
}

/**
 * How many rates a chosen file holds, for the confirmation before it is sent: its rows after the
 * header, read as the import reads them (a line break inside quotes does not start a row; blank rows
 * are skipped). A file the reader refuses is counted by its non-blank lines; the import then names
 * the row it stopped at.
 */
export function exchangeRateCount(text: string): number {
  try {
    return readRecords(text)
      .slice(1)
      .filter(({ cells }) => !isBlank(cells)).length;
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return Math.max(0, text.split(/\r?\n/).filter((line) => line.trim() !== '').length - 1);
  }
}

/** The file's records as the import reads them (a byte-order mark dropped); may throw CsvSyntaxError. */
function readRecords(text: string): SourceRow[] {
  return parseDelimited(text.replace(/^\uFEFF/, ''));
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/** The rate to suggest: that month's office rate, else the missionary's last one for the currency. */
export function suggestRate(
  officeRates: ReadonlyArray<{ month: string; currency: string; rate: number }>,
  month: string,
  currency: string,
  lastUsed: number | null,
): { rate: number; source: 'office' | 'last' } | null {
  const office = officeRates.find((row) => row.month === month && row.currency === currency);
  if (office) return { rate: office.rate, source: 'office' };
  return lastUsed !== null && lastUsed > 0 ? { rate: lastUsed, source: 'last' } : null;
}

/** A rate as the missionary reads it: at least two decimals, up to six, no trailing zeros beyond two. */
export function formatRate(rate: number): string {
  const [whole, fraction = ''] = rate.toFixed(6).replace(/0+$/, '').split('.');
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** The rate both ways: "1 US$ = 129.50 KES" and "1 KES = 0.0077 US$". */
export function rateBothWays(rate: number, currency: string): { perDollar: string; perUnit: string } {
  const inverse = 1 / rate;
  // Two significant digits of the small side: 0.0077, 0.00027; at least cents for 1.27.
  const digits = Math.min(10, Math.max(2, 1 - Math.floor(Math.log10(inverse))));
  return {
    perDollar: `1 US$ = ${formatRate(rate)} ${currency}`,
    perUnit: `1 ${currency} = ${inverse.toFixed(digits)} US$`,
  };
}

/**
 * A typed rate that is the suggestion turned around (US dollars per unit instead of units per US
 * dollar): their product is within 25 % of 1 while the two are not within 25 % of each other. 0.0077
 * against 129.50 is; 128 against 129.50 is not, nor is 1.02 against 0.98 (a currency near the dollar
 * cannot be told apart that way).
 */
export function looksInverted(typed: number, suggested: number): boolean {
  if (!(typed > 0) || !(suggested > 0)) return false;
  const near = (ratio: number) => ratio >= 0.8 && ratio <= 1.25;
  return near(typed * suggested) && !near(typed / suggested);
}
