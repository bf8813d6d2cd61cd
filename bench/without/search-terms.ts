/**
 * Without the search terms table: a donations search matches each searched column with ILIKE, as
 * before migration 0016 (`terms: 'broad'`), and still finds the missionaries by Account #.
 */
import { ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import type { SearchMatches } from '../../src/server/donations/donation-search';

export * from '../../src/server/donations/donation-search';

export async function searchMatches(db: DbOrTx, pattern: string): Promise<SearchMatches> {
  const missionaries = await db.select({ id: users.id }).from(users).where(ilike(users.missionaryNumber, pattern));
  return { terms: 'broad', missionaries: missionaries.map((row) => row.id) };
}
