import type { IsoDate } from '../dates';
import { type Cents, isMoneyInRange, parseLooseDollars } from '../money';
import { type ColumnMapping, type ColumnPlan, planColumns } from './columns';
import { dateWarning, type IsoMonth, readGiftDate, skipReason } from './gift-fields';

/**
 * The donation file's rules (decisions 7 and 24, docs/decisions.md): headers are matched by name,
 * case-insensitively, with aliases, or through a column mapping; every value is read exactly or
 * reported with its row number, never guessed. Files may hold per-fund totals (with a Count
 * column) or one row per gift (donor, date, status). The server turns CSV and Excel files into
 * SourceRows; everything after that happens here.
 */
export interface SourceRow {
  /** Row number as the person sees it in the file (line number, or the sheet's row number). */
  rowNumber: number;
  cells: string[];
}

/** One data row, read: values that could not be read are null and explained in `problems`. */
export interface ReadRow {
  rowNumber: number;
  fund: string | null;
  accountNumber: string | null;
  /** The Missionary column (a missionary's name); a donor's Name never lands here. */
  missionary: string | null;
  /** The giver, as the file names them (name, or first and last name, or donor ID). */
  donor: string | null;
  /** What identifies one donor when counting donors: the donor ID, else the name. */
  donorKey: string | null;
  date: IsoDate | null;
  amount: Cents | null;
  /** Number of gifts; 1 when the file has no Count column. */
  count: number | null;
  /** The cell texts as found, for showing a row back. */
  amountText: string;
  /** Why the gift is not imported (voided, refunded, failed, disputed); null when it counts. */
  skipped: string | null;
  problems: string[];
  /** Things to look at that do not stop the import (a gift date outside the month). */
  warnings: string[];
}

export interface ReadOptions {
  /** The remembered or chosen column mapping (normalised header → role). */
  mapping?: ColumnMapping | null;
  /** The header of the amount column to read when the file has several. */
  amountColumn?: string | null;
  /** The month the upload is for: gift dates outside it are warnings. */
  month?: IsoMonth | null;
}

export interface ReadFile {
  /** The header row's cells as found (blank ones included), empty without a header. */
  headers: string[];
  plan: ColumnPlan | null;
  /** The first data rows as found, for the mapping step. */
  sample: string[][];
  rows: ReadRow[];
  /** File-level problems (no header, missing columns, no data rows). */
  errors: string[];
}

export const SAMPLE_ROWS = 5;
const MAX_COUNT = 2_147_483_647;

function isBlank(row: SourceRow): boolean {
  return row.cells.every((cell) => cell.trim() === '');
}

function textOrNull(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  return /\s\s|[\t\n\r]/.test(text) ? text.replace(/\s+/g, ' ') : text;
}

export function readAmount(text: string): { amount: Cents | null; problem: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { amount: null, problem: 'Amount is missing.' };
  const amount = parseLooseDollars(trimmed);
  if (amount === null)
    return { amount: null, problem: `Amount "${trimmed}" is not a dollar amount (at most 2 decimals).` };
  if (!isMoneyInRange(amount)) {
    return { amount: null, problem: `Amount "${trimmed}" is beyond ±$999,999,999.99.` };
  }
  return { amount, problem: null };
}

export function readCount(text: string): { count: number | null; problem: string | null } {
  const trimmed = text.trim();
  if (trimmed === '') return { count: null, problem: 'Count is missing.' };
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.0+)?$/.test(trimmed)) {
    return { count: null, problem: `Count "${trimmed}" is not a whole number of gifts.` };
  }
  const count = Number(trimmed.replaceAll(',', '').replace(/\.0+$/, ''));
  if (count > MAX_COUNT) return { count: null, problem: `Count "${trimmed}" is too large.` };
  return { count, problem: null };
}

function cellOf(row: SourceRow, index: number | undefined): string | undefined {
  return index === undefined ? undefined : (row.cells[index] ?? '');
}

function donorOf(row: SourceRow, plan: ColumnPlan): { donor: string | null; donorKey: string | null } {
  const { fields } = plan;
  const full = textOrNull(cellOf(row, fields.donor));
  const first = textOrNull(cellOf(row, fields.donorFirst));
  const last = textOrNull(cellOf(row, fields.donorLast));
  const id = textOrNull(cellOf(row, fields.donorId));
  const name = full ?? ([first, last].filter(Boolean).join(' ') || null);
  const donor = name ?? (id ? `Donor ${id}` : null);
  const key = id ? `id:${id.toLowerCase()}` : name ? `name:${name.replace(/\s+/g, ' ').toLowerCase()}` : null;
  return { donor, donorKey: key };
}

/**
 * What a file repeats, read once: a month's gifts carry a few dozen dates and statuses and the same
 * round amounts over a hundred thousand rows, and reading a date (four patterns, a calendar check)
 * costs more than looking it up (the 10 MB import's rules took half a second).
 */
interface ReadCache {
  dates: Map<string, { date: IsoDate | null; warning: string | null }>;
  skips: Map<string, string | null>;
  amounts: Map<string, ReturnType<typeof readAmount>>;
}

function remembered<T>(map: Map<string, T>, key: string, read: () => T): T {
  if (map.has(key)) return map.get(key) as T;
  const value = read();
  map.set(key, value);
  return value;
}

function readRow(
  row: SourceRow,
  headers: readonly string[],
  plan: ColumnPlan,
  month: IsoMonth | null,
  cache: ReadCache,
): ReadRow {
  const { fields } = plan;
  const problems: string[] = [];
  const warnings: string[] = [];
  let skipped: string | null = null;
  for (const index of plan.statusColumns) {
    const value = row.cells[index] ?? '';
    skipped ??= remembered(cache.skips, `${index}\u0000${value}`, () => skipReason(headers[index] ?? '', value));
  }
  const amountText = cellOf(row, plan.amountIndex ?? undefined) ?? '';
  const amount = remembered(cache.amounts, amountText, () => readAmount(amountText));
  if (amount.problem) problems.push(amount.problem);
  let count: number | null = 1;
  const countText = cellOf(row, fields.count);
  if (countText !== undefined) {
    const read = readCount(countText);
    if (read.problem) problems.push(read.problem);
    count = read.count;
  }
  const dateText = cellOf(row, fields.date) ?? '';
  const { date, warning } = remembered(cache.dates, dateText, () => {
    const read = dateText.trim() === '' ? null : readGiftDate(dateText);
    return { date: read, warning: dateWarning(dateText, read, month) };
  });
  if (warning) warnings.push(warning);
  return {
    rowNumber: row.rowNumber,
    fund: textOrNull(cellOf(row, fields.fund)),
    accountNumber: textOrNull(cellOf(row, fields.accountNumber)),
    missionary: textOrNull(cellOf(row, fields.missionary)),
    ...donorOf(row, plan),
    date,
    amount: amount.amount,
    count,
    amountText: amountText.trim(),
    skipped,
    problems,
    warnings,
  };
}

/** The header row's cells (the first non-blank row), or none. */
export function headerCells(source: readonly SourceRow[]): string[] {
  const header = source.find((row) => !isBlank(row));
  return header ? header.cells.map((cell) => cell ?? '') : [];
}

/**
 * Reads a table: the first non-blank row is the header, blank rows are skipped, every other row
 * becomes a ReadRow with its own problems listed. A header that needs a mapping (or an amount
 * column choice) reads no rows; its first rows come back as the sample to map from.
 */
export function readDonationTable(source: readonly SourceRow[], options: ReadOptions = {}): ReadFile {
  const nonBlank = source.filter((row) => !isBlank(row));
  if (nonBlank.length === 0) return { headers: [], plan: null, sample: [], rows: [], errors: ['The file is empty.'] };
  const [headerRow, ...data] = nonBlank;
  const headers = (headerRow?.cells ?? []).map((cell) => cell ?? '');
  const plan = planColumns(headers, options.mapping ?? null, options.amountColumn ?? null);
  const sample = data.slice(0, SAMPLE_ROWS).map((row) => headers.map((_, index) => (row.cells[index] ?? '').trim()));
  if (plan.errors.length > 0) return { headers, plan, sample, rows: [], errors: plan.errors };
  const cache: ReadCache = { dates: new Map(), skips: new Map(), amounts: new Map() };
  const rows = data.map((row) => readRow(row, headers, plan, options.month ?? null, cache));
  if (rows.length === 0) {
    return { headers, plan, sample, rows, errors: ['The file has a header row but no donation rows.'] };
  }
  return { headers, plan, sample, rows, errors: [] };
}

/**
 * Decision 12 (docs/decisions.md): a file whose rows equal an earlier upload's rows is the same file whatever
 * its bytes (encoding, BOM, line endings, trailing blank lines, XLSX vs CSV, row order, column
 * order). The canonical text of the rows — each row's fund, Account #, missionary (case and spacing
 * ignored), amount in cents and count, and for per-gift files the donor, date and skip reason —
 * sorted, is what the server hashes and compares.
 */
export function canonicalRows(rows: readonly ReadRow[]): string {
  const key = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase();
  return rows
    .map((row) => {
      const base: unknown[] = [key(row.fund), key(row.accountNumber), key(row.missionary), row.amount, row.count];
      if (row.donorKey || row.date || row.skipped) base.push(key(row.donorKey), row.date ?? '', row.skipped ?? '');
      return JSON.stringify(base);
    })
    .sort()
    .join('\n');
}
