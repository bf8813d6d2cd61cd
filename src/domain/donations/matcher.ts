import type { ReadRow } from './import-file';

/**
 * Row matching (DESIGN.md decisions 7 and 12): a row's Fund is matched to an active hold account's
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

export function createMatcher(directory: Directory) {
  const missionaryById = new Map(directory.missionaries.map((m) => [m.id, m]));
  const byAccount = groupBy(directory.missionaries, (m) =>
    m.missionaryNumber ? accountKey(m.missionaryNumber) : null,
  );
  const byName = groupBy(directory.missionaries, (m) => nameKey(m.name));
  const byFund = groupBy(directory.holdAccounts, (h) => fundKey(h.fundName));

  const labelOf = (m: DirectoryMissionary) =>
    m.missionaryNumber ? `${m.name} (Account # ${m.missionaryNumber})` : m.name;

  function missionaryFor(row: ReadRow): FoundMissionary {
    if (row.accountNumber) {
      const found = byAccount.get(accountKey(row.accountNumber)) ?? [];
      if (found.length === 0)
        return { missionary: null, reason: `No missionary has Account # "${row.accountNumber}".`, by: null };
      if (found.length > 1)
        return {
          missionary: null,
          reason: `More than one missionary has Account # "${row.accountNumber}".`,
          by: null,
        };
      return { missionary: found[0], reason: null, by: 'account_number' };
    }
    if (row.missionary) {
      const found = byName.get(nameKey(row.missionary)) ?? [];
      if (found.length === 0)
        return { missionary: null, reason: `No missionary is named "${row.missionary}".`, by: null };
      if (found.length > 1)
        return {
          missionary: null,
          reason: `More than one missionary is named "${row.missionary}"; add an Account # column to the file.`,
          by: null,
        };
      return { missionary: found[0], reason: null, by: 'name' };
    }
    return { missionary: null, reason: null, by: null };
  }

  /** A fund text read as a missionary's Account #, else as their full name. */
  function missionaryNamedBy(fund: string): { found: DirectoryMissionary[]; by: MatchedBy } {
    const byNumber = byAccount.get(accountKey(fund)) ?? [];
    return byNumber.length > 0
      ? { found: byNumber, by: 'account_number' }
      : { found: byName.get(nameKey(fund)) ?? [], by: 'name' };
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
        return { ok: true, missionary: owner, holdAccount, matchedBy: 'fund' };
      }
      if (accounts.length > 0 && active.length === 0) {
        return { ok: false, reason: `The hold account "${accounts[0].fundName}" is archived.` };
      }
      // DESIGN.md decision 12: donor systems often name a missionary's support fund by the
      // missionary's Account # or full name; the Account #/Missionary columns must then agree.
      const { found: named, by } = missionaryNamedBy(row.fund);
      if (named.length > 1) {
        return {
          ok: false,
          reason: `More than one missionary matches the fund "${row.fund}"; add an Account # column to the file.`,
        };
      }
      if (named.length === 1) {
        const missionary = named[0];
        if (fromColumns.reason)
          return {
            ok: false,
            reason: `The fund "${row.fund}" names ${labelOf(missionary)}, but ${lowerFirst(fromColumns.reason)}`,
          };
        if (fromColumns.missionary && fromColumns.missionary.id !== missionary.id) {
          return {
            ok: false,
            reason: `The fund "${row.fund}" names ${labelOf(missionary)}, but the row names ${labelOf(fromColumns.missionary)}.`,
          };
        }
        if (missionary.archived) return { ok: false, reason: `${labelOf(missionary)} is archived.` };
        return { ok: true, missionary, holdAccount: null, matchedBy: by };
      }
      if (!fromColumns.missionary) {
        const tail = fromColumns.reason
          ? ` and ${lowerFirst(fromColumns.reason)}`
          : ', and the row has no Account # or Missionary column.';
        return { ok: false, reason: `No hold account is named "${row.fund}"${tail}` };
      }
    }
    if (fromColumns.missionary) {
      if (fromColumns.missionary.archived)
        return { ok: false, reason: `${labelOf(fromColumns.missionary)} is archived.` };
      return {
        ok: true,
        missionary: fromColumns.missionary,
        holdAccount: null,
        matchedBy: fromColumns.by,
      };
    }
    return { ok: false, reason: fromColumns.reason ?? 'The row has no fund, Account # or missionary.' };
  };
}
