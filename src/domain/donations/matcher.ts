import type { ReadRow } from './import-file';

/**
 * Row matching (decisions 7 and 12, docs/decisions.md): a row's Fund is matched to an active hold account's
 * fund name, else to a missionary's Account #, else to a missionary's full name (case and spacing
 * ignored); the Account # and name columns, when present, must agree; without a Fund they name the
 * missionary. Anything that does not lead to exactly one missionary is
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

/**
 * What found a row's missionary, shown in the preview's "Matched by" column: a hold account's fund
 * name, a missionary's Account # (in the Fund or the Account # column), or a missionary's full name
 * (in the Fund or the Missionary column).
 */
export const MATCHED_BY = ['fund', 'account_number', 'name'] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];
export const MATCHED_BY_LABELS: Record<MatchedBy, string> = { fund: 'fund', account_number: 'Account #', name: 'name' };

/** The order decision 12 matches a Fund value in, as the import screen states it. */
export const MATCH_ORDER_TEXT =
  "A row's Fund is matched to an active hold account's fund name, then to a missionary's Account #, then to a " +
  "missionary's full name (case and spacing ignored). An Account # or Missionary column names the missionary " +
  'when there is no Fund, and must agree with the Fund when there is one.';

type Match =
  | { ok: true; missionary: DirectoryMissionary; holdAccount: DirectoryHoldAccount | null; matchedBy: MatchedBy }
  | { ok: false; reason: string };

type FoundMissionary =
  | { missionary: DirectoryMissionary; reason: null; by: MatchedBy }
  | { missionary: null; reason: string | null; by: null };

/** The directory's lookups, built once per import: by id, by Account #, by full name, by fund name. */
interface Indexes {
  missionaryById: Map<number, DirectoryMissionary>;
  byAccount: Map<string, DirectoryMissionary[]>;
  byName: Map<string, DirectoryMissionary[]>;
  byFund: Map<string, DirectoryHoldAccount[]>;
}

function indexDirectory(directory: Directory): Indexes {
  return {
    missionaryById: new Map(directory.missionaries.map((m) => [m.id, m])),
    byAccount: groupBy(directory.missionaries, (m) => (m.missionaryNumber ? accountKey(m.missionaryNumber) : null)),
    byName: groupBy(directory.missionaries, (m) => nameKey(m.name)),
    byFund: groupBy(directory.holdAccounts, (h) => fundKey(h.fundName)),
  };
}

const labelOf = (m: DirectoryMissionary) =>
  m.missionaryNumber ? `${m.name} (Account # ${m.missionaryNumber})` : m.name;

const refused = (reason: string): Match => ({ ok: false, reason });

/** The missionary the Account # column (first) or the Missionary column names, or why none. */
function missionaryFor(index: Indexes, row: ReadRow): FoundMissionary {
  if (row.accountNumber) {
    const [only, another] = index.byAccount.get(accountKey(row.accountNumber)) ?? [];
    if (!only) return { missionary: null, reason: `No missionary has Account # "${row.accountNumber}".`, by: null };
    if (another)
      return { missionary: null, reason: `More than one missionary has Account # "${row.accountNumber}".`, by: null };
    return { missionary: only, reason: null, by: 'account_number' };
  }
  if (row.missionary) {
    const [only, another] = index.byName.get(nameKey(row.missionary)) ?? [];
    if (!only) return { missionary: null, reason: `No missionary is named "${row.missionary}".`, by: null };
    if (another)
      return {
        missionary: null,
        reason: `More than one missionary is named "${row.missionary}"; add an Account # column to the file.`,
        by: null,
      };
    return { missionary: only, reason: null, by: 'name' };
  }
  return { missionary: null, reason: null, by: null };
}

/**
 * The missionary a Fund value found (`claim`: "The fund "X" names Y", for the reasons) must agree with
 * what the Account #/Missionary columns say, and must not be archived. The reason it does not, or null.
 */
function disagreement(found: DirectoryMissionary, claim: string, fromColumns: FoundMissionary): string | null {
  if (fromColumns.reason) return `${claim}, but ${lowerFirst(fromColumns.reason)}`;
  if (fromColumns.missionary && fromColumns.missionary.id !== found.id) {
    return `${claim}, but the row names ${labelOf(fromColumns.missionary)}.`;
  }
  return found.archived ? `${labelOf(found)} is archived.` : null;
}

/** A Fund value read as an active hold account's fund name; null when no hold account has that name. */
function matchHoldAccount(index: Indexes, fund: string, fromColumns: FoundMissionary): Match | null {
  const accounts = index.byFund.get(fundKey(fund)) ?? [];
  const active = accounts.filter((h) => !h.archived);
  let candidates = active;
  if (candidates.length > 1 && fromColumns.missionary) {
    candidates = candidates.filter((h) => h.userId === fromColumns.missionary?.id);
  }
  if (candidates.length > 1) {
    return refused(`More than one hold account is named "${fund}"; add an Account # column to the file.`);
  }
  const [holdAccount] = candidates;
  if (candidates.length === 1 && holdAccount) {
    const owner = index.missionaryById.get(holdAccount.userId);
    if (!owner) return refused(`The hold account "${holdAccount.fundName}" has no missionary.`);
    const reason = disagreement(
      owner,
      `The hold account "${holdAccount.fundName}" belongs to ${labelOf(owner)}`,
      fromColumns,
    );
    if (reason) return refused(reason);
    return { ok: true, missionary: owner, holdAccount, matchedBy: 'fund' };
  }
  const [archived] = accounts;
  if (archived && active.length === 0) return refused(`The hold account "${archived.fundName}" is archived.`);
  return null;
}

/**
 * Decision 12 (docs/decisions.md): donor systems often name a missionary's support fund by the missionary's
 * Account # or full name; the Account #/Missionary columns must then agree. Null when it names nobody.
 */
function matchFundNamingMissionary(index: Indexes, fund: string, fromColumns: FoundMissionary): Match | null {
  const byNumber = index.byAccount.get(accountKey(fund)) ?? [];
  const [named, by]: [DirectoryMissionary[], MatchedBy] =
    byNumber.length > 0 ? [byNumber, 'account_number'] : [index.byName.get(nameKey(fund)) ?? [], 'name'];
  if (named.length > 1) {
    return refused(`More than one missionary matches the fund "${fund}"; add an Account # column to the file.`);
  }
  const [missionary] = named;
  if (!missionary) return null;
  const reason = disagreement(missionary, `The fund "${fund}" names ${labelOf(missionary)}`, fromColumns);
  if (reason) return refused(reason);
  return { ok: true, missionary, holdAccount: null, matchedBy: by };
}

/** One row of the file against the directory's indexes. */
function matchRow(index: Indexes, row: ReadRow): Match {
  const fromColumns = missionaryFor(index, row);
  if (row.fund) {
    const matched =
      matchHoldAccount(index, row.fund, fromColumns) ?? matchFundNamingMissionary(index, row.fund, fromColumns);
    if (matched) return matched;
    if (!fromColumns.missionary) {
      const tail = fromColumns.reason
        ? ` and ${lowerFirst(fromColumns.reason)}`
        : ', and the row has no Account # or Missionary column.';
      return refused(`No hold account is named "${row.fund}"${tail}`);
    }
  }
  if (fromColumns.missionary) {
    if (fromColumns.missionary.archived) return refused(`${labelOf(fromColumns.missionary)} is archived.`);
    return { ok: true, missionary: fromColumns.missionary, holdAccount: null, matchedBy: fromColumns.by };
  }
  return refused(fromColumns.reason ?? 'The row has no fund, Account # or missionary.');
}

/** Builds the indexes of a donation file's directory once; the matcher then reads one row at a time. */
export function createMatcher(directory: Directory): (row: ReadRow) => Match {
  const index = indexDirectory(directory);
  return (row) => matchRow(index, row);
}
