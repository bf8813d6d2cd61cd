import { sql } from 'drizzle-orm';
import type { Tx } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { insertUser } from '../../src/server/users/create-user';
import { DEMO_PASSWORD } from './constants';

/** The id of a user by email, or null; seeds of later features find the demo people with it. */
export async function userIdByEmail(tx: Tx, email: string): Promise<number | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row?.id ?? null;
}

/** Creates a demo account with the demo password unless the email exists; answers its id and whether it is new. */
export async function ensureDemoUser(
  tx: Tx,
  now: Date,
  person: { name: string; email: string; role: string; missionaryNumber?: string },
): Promise<{ id: number; created: boolean }> {
  const existing = await userIdByEmail(tx, person.email);
  if (existing !== null) return { id: existing, created: false };
  const user = await insertUser(tx, { ...person, password: DEMO_PASSWORD, now });
  return { id: user.id, created: true };
}
