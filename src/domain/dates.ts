/**
 * Dates are calendar days as `YYYY-MM-DD` strings. No clock lives here: callers pass "today".
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** Days in a month (month from 1): 2028-02 has 29. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Compare two ISO dates; string order is calendar order for this format. */
export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function earliest(dates: readonly IsoDate[]): IsoDate | null {
  return dates.length === 0 ? null : dates.reduce((a, b) => (a <= b ? a : b));
}

export function latest(dates: readonly IsoDate[]): IsoDate | null {
  return dates.length === 0 ? null : dates.reduce((a, b) => (a >= b ? a : b));
}

export function isWithin(date: IsoDate, from: IsoDate, to: IsoDate): boolean {
  return date >= from && date <= to;
}

/** "2026-11-21" → "11/21/2026"; blank, null and "0000-00-00" show as empty (docs/product.md §2.3). */
export function formatUSDate(value: IsoDate | null | undefined): string {
  if (!value || value.startsWith('0000-00-00')) return '';
  const match = ISO_DATE.exec(value.slice(0, 10));
  if (!match) return '';
  return `${match[2]}/${match[3]}/${match[1]}`;
}

/** The calendar day of an instant in UTC, for callers that hold a clock. */
export function isoDateOf(instant: Date): IsoDate {
  return instant.toISOString().slice(0, 10);
}

/** "2026-05-31" → {year: 2026, month: 5, day: 31} (month and day from 1). */
export function isoDateParts(date: IsoDate): { year: number; month: number; day: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const { year, month, day } = isoDateParts(date);
  return isoDateOf(new Date(Date.UTC(year, month - 1, day + days)));
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Month 1–12 named in full ("March") or in three letters ("Mar"); another number as it is. */
export function monthName(month: number, length: 'long' | 'short' = 'long'): string {
  const name = MONTH_NAMES[month - 1];
  if (name === undefined) return String(month);
  return length === 'long' ? name : name.slice(0, 3);
}

/**
 * The month of a date or of a month: "2026-03-31" or "2026-03" → "March 2026", or "Mar 2026" short
 * (the charts' and statements' lists). The one month label of the web, the domain and the demo.
 */
export function monthLabel(dateOrMonth: string, length: 'long' | 'short' = 'long'): string {
  return `${monthName(Number(dateOrMonth.slice(5, 7)), length)} ${dateOrMonth.slice(0, 4)}`;
}
