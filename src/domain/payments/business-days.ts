import { addDays, type IsoDate, isoDateParts } from '../dates';

/**
 * Banking days for ACH effective entry dates (decision 31, docs/decisions.md): Monday to Friday except
 * the days the Federal Reserve Banks are closed. Holidays are computed per year, never kept as a
 * list to update. The Fed's rule: a holiday on a Sunday closes the Banks on the Monday after; a
 * holiday on a Saturday is NOT moved to the Friday before (the Banks are open that Friday, only the
 * Board of Governors closes), so the Saturday holiday costs no banking day.
 */
export interface FedHoliday {
  name: string;
  /** The holiday's own date. */
  date: IsoDate;
  /** The weekday the Reserve Banks are closed for it, or null when it falls on a Saturday. */
  closed: IsoDate | null;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: IsoDate): number {
  const { year, month, day } = isoDateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

const iso = (year: number, month: number, day: number): IsoDate =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** The nth given weekday of a month (n from 1), e.g. the 3rd Monday of January. */
function nthWeekday(year: number, month: number, day: number, n: number): IsoDate {
  const first = iso(year, month, 1);
  const offset = (day - weekday(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

/** The last given weekday of a month, e.g. the last Monday of May. */
function lastWeekday(year: number, month: number, day: number): IsoDate {
  const nextFirst = month === 12 ? iso(year + 1, 1, 1) : iso(year, month + 1, 1);
  const last = addDays(nextFirst, -1);
  return addDays(last, -((weekday(last) - day + 7) % 7));
}

const MONDAY = 1;
const THURSDAY = 4;

/** The eleven holidays the Federal Reserve observes in a year, in calendar order. */
export function federalReserveHolidays(year: number): FedHoliday[] {
  const holidays: Array<[string, IsoDate]> = [
    ["New Year's Day", iso(year, 1, 1)],
    ['Birthday of Martin Luther King, Jr.', nthWeekday(year, 1, MONDAY, 3)],
    ["Washington's Birthday", nthWeekday(year, 2, MONDAY, 3)],
    ['Memorial Day', lastWeekday(year, 5, MONDAY)],
    ['Juneteenth National Independence Day', iso(year, 6, 19)],
    ['Independence Day', iso(year, 7, 4)],
    ['Labor Day', nthWeekday(year, 9, MONDAY, 1)],
    ['Columbus Day', nthWeekday(year, 10, MONDAY, 2)],
    ['Veterans Day', iso(year, 11, 11)],
    ['Thanksgiving Day', nthWeekday(year, 11, THURSDAY, 4)],
    ['Christmas Day', iso(year, 12, 25)],
  ];
  return holidays.map(([name, date]) => {
    const day = weekday(date);
    return { name, date, closed: day === 6 ? null : day === 0 ? addDays(date, 1) : date };
  });
}

const closedDaysByYear = new Map<number, ReadonlySet<IsoDate>>();

function closedDays(year: number): ReadonlySet<IsoDate> {
  let days = closedDaysByYear.get(year);
  if (!days) {
    days = new Set(federalReserveHolidays(year).flatMap((holiday) => (holiday.closed ? [holiday.closed] : [])));
    closedDaysByYear.set(year, days);
  }
  return days;
}

/** Whether the Federal Reserve settles ACH on this day: a weekday that is not a closed holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const day = weekday(date);
  if (day === 0 || day === 6) return false;
  return !closedDays(isoDateParts(date).year).has(date);
}

/** The first business day on or after a date. */
export function nextBusinessDay(date: IsoDate): IsoDate {
  let candidate = date;
  while (!isBusinessDay(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}

/**
 * The effective entry date of a batch's ACH entries: the MAT date when the Fed settles that day,
 * else the next business day (a MAT date on Saturday 2026-07-04 pays on Monday 2026-07-06; one on
 * Sunday 2027-07-04 on Tuesday 2027-07-06, the Monday being the observed holiday).
 */
export function effectiveEntryDate(matDate: IsoDate): IsoDate {
  return nextBusinessDay(matDate);
}

/**
 * The day a released batch pays from: its MAT date, or the release day when it was released after
 * it (a bank refuses a date that has passed). src/server/payments/release.ts writes
 * the files from it.
 */
export function payDateOf(matDate: IsoDate, releasedOn: IsoDate): IsoDate {
  return matDate >= releasedOn ? matDate : releasedOn;
}

/**
 * The day a payment reaches the bank's books, as its file asks: an ACH entry's effective entry date
 * and a wire's requested execution date are the first business day on or after the pay date; a
 * check is dated the pay date itself.
 */
export function paymentDateOf(
  method: 'ach' | 'wire' | 'check' | 'none',
  matDate: IsoDate,
  releasedOn: IsoDate,
): IsoDate {
  const payDate = payDateOf(matDate, releasedOn);
  return method === 'check' ? payDate : effectiveEntryDate(payDate);
}
