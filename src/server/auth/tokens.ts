import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { type Role, SESSION_IDLE_MS } from '../../domain/roles';
import { mustEnrol, REQUIRE_ADMIN_SECOND_FACTOR } from '../../domain/second-factor/rules';
import type { DbOrTx } from '../db/client';
import { apiTokens, settings, users } from '../db/schema';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  /**
   * The administrators' second-factor setting is on and this session was opened with a password
   * alone: it reaches only the enrolment routes (decision 16).
   */
  enrolmentNeeded?: boolean;
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A new session; `secondFactor` when it was opened with two factors (code or passkey). */
export async function issueApiToken(db: DbOrTx, userId: number, now: Date, secondFactor = false): Promise<string> {
  const token = randomToken();
  await db.insert(apiTokens).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    secondFactor,
    secondFactorAt: secondFactor ? now : null,
  });
  return token;
}

/** The session proved a second factor at `now` (TOTP enrolment confirmed in it, or verified again). */
export async function markSecondFactor(db: DbOrTx, token: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ secondFactor: true, secondFactorAt: now })
    .where(eq(apiTokens.tokenHash, hashToken(token)));
}

/** Refreshing last_used_at on every call would write on every read; once a minute is enough. */
const TOUCH_AFTER_MS = 60_000;

/** The session lookup every request makes, with its token hash and idle limit as placeholders. */
function sessionLookup(db: DbOrTx) {
  return db
    .select({
      tokenId: apiTokens.id,
      lastUsedAt: apiTokens.lastUsedAt,
      secondFactor: apiTokens.secondFactor,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      // In the same round trip (every request pays for this query): the administrators'
      // second-factor setting, needed only for an admin whose session had no second factor.
      policy: sql<
        string | null
      >`(select ${settings.settingValue} from ${settings} where ${settings.settingName} = ${REQUIRE_ADMIN_SECOND_FACTOR})`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.lastUsedAt, sql.placeholder('idleSince')),
        isNull(users.deletedAt),
      ),
    )
    .prepare('sheepfold_session_lookup');
}

/**
 * Prepared once per database handle: its SQL text is built once (drizzle's building was a quarter of
 * a request's CPU in a profile) and PostgreSQL parses it once per connection.
 */
const sessionLookups = new WeakMap<DbOrTx, ReturnType<typeof sessionLookup>>();

/** The active user behind a token, or null when it is unknown, revoked, idle for 4 hours or archived. */
export async function resolveApiToken(db: DbOrTx, token: string, now: Date): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
  const [row] = await lookup.execute({ tokenHash: hashToken(token), idleSince: idleSince.toISOString() });
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.tokenId));
  }
  const user: AuthUser = { id: row.id, name: row.name, email: row.email, role: row.role as Role };
  // The setting is read only for admins whose session had no second factor: the rare case.
  if (row.role === 'admin' && !row.secondFactor) {
    const policyOn = row.policy === '1';
    user.enrolmentNeeded = mustEnrol({ role: row.role, policyOn, sessionHasSecondFactor: row.secondFactor });
  }
  return user;
}

export async function revokeApiToken(db: DbOrTx, token: string, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(eq(apiTokens.tokenHash, hashToken(token)));
}

/** Ends every session of the user, except the one whose token is `keep` (the caller's own). */
export async function revokeAllTokensOf(db: DbOrTx, userId: number, now: Date, keep: string | null = null) {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        keep ? ne(apiTokens.tokenHash, hashToken(keep)) : undefined,
      ),
    );
}
