import { formatUSDate } from '../domain/dates';
import { type Dollars, formatUSD, parseDollars } from '../domain/money';

/** Dollars from the API (or typed in a form) shown as "$1,234.50" (docs/product.md §9); cents are refused by the type. */
export function money(dollars: Dollars | string | null | undefined): string {
  if (dollars === null || dollars === undefined || dollars === '') return '';
  const cents = parseDollars(typeof dollars === 'number' ? dollars : String(dollars));
  return cents === null ? String(dollars) : formatUSD(cents);
}

/** "2026-11-21" or an ISO instant as MM/DD/YYYY. */
export function date(value: string | null | undefined): string {
  return formatUSDate(value ? value.slice(0, 10) : value);
}

/** Two decimals for inputs of profile money fields (docs/product.md §5). */
export function twoDecimals(dollars: Dollars | null | undefined): string {
  return dollars === null || dollars === undefined ? '' : dollars.toFixed(2);
}

/** An ISO instant as "11/21/2026, 3:01 PM" in the viewer's time zone (histories, mail lists). */
export function dateTime(value: string | null | undefined): string {
  if (!value) return '';
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  return instant.toLocaleString('en-US', {
    month: '2-digit',
    day: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** Today on the user's own calendar (not UTC's), as YYYY-MM-DD: what a new expense or trip is dated. */
export function localToday(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
