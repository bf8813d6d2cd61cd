import type { IsoDate } from '../dates';

/**
 * One missionary, one distribution per day (docs/distribution.md "One distribution per day"): two
 * distributions of one missionary never share a day of their ranges (start and end dates both
 * included), whether pending or approved. A reversed distribution no longer counts. Every route that
 * makes a distribution or moves its dates asks `findOverlap` under the missionary's lock, in the
 * transaction that writes; the ledger check and the office model use `overlappingPairs`.
 */
export interface DatedDistribution {
  id: number;
  userId: number;
  startDate: IsoDate;
  endDate: IsoDate;
  status: string;
}

/** The range a new or edited distribution asks for; `id` null for a new one. */
export interface WantedRange {
  id: number | null;
  userId: number;
  startDate: IsoDate;
  endDate: IsoDate;
}

/** The 409 when the database refused an overlap and the other distribution could not be read back. */
export const OVERLAP_UNKNOWN =
  "Another distribution of this missionary shares days with these dates; a missionary's distributions may not share a day.";

/** Whether a distribution counts for the rule: every status but `reversed`. */
export function countsForOverlap(status: string): boolean {
  return status !== 'reversed';
}

/** Whether two inclusive date ranges share at least one day (YYYY-MM-DD compares as text). */
export function rangesOverlap(
  a: { startDate: IsoDate; endDate: IsoDate },
  b: { startDate: IsoDate; endDate: IsoDate },
) {
  return a.startDate <= b.endDate && b.startDate <= a.endDate;
}

/**
 * The first (lowest id) distribution of the same missionary, other than the one being edited, that
 * counts and shares a day with the wanted range; null when the range is free.
 */
export function findOverlap<T extends DatedDistribution>(wanted: WantedRange, others: readonly T[]): T | null {
  let found: T | null = null;
  for (const other of others) {
    if (other.userId !== wanted.userId || other.id === wanted.id || !countsForOverlap(other.status)) continue;
    if (!rangesOverlap(wanted, other)) continue;
    if (found === null || other.id < found.id) found = other;
  }
  return found;
}

/** Every pair (lower id first) of one missionary's distributions that count and share a day. */
export function overlappingPairs<T extends DatedDistribution>(list: readonly T[]): Array<[T, T]> {
  const byUser = new Map<number, T[]>();
  for (const d of list) {
    if (!countsForOverlap(d.status)) continue;
    byUser.set(d.userId, [...(byUser.get(d.userId) ?? []), d]);
  }
  const pairs: Array<[T, T]> = [];
  for (const own of byUser.values()) {
    const sorted = [...own].sort((a, b) => a.id - b.id);
    sorted.forEach((first, i) => {
      for (const second of sorted.slice(i + 1)) {
        if (rangesOverlap(first, second)) pairs.push([first, second]);
      }
    });
  }
  return pairs;
}
