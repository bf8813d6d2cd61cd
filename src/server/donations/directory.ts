import { eq } from 'drizzle-orm';
import type { Directory } from '../../domain/donations/import-preview';
import type { DbOrTx } from '../db/client';
import { holdAccounts, users } from '../db/schema';

/** Everyone a donation row may be matched to: missionaries (archived ones too, to say so) and hold accounts. */
export async function loadDirectory(db: DbOrTx): Promise<Directory> {
  // One after the other: inside a transaction both would share one connection.
  const missionaries = await db
    .select({ id: users.id, name: users.name, missionaryNumber: users.missionaryNumber, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.role, 'missionary'));
  const accounts = await db
    .select({
      id: holdAccounts.id,
      fundName: holdAccounts.fundName,
      userId: holdAccounts.userId,
      archivedAt: holdAccounts.archivedAt,
    })
    .from(holdAccounts);
  return {
    missionaries: missionaries.map((m) => ({
      id: m.id,
      name: m.name,
      missionaryNumber: m.missionaryNumber,
      archived: m.deletedAt !== null,
    })),
    holdAccounts: accounts.map((h) => ({
      id: h.id,
      fundName: h.fundName,
      userId: h.userId,
      archived: h.archivedAt !== null,
    })),
  };
}
