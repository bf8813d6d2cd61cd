import { type Cents, parseLooseDollars } from '../money';

/**
 * The donation file's rules (DESIGN.md decision 7): headers are matched by name, case-insensitively,
 * with aliases; every value is read exactly or reported with its row number, never guessed.
 * The server turns CSV and Excel files into SourceRows; everything after that happens here.
 */
export interface SourceRow {
  /** Row number as the person sees it in the file (line number, or the sheet's row number). */
  rowNumber: number;
  cells: string[];
}

export type DonationColumn = 'fund' | 'amount' | 'count' | 'accountNumber' | 'name';

export const COLUMN_LABELS: Record<DonationColumn, string> = {
  fund: 'Fund',
  amount: 'Amount',
  count: 'Count',
  accountNumber: 'Account #',
  name: 'Name',
};

/** Header aliases after normalisation (lowercase, `_`/`-`/`.` as spaces, single spaces). */
export const HEADER_ALIASES: Record<DonationColumn, readonly string[]> = {
  fund: ['fund', 'fund name', 'account', 'account name', 'fund description', 'designation'],
  amount: ['amount', 'total', 'total amount', 'gift amount', 'donation amount', 'amount total', 'sum'],
  count: ['count', 'gifts', 'gift count', 'number of gifts', '# of gifts', '# gifts', 'donation count', 'quantity'],
  accountNumber: [
    'account #',
    'account number',
    'account no',
    'acct #',
    'acct number',
    'acct no',
    'missionary number',
    'missionary #',
    'missionary no',
    'missionary id',
    'worker number',
    'field worker number',
  ],
  name: [
    'name',
    'missionary',
    'missionary name',
    'user name',
    'full name',
    'worker',
    'field worker',
    'field worker name',
    'recipient',
    'recipient name',
  ],
};

export function normalizeHeader(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[_\-.:]+/g, ' ')
    .replace(/\s*#\s*/g, ' # ')
    .replace(/\s+/g, ' ')
    .trim();
}

const ALIAS_TO_COLUMN = new Map<string, DonationColumn>(
  (Object.entries(HEADER_ALIASES) as Array<[DonationColumn, readonly string[]]>).flatMap(([column, aliases]) =>
    aliases.map((alias) => [normalizeHeader(alias), column] as [string, DonationColumn]),
  ),
);

export interface HeaderMatch {
  /** Header row's number in the file. */
  rowNumber: number;
  columns: Partial<Record<DonationColumn, number>>;
  /** Headers that are not one of the known columns (ignored, shown in the preview). */
  ignored: string[];
  /** Problems that make the whole file unreadable. */
  errors: string[];
}

/** Matches the header cells to columns; a file needs Amount and at least one of Fund, Account # or Name. */
export function matchHeaders(header: SourceRow): HeaderMatch {
  const columns: Partial<Record<DonationColumn, number>> = {};
  const ignored: string[] = [];
  const errors: string[] = [];
  header.cells.forEach((cell, index) => {
    const text = cell.trim();
    if (text === '') return;
    const column = ALIAS_TO_COLUMN.get(normalizeHeader(text));
    if (!column) {
      ignored.push(text);
      return;
    }
    if (columns[column] !== undefined) {
      errors.push(
        `The file has two ${COLUMN_LABELS[column]} columns ("${header.cells[columns[column]].trim()}" and "${text}"); keep one.`,
      );
      return;
    }
    columns[column] = index;
  });
  if (columns.amount === undefined) {
    errors.push(`The file has no Amount column (headers accepted: ${HEADER_ALIASES.amount.join(', ')}).`);
  }
  if (columns.fund === undefined && columns.accountNumber === undefined && columns.name === undefined) {
    errors.push('The file needs a Fund, Account # or Name column to know whose donation each row is.');
  }
  return { rowNumber: header.rowNumber, columns, ignored, errors };
}

/** One data row, read: values that could not be read are null and explained in `problems`. */
export interface ReadRow {
  rowNumber: number;
  fund: string | null;
  accountNumber: string | null;
  name: string | null;
  amount: Cents | null;
  /** Number of gifts; 1 when the file has no Count column. */
  count: number | null;
  /** The cell texts as found, for showing a row back. */
  amountText: string;
  problems: string[];
}

export interface ReadFile {
  header: HeaderMatch | null;
  rows: ReadRow[];
  /** File-level problems (no header, missing columns, no data rows). */
  errors: string[];
}

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

/**
 * Reads a table: the first non-blank row is the header, blank rows are skipped, every other row
 * becomes a ReadRow with its own problems listed.
 */
export function readDonationTable(source: readonly SourceRow[]): ReadFile {
  const nonBlank = source.filter((row) => !isBlank(row));
  if (nonBlank.length === 0) return { header: null, rows: [], errors: ['The file is empty.'] };
  const header = matchHeaders(nonBlank[0]);
  if (header.errors.length > 0) return { header, rows: [], errors: header.errors };
  const { columns } = header;
  const cell = (row: SourceRow, column: DonationColumn) =>
    columns[column] === undefined ? undefined : (row.cells[columns[column]] ?? '');

  const rows = nonBlank.slice(1).map((row): ReadRow => {
    const problems: string[] = [];
    const amountText = cell(row, 'amount') ?? '';
    const amount = readAmount(amountText);
    if (amount.problem) problems.push(amount.problem);
    let count: number | null = 1;
    const countText = cell(row, 'count');
    if (countText !== undefined) {
      const read = readCount(countText);
      if (read.problem) problems.push(read.problem);
      count = read.count;
    }
    return {
      rowNumber: row.rowNumber,
      fund: textOrNull(cell(row, 'fund')),
      accountNumber: textOrNull(cell(row, 'accountNumber')),
      name: textOrNull(cell(row, 'name')),
      amount: amount.amount,
      count,
      amountText: amountText.trim(),
      problems,
    };
  });
  if (rows.length === 0) return { header, rows, errors: ['The file has a header row but no donation rows.'] };
  return { header, rows, errors: [] };
}
