import { type Cents, sum } from '../money';
import type { ReadFile, ReadRow } from './import-file';

/**
 * Row matching (DESIGN.md decision 7): a row is matched to a hold account by fund name, else to a
 * missionary by Account #, else by name. Anything that does not lead to exactly one missionary is
 * reported with a reason; nothing is guessed.
 */
export interface DirectoryMissionary {
  id: number;
  name: string;
  missionaryNumber: string | null;
  archived: boolean;
}

export interface DirectoryHoldAccount {
  id: number;
  fundName: string;
  userId: number;
  archived: boolean;
}

export interface Directory {
  missionaries: readonly DirectoryMissionary[];
  holdAccounts: readonly DirectoryHoldAccount[];
}

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
}

export interface ProblemRow {
  rowNumber: number;
  fund: string | null;
  accountNumber: string | null;
  name: string | null;
  amountText: string;
  reasons: string[];
}

export interface MissionaryTotal {
  userId: number;
  userName: string;
  missionaryNumber: string | null;
  rows: number;
  count: number;
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
  /** Sum of every readable amount in the file (matched or not): the control figure. */
  fileTotal: Cents;
  matchedTotal: Cents;
}

export interface ImportPreview {
  matched: MatchedDonation[];
  problems: ProblemRow[];
  /** File-level problems (unreadable file, missing columns). */
  fileErrors: string[];
  ignoredHeaders: string[];
  byMissionary: MissionaryTotal[];
  grand: GrandTotal;
  canImport: boolean;
}

/** Lowercase, single spaces; "Smith, John" and "John Smith" are the same name. */
export function nameKey(name: string): string {
  const text = name.replace(/\s+/g, ' ').trim().toLowerCase();
  const parts = text.split(',').map((part) => part.trim());
  return parts.length === 2 && parts[0] !== '' && parts[1] !== '' ? `${parts[1]} ${parts[0]}` : text;
}

export function fundKey(fund: string): string {
  return fund.replace(/\s+/g, ' ').trim().toLowerCase();
}

function accountKey(number: string): string {
  return number.replace(/\s+/g, '').toLowerCase();
}

function lowerFirst(text: string): string {
  return `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null || k === '') continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

type Match =
  | { ok: true; missionary: DirectoryMissionary; holdAccount: DirectoryHoldAccount | null }
  | { ok: false; reason: string };

export function createMatcher(directory: Directory) {
  const missionaryById = new Map(directory.missionaries.map((m) => [m.id, m]));
  const byAccount = groupBy(directory.missionaries, (m) =>
    m.missionaryNumber ? accountKey(m.missionaryNumber) : null,
  );
  const byName = groupBy(directory.missionaries, (m) => nameKey(m.name));
  const byFund = groupBy(directory.holdAccounts, (h) => fundKey(h.fundName));

  const labelOf = (m: DirectoryMissionary) =>
    m.missionaryNumber ? `${m.name} (Account # ${m.missionaryNumber})` : m.name;

  function missionaryFor(row: ReadRow): { missionary: DirectoryMissionary | null; reason: string | null } {
    if (row.accountNumber) {
      const found = byAccount.get(accountKey(row.accountNumber)) ?? [];
      if (found.length === 0)
        return { missionary: null, reason: `No missionary has Account # "${row.accountNumber}".` };
      if (found.length > 1)
        return { missionary: null, reason: `More than one missionary has Account # "${row.accountNumber}".` };
      return { missionary: found[0], reason: null };
    }
    if (row.name) {
      const found = byName.get(nameKey(row.name)) ?? [];
      if (found.length === 0) return { missionary: null, reason: `No missionary is named "${row.name}".` };
      if (found.length > 1)
        return {
          missionary: null,
          reason: `More than one missionary is named "${row.name}"; add an Account # column to the file.`,
        };
      return { missionary: found[0], reason: null };
    }
    return { missionary: null, reason: null };
  }

  return function match(row: ReadRow): Match {
    const fromColumns = missionaryFor(row);
    if (row.fund) {
      const accounts = byFund.get(fundKey(row.fund)) ?? [];
      const active = accounts.filter((h) => !h.archived);
      let candidates = active;
      if (candidates.length > 1 && fromColumns.missionary) {
        candidates = candidates.filter((h) => h.userId === fromColumns.missionary?.id);
      }
      if (candidates.length > 1) {
        return {
          ok: false,
          reason: `More than one hold account is named "${row.fund}"; add an Account # column to the file.`,
        };
      }
      if (candidates.length === 1) {
        const holdAccount = candidates[0];
        const owner = missionaryById.get(holdAccount.userId);
        if (!owner) return { ok: false, reason: `The hold account "${holdAccount.fundName}" has no missionary.` };
        if (fromColumns.reason) {
          return {
            ok: false,
            reason: `The hold account "${holdAccount.fundName}" belongs to ${labelOf(owner)}, but ${lowerFirst(fromColumns.reason)}`,
          };
        }
        if (fromColumns.missionary && fromColumns.missionary.id !== owner.id) {
          return {
            ok: false,
            reason: `The hold account "${holdAccount.fundName}" belongs to ${labelOf(owner)}, but the row names ${labelOf(fromColumns.missionary)}.`,
          };
        }
        if (owner.archived) return { ok: false, reason: `${labelOf(owner)} is archived.` };
        return { ok: true, missionary: owner, holdAccount };
      }
      if (accounts.length > 0 && active.length === 0) {
        return { ok: false, reason: `The hold account "${accounts[0].fundName}" is archived.` };
      }
      if (!fromColumns.missionary) {
        const tail = fromColumns.reason
          ? ` and ${lowerFirst(fromColumns.reason)}`
          : ', and the row has no Account # or name of a missionary.';
        return { ok: false, reason: `No hold account is named "${row.fund}"${tail}` };
      }
    }
    if (fromColumns.missionary) {
      if (fromColumns.missionary.archived)
        return { ok: false, reason: `${labelOf(fromColumns.missionary)} is archived.` };
      return { ok: true, missionary: fromColumns.missionary, holdAccount: null };
    }
    return { ok: false, reason: fromColumns.reason ?? 'The row has no fund, Account # or name.' };
  };
}

/** The preview: matched rows, problem rows with reasons, per-missionary and grand control totals. */
export function buildPreview(file: ReadFile, directory: Directory): ImportPreview {
  const match = createMatcher(directory);
  const matched: MatchedDonation[] = [];
  const problems: ProblemRow[] = [];
  for (const row of file.rows) {
    const reasons = [...row.problems];
    const result = match(row);
    if (!result.ok) reasons.push(result.reason);
    if (reasons.length > 0 || !result.ok || row.amount === null || row.count === null) {
      problems.push({
        rowNumber: row.rowNumber,
        fund: row.fund,
        accountNumber: row.accountNumber,
        name: row.name,
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
    });
  }
  const byMissionary = missionaryTotals(matched);
  const matchedTotal = sum(matched.map((row) => row.amount));
  const fileTotal = sum(file.rows.map((row) => row.amount ?? 0));
  return {
    matched,
    problems,
    fileErrors: file.errors,
    ignoredHeaders: file.header?.ignored ?? [],
    byMissionary,
    grand: {
      rows: file.rows.length,
      matchedRows: matched.length,
      problemRows: problems.length,
      count: matched.reduce((total, row) => total + row.count, 0),
      fileTotal,
      matchedTotal,
    },
    canImport: file.errors.length === 0 && problems.length === 0 && matched.length > 0,
  };
}

/** Per-missionary control totals, sorted by name. */
export function missionaryTotals(rows: readonly MatchedDonation[]): MissionaryTotal[] {
  const totals = new Map<number, MissionaryTotal>();
  for (const row of rows) {
    let total = totals.get(row.userId);
    if (!total) {
      total = {
        userId: row.userId,
        userName: row.userName,
        missionaryNumber: row.missionaryNumber,
        rows: 0,
        count: 0,
        general: 0,
        designated: 0,
        total: 0,
      };
      totals.set(row.userId, total);
    }
    total.rows += 1;
    total.count += row.count;
    if (row.holdAccountId === null) total.general = sum([total.general, row.amount]);
    else total.designated = sum([total.designated, row.amount]);
    total.total = sum([total.total, row.amount]);
  }
  return [...totals.values()].sort((a, b) => a.userName.localeCompare(b.userName) || a.userId - b.userId);
}
