import { customType, timestamp } from 'drizzle-orm/pg-core';
import { type Cents, parseDollars, toDecimalString } from '../../../domain/money';

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

export function centsFromDatabase(value: string | number | null): Cents {
  if (value === null) return 0;
  const text = typeof value === 'number' ? value.toFixed(2) : value;
  const cents = parseDollars(text.includes('.') ? text.replace(/(\.\d{2})\d*$/, '$1') : text);
  if (cents === null) throw new RangeError(`not a money value from the database: ${value}`);
  return cents;
}

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
