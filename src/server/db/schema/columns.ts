import { customType, timestamp } from 'drizzle-orm/pg-core';
import { type Cents, parseDecimal, pow10, toDecimalString } from '../../../domain/money';

/** numeric(14,2) in the database, integer cents in TypeScript. */
export const money = customType<{ data: Cents; driverData: string | number }>({
  dataType() {
    return 'numeric(14, 2)';
  },
  toDriver(value) {
    return toDecimalString(value);
  },
  fromDriver(value) {
    return centsFromDatabase(value);
  },
});

/** What PostgreSQL sends for a numeric(14,2): digits, a point, two digits (at most 15 digits: a safe integer). */
const MONEY_TEXT = /^-?\d{1,13}\.\d\d$/;

export function centsFromDatabase(value: string | number | null): Cents {
  if (value === null) return 0;
  // The common case without BigInt: "1234.50" is 123450 cents once the point is dropped (+ 0 turns
  // the -0 of "-0.00" into 0).
  if (typeof value === 'string' && MONEY_TEXT.test(value)) return Number(value.slice(0, -3) + value.slice(-2)) + 0;
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  // Any number of whole digits: aggregates (sum over many rows) may pass the column's own range,
  // and reading them must never fail (decision 17, docs/decisions.md).
  const decimal = parseDecimal(text.includes('.') ? text.replace(/(\.\d{2})\d*$/, '$1') : text);
  const cents = decimal === null ? null : Number(decimal.value * pow10(2 - decimal.scale));
  if (cents === null || !Number.isSafeInteger(cents))
    throw new RangeError(`not a money value from the database: ${value}`);
  return cents;
}

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
