import { daysInMonth, type IsoDate, isIsoDate } from '../dates';

/** Month names, lower case, January first. */
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthIndex(word: string): number | null {
  const lower = word.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((month) => month.startsWith(lower));
  return index === -1 ? null : index + 1;
}

function range(year: number, month: number): { start: IsoDate; end: IsoDate } | null {
  if (year < 1900 || year > 2100 || month < 1 || month > 12) return null;
  const last = daysInMonth(year, month);
  const mm = String(month).padStart(2, '0');
  const start = `${year}-${mm}-01`;
  const end = `${year}-${mm}-${String(last).padStart(2, '0')}`;
  return isIsoDate(start) && isIsoDate(end) ? { start, end } : null;
}

/**
 * The calendar month an upload name names, for the Distribution Form's dates (choosing
 * "November 2026" should fill 11/01–11/30). Offices name uploads "November 2026", "Nov 2026",
 * "2026-11", "11/2026" or "Denari November 2026"; a name that names no single month gives null.
 */
export function monthOfUploadName(name: string): { start: IsoDate; end: IsoDate } | null {
  const text = name.trim();
  const iso = /(?:^|\D)(\d{4})-(\d{1,2})(?:\D|$)/.exec(text);
  if (iso) return range(Number(iso[1]), Number(iso[2]));
  const slashed = /(?:^|\D)(\d{1,2})\/(\d{4})(?:\D|$)/.exec(text);
  if (slashed) return range(Number(slashed[2]), Number(slashed[1]));
  const words = text.split(/[\s,_-]+/);
  const found = words.flatMap((word, at) => {
    const month = monthIndex(word);
    return month === null ? [] : [{ month, at }];
  });
  const years = words.filter((word) => /^\d{4}$/.test(word));
  const [only] = found;
  const [year] = years;
  if (!only || !year || found.length !== 1 || years.length !== 1) return null;
  return range(Number(year), only.month);
}

/**
 * The month a list of uploads names, for the dates of a distribution taking several: the latest
 * month any of them names ("October 2026" left behind and "November 2026 checks" → November, the
 * month being closed; October's leftovers ride along). None naming a month gives null.
 */
export function monthOfUploads(names: readonly string[]): { start: IsoDate; end: IsoDate } | null {
  const months = names.map(monthOfUploadName).filter((month) => month !== null);
  return months.reduce<{ start: IsoDate; end: IsoDate } | null>(
    (latest, month) => (latest === null || month.start > latest.start ? month : latest),
    null,
  );
}

/**
 * The Distribution Form's (and Build MAT Day's) dates after the chosen uploads change: the new
 * uploads' month when the dates are blank or still the previous choice's month (filled by it); dates
 * typed by hand stay.
 */
export function datesAfterUploadsChange(
  previous: readonly string[],
  next: readonly string[],
  dates: { start: string; end: string },
): { start: string; end: string } {
  const month = monthOfUploads(next);
  if (!month) return dates;
  const before = monthOfUploads(previous);
  const blank = dates.start === '' && dates.end === '';
  const filledByPrevious = before !== null && dates.start === before.start && dates.end === before.end;
  return blank || filledByPrevious ? month : dates;
}

/** The same for one upload ('' for none). */
export function datesAfterUploadChange(
  previousUpload: string,
  nextUpload: string,
  dates: { start: string; end: string },
): { start: string; end: string } {
  const list = (name: string) => (name === '' ? [] : [name]);
  return datesAfterUploadsChange(list(previousUpload), list(nextUpload), dates);
}
