import { and, eq, gt, isNull } from 'drizzle-orm';
import { CHALLENGE_TTL_MS } from '../../domain/second-factor/rules';
import { hashToken, randomToken } from '../auth/tokens';
import type { DbOrTx } from '../db/client';
import { authChallenges } from '../db/schema';

export type ChallengePurpose = 'second_factor' | 'passkey_sign_in' | 'passkey_register' | 'download';

export interface Challenge {
  id: number;
  userId: number | null;
  challenge: string | null;
}

/** A new step of CHALLENGE_TTL_MS (or ttlMs); the token goes to the client, its hash to the database. */
export async function createChallenge(
  db: DbOrTx,
  input: { purpose: ChallengePurpose; userId: number | null; challenge?: string | null; now: Date; ttlMs?: number },
): Promise<string> {
  const token = randomToken();
  await db.insert(authChallenges).values({
    tokenHash: hashToken(token),
    purpose: input.purpose,
    userId: input.userId,
    challenge: input.challenge ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + (input.ttlMs ?? CHALLENGE_TTL_MS)),
  });
  return token;
}

/** The live (unused, unexpired) step of that purpose behind a token, or null. */
export async function findChallenge(
  db: DbOrTx,
  token: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<Challenge | null> {
  const [row] = await db
    .select({ id: authChallenges.id, userId: authChallenges.userId, challenge: authChallenges.challenge })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, hashToken(token)),
        eq(authChallenges.purpose, purpose),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Uses the step up; false when another request used it first (it works once). */
export async function consumeChallenge(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(authChallenges)
    .set({ usedAt: now })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return used.length === 1;
}
