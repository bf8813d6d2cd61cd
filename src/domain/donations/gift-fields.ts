import { type IsoDate, isIsoDate } from '../dates';
import { MONTHS, monthOfUploadName } from './upload-month';

/**
 * Per-gift columns of donor exports (decision 24, docs/decisions.md): a void flag or a status that keeps a
 * gift out of the import, the gift's date, and the month an upload is for.
 */

const FLAG_YES = new Set(['yes', 'y', 'true', '1', 'x']);
const FLAG_NO = new Set(['', 'no', 'n', 'false', '0']);

/** Statuses that mean no money reached the organisation: the gift is skipped, never imported. */
const SKIPPED_STATUSES: Record<string, string> = {
  void: 'Voided',
  voided: 'Voided',
  refunded: 'Refunded',
  refund: 'Refunded',
  'partially refunded': 'Refunded',
  failed: 'Failed',
  declined: 'Failed',
  disputed: 'Disputed',
  chargeback: 'Disputed',
  'charged back': 'Disputed',
};

/**
 * Why a gift is skipped, from one status or void column: the header says which kind of column it is
 * (`Voided`/`Void`/`Refunded` hold yes/no flags, others hold a status word). Null: the gift counts.
 */
export function skipReason(header: string, value: string): string | null {
  const text = value.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
  const flagColumn = /^(is )?(void|voided|refunded)$/.test(header.trim().toLowerCase().replace(/[_-]+/g, ' '));
  if (flagColumn) {
    if (FLAG_YES.has(text)) return /refund/i.test(header) ? 'Refunded' : 'Voided';
    if (FLAG_NO.has(text)) return null;
  }
  return SKIPPED_STATUSES[text] ?? null;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function isoOf(year: number, month: number, day: number): IsoDate | null {
  const iso = `${year}-${pad(month)}-${pad(day)}`;
  return isIsoDate(iso) && year >= 1900 && year <= 2100 ? iso : null;
}

/**
 * A gift date as donor systems write it: `2026-11-03` (with or without a time after it),
 * `11/3/2026`, `11/3/26` (US order), `3-Nov-2026`, `Nov 3, 2026`. Null when it cannot be read.
 */
export function readGiftDate(text: string): IsoDate | null {
  const value = text.trim();
  // Each pattern's groups all take part in a match, so a matched group is never undefined ('' only
  // to satisfy the checker).
  let match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T\s].*)?$/.exec(value);
  if (match) return isoOf(Number(match[1]), Number(match[2]), Number(match[3]));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})(?:\s.*)?$/.exec(value);
  if (match) {
    const yearText = match[3] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    return isoOf(year, Number(match[1]), Number(match[2]));
  }
  match = /^(\d{1,2})[-\s]([A-Za-z]{3,9})[-\s,]+(\d{4})$/.exec(value);
  if (match) return monthNamed(match[2] ?? '', Number(match[3]), Number(match[1]));
  match = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(value);
  if (match) return monthNamed(match[1] ?? '', Number(match[3]), Number(match[2]));
  return null;
}

function monthIndex(name: string): number {
  const lower = name.toLowerCase();
  return MONTHS.findIndex((month) => month === lower || (lower.length >= 3 && month.startsWith(lower))) + 1;
}

function monthNamed(name: string, year: number, day: number): IsoDate | null {
  const month = monthIndex(name);
  return month === 0 ? null : isoOf(year, month, day);
}

/** `YYYY-MM`. */
export type IsoMonth = string;

export function isIsoMonth(value: string): value is IsoMonth {
  return (
    /^\d{4}-(0[1-9]|1[0-2])$/.test(value) && Number(value.slice(0, 4)) >= 1900 && Number(value.slice(0, 4)) <= 2100
  );
}

/** The month an upload is for, read from its name (upload-month.ts), or null. */
export function uploadMonth(name: string): IsoMonth | null {
  return monthOfUploadName(name)?.start.slice(0, 7) ?? null;
}

/** A warning when a gift's date is unreadable or outside the upload's month; null when it is fine. */
export function dateWarning(text: string, date: IsoDate | null, month: IsoMonth | null): string | null {
  if (text.trim() === '') return null;
  if (date === null) return `Gift date "${text.trim()}" could not be read.`;
  if (month !== null && !date.startsWith(`${month}-`)) {
    return `Gift date ${date} is outside the upload's month (${month}).`;
  }
  return null;
}
