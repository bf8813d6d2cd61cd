import type { IsoDate } from '../dates';
import { type Cents, sum } from '../money';
import type { ColumnRole } from './columns';
import type { ReadFile, ReadRow } from './import-file';
import { createMatcher, type Directory, type MatchedBy } from './matcher';

export type { Directory, DirectoryHoldAccount, DirectoryMissionary } from './matcher';
export { fundKey, nameKey } from './matcher';

/**
 * The preview of an import (decisions 7, 12 and 24, docs/decisions.md): matched gifts, rows that stop the
 * import with their reasons, gifts skipped (voided, refunded, failed, disputed) with theirs,
 * warnings that do not stop it, and the control totals per missionary and in all.
 */
export interface MatchedDonation {
  rowNumber: number;
  amount: Cents;
  count: number;
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  holdAccountId: number | null;
  /** The hold account's fund name, or the file's fund text for general donations. */
  fundName: string | null;
  donorName: string | null;
  donorKey: string | null;
  giftDate: IsoDate | null;
  /** What found the missionary: a hold account's fund name, an Account #, or a name. */
  matchedBy: MatchedBy;
}

export interface ProblemRow {
  rowNumber: number;
  fund: string | null;
  accountNumber: string | null;
  /** The Missionary column. */
  name: string | null;
  donor: string | null;
  amountText: string;
  reasons: string[];
}

export interface SkippedRow {
  rowNumber: number;
  fund: string | null;
  donor: string | null;
  amountText: string;
  amount: Cents | null;
  count: number;
  reason: string;
}

export interface WarningRow {
  rowNumber: number;
  fund: string | null;
  donor: string | null;
  warnings: string[];
}

export interface MissionaryTotal {
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  rows: number;
  /** Gifts: the Count column's sum, one per row without it. */
  count: number;
  /** Different donors among the missionary's gifts (rows without a donor are not counted). */
  donors: number;
  /** Donations to the missionary's general fund. */
  general: Cents;
  /** Donations designated to one of the missionary's hold accounts. */
  designated: Cents;
  total: Cents;
}

export interface GrandTotal {
  rows: number;
  matchedRows: number;
  problemRows: number;
  count: number;
  skippedRows: number;
  skippedCount: number;
  skippedTotal: Cents;
  warningRows: number;
  donors: number;
  /** Sum of every readable amount in the file (matched, skipped or not): the control figure. */
  fileTotal: Cents;
  matchedTotal: Cents;
}

/** How the file's columns were read: what the mapping step and the amount choice show. */
export interface ColumnsInfo {
  headers: string[];
  sample: string[][];
  columns: Array<{ header: string; role: ColumnRole; source: 'name' | 'mapping' | 'unknown' }>;
  unknownHeaders: string[];
  mappingNeeded: boolean;
  amountColumns: string[];
  amountColumn: string | null;
  amountChoiceNeeded: boolean;
}

export interface ImportPreview {
  matched: MatchedDonation[];
  problems: ProblemRow[];
  skipped: SkippedRow[];
  warnings: WarningRow[];
  /** File-level problems (unreadable file, missing columns). */
  fileErrors: string[];
  ignoredHeaders: string[];
  columns: ColumnsInfo;
  byMissionary: MissionaryTotal[];
  grand: GrandTotal;
  canImport: boolean;
}

function columnsInfo(file: ReadFile): ColumnsInfo {
  const plan = file.plan;
  const header = (index: number) => (file.headers[index] ?? '').trim();
  return {
    headers: file.headers.map((cell) => cell.trim()),
    sample: file.sample,
    columns: (plan?.columns ?? []).map(({ header, role, source }) => ({ header, role, source })),
    unknownHeaders: plan?.unknown ?? [],
    mappingNeeded: plan?.mappingNeeded ?? false,
    amountColumns: (plan?.amountColumns ?? []).map(header),
    amountColumn: plan?.amountIndex === null || plan?.amountIndex === undefined ? null : header(plan.amountIndex),
    amountChoiceNeeded: plan?.amountChoiceNeeded ?? false,
  };
}

function skippedRow(row: ReadRow, reason: string): SkippedRow {
  return {
    rowNumber: row.rowNumber,
    fund: row.fund,
    donor: row.donor,
    amountText: row.amountText,
    amount: row.amount,
    count: row.count ?? 1,
    reason,
  };
}

/** The preview: matched rows, problem rows with reasons, skipped and warned rows, control totals. */
export function buildPreview(file: ReadFile, directory: Directory): ImportPreview {
  const match = createMatcher(directory);
  const matched: MatchedDonation[] = [];
  const problems: ProblemRow[] = [];
  const skipped: SkippedRow[] = [];
  const warnings: WarningRow[] = [];
  for (const row of file.rows) {
    if (row.skipped) {
      skipped.push(skippedRow(row, row.skipped));
      continue;
    }
    if (row.warnings.length > 0) {
      warnings.push({ rowNumber: row.rowNumber, fund: row.fund, donor: row.donor, warnings: row.warnings });
    }
    const reasons = [...row.problems];
    const result = match(row);
    if (!result.ok) reasons.push(result.reason);
    if (reasons.length > 0 || !result.ok || row.amount === null || row.count === null) {
      problems.push({
        rowNumber: row.rowNumber,
        fund: row.fund,
        accountNumber: row.accountNumber,
        name: row.missionary,
        donor: row.donor,
        amountText: row.amountText,
        reasons,
      });
      continue;
    }
    matched.push({
      rowNumber: row.rowNumber,
      amount: row.amount,
      count: row.count,
      userId: result.missionary.id,
      userName: result.missionary.name,
      missionaryNumber: result.missionary.missionaryNumber,
      holdAccountId: result.holdAccount?.id ?? null,
      fundName: result.holdAccount?.fundName ?? row.fund,
      donorName: row.donor,
      donorKey: row.donorKey,
      giftDate: row.date,
      matchedBy: result.matchedBy,
    });
  }
  const byMissionary = missionaryTotals(matched);
  return {
    matched,
    problems,
    skipped,
    warnings,
    fileErrors: file.errors,
    ignoredHeaders: (file.plan?.columns ?? []).filter((c) => c.role === 'ignore').map((c) => c.header),
    columns: columnsInfo(file),
    byMissionary,
    grand: {
      rows: file.rows.length,
      matchedRows: matched.length,
      problemRows: problems.length,
      count: matched.reduce((total, row) => total + row.count, 0),
      skippedRows: skipped.length,
      skippedCount: skipped.reduce((total, row) => total + row.count, 0),
      skippedTotal: sum(skipped.map((row) => row.amount ?? 0)),
      warningRows: warnings.length,
      donors: new Set(matched.map((row) => row.donorKey).filter((key) => key !== null)).size,
      fileTotal: sum(file.rows.map((row) => row.amount ?? 0)),
      matchedTotal: sum(matched.map((row) => row.amount)),
    },
    canImport: file.errors.length === 0 && problems.length === 0 && matched.length > 0,
  };
}

/** Per-missionary control totals, sorted by name. */
export function missionaryTotals(rows: readonly MatchedDonation[]): MissionaryTotal[] {
  const totals = new Map<number, MissionaryTotal & { donorKeys: Set<string> }>();
  for (const row of rows) {
    let total = totals.get(row.userId);
    if (!total) {
      total = {
        userId: row.userId,
        userName: row.userName,
        missionaryNumber: row.missionaryNumber,
        rows: 0,
        count: 0,
        donors: 0,
        general: 0,
        designated: 0,
        total: 0,
        donorKeys: new Set(),
      };
      totals.set(row.userId, total);
    }
    total.rows += 1;
    total.count += row.count;
    if (row.donorKey) total.donorKeys.add(row.donorKey);
    if (row.holdAccountId === null) total.general = sum([total.general, row.amount]);
    else total.designated = sum([total.designated, row.amount]);
    total.total = sum([total.total, row.amount]);
  }
  return [...totals.values()]
    .map(({ donorKeys, ...total }) => ({ ...total, donors: donorKeys.size }))
    .sort((a, b) => a.userName.localeCompare(b.userName) || a.userId - b.userId);
}

/** What the missionaries left out of a bounded list add up to (decisions 12 and 18, docs/decisions.md). */
export interface OtherMissionariesTotal {
  missionaries: number;
  rows: number;
  count: number;
  general: Cents;
  designated: Cents;
  total: Cents;
}

/**
 * At most `limit` missionaries' totals — the largest by amount (ties: by name), listed by name — and
 * what the others add up to (null when every missionary is listed), so an answer stays the same size
 * however many missionaries a file names while the listed figures and the rest still add up exactly.
 */
export function boundedMissionaryTotals(
  totals: readonly MissionaryTotal[],
  limit: number,
): { listed: MissionaryTotal[]; others: OtherMissionariesTotal | null } {
  if (totals.length <= limit) return { listed: [...totals], others: null };
  const bySize = [...totals].sort(
    (a, b) => Math.abs(b.total) - Math.abs(a.total) || a.userName.localeCompare(b.userName) || a.userId - b.userId,
  );
  const listed = bySize.slice(0, limit);
  const rest = bySize.slice(limit);
  const byName = (a: MissionaryTotal, b: MissionaryTotal) =>
    a.userName.localeCompare(b.userName) || a.userId - b.userId;
  return {
    listed: listed.sort(byName),
    others: {
      missionaries: rest.length,
      rows: rest.reduce((n, total) => n + total.rows, 0),
      count: rest.reduce((n, total) => n + total.count, 0),
      general: sum(rest.map((total) => total.general)),
      designated: sum(rest.map((total) => total.designated)),
      total: sum(rest.map((total) => total.total)),
    },
  };
}
