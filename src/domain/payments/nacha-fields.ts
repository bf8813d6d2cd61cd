import type { IsoDate } from '../dates';

/**
 * Field formatting of NACHA records: alphanumeric fields left-justified and space-filled, numeric
 * fields right-justified and zero-filled, every record exactly 94 characters. A value that does not
 * fit a numeric field is a bug in the caller (an amount over $99,999,999.99), never truncated.
 */
export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;
export const FILL_RECORD = '9'.repeat(RECORD_LENGTH);

/** Text cut or padded to its field: "ACME" in 6 → "ACME  ". */
export function alpha(text: string, length: number): string {
  return text.slice(0, length).padEnd(length, ' ');
}

/** A whole number zero-filled to its field: 42 in 5 → "00042". */
export function numeric(value: number | bigint | string, length: number): string {
  const digits = String(value);
  if (!/^\d+$/.test(digits)) throw new RangeError(`not a NACHA number: ${digits}`);
  if (digits.length > length) throw new RangeError(`${digits} does not fit ${length} digits`);
  return digits.padStart(length, '0');
}

/** "2026-11-30" → "261130". */
export function yymmdd(date: IsoDate): string {
  return `${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`;
}

/** A record is assembled from its fields and must come out 94 characters. */
export function record(...fields: string[]): string {
  const line = fields.join('');
  if (line.length !== RECORD_LENGTH) throw new RangeError(`record of ${line.length} characters: ${line}`);
  return line;
}
