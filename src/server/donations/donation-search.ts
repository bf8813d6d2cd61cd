import { type Column, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { donationSearchTerms, donations, users } from '../db/schema';

/** A search matching more texts than this is broad: reading the list in its order fills a page at once. */
const MAX_SEARCH_TERMS = 1000;

/**
 * What `q` matches, found before the donations: the texts that contain it ('broad' past
 * MAX_SEARCH_TERMS) and the missionaries whose Account # does.
 */
export interface SearchMatches {
  terms: string[] | 'broad';
  missionaries: number[];
}

/**
 * `q` matches a donation when one of its searched columns contains it. Every text a donation holds
 * in those columns is kept once in `donation_search_terms` (migration 0016), so the matching texts
 * are found there by trigram, and then the donations holding one of them through each column's
 * b-tree (a BitmapOr), never by reading two million donations. They are looked up first, in their
 * own statement, so the planner sees the actual texts and estimates the rows they reach.
 */
export async function searchMatches(db: DbOrTx, pattern: string): Promise<SearchMatches> {
  const [terms, missionaries] = await Promise.all([
    db
      .select({ term: donationSearchTerms.term })
      .from(donationSearchTerms)
      .where(ilike(donationSearchTerms.term, pattern))
      .limit(MAX_SEARCH_TERMS + 1),
    db.select({ id: users.id }).from(users).where(ilike(users.missionaryNumber, pattern)),
  ]);
  return {
    terms: terms.length > MAX_SEARCH_TERMS ? 'broad' : terms.map((row) => row.term),
    missionaries: missionaries.map((row) => row.id),
  };
}

/** The donations a search's matches select: each searched column holding one of the texts, or the missionary. */
export function searchOf(
  { terms, missionaries }: SearchMatches,
  pattern: string,
  searchDonors: boolean | undefined,
): SQL {
  const holds = (column: Column) =>
    terms === 'broad'
      ? ilike(column, pattern)
      : terms.length > 0
        ? sql`${column} = any(${sql.param(terms)}::text[])`
        : undefined;
  // `false` first: a search nothing matches must select no donation, not drop the condition.
  return or(
    sql`false`,
    holds(donations.userName),
    holds(donations.fundName),
    holds(donations.uploadName),
    searchDonors ? holds(donations.donorName) : undefined,
    missionaries.length > 0 ? sql`${donations.userId} = any(${sql.param(missionaries)}::int[])` : undefined,
  ) as SQL;
}
