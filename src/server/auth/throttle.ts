import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { isRefused, signInDelayMs, throttleLimits } from '../../domain/auth/throttle';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { authThrottle } from '../db/schema';

/**
 * Attempts per key (e.g. "login:ana@example.org|10.0.0.7") in a fixed window kept in PostgreSQL, so
 * every app process sees the same count. An attempt is counted BEFORE the work it guards, in one
 * atomic upsert that returns the new count: 40 parallel guesses count 40, and only those within the
 * limit go on to the password check. A successful attempt is taken back (uncountAttempt).
 */
export async function countAttempt(ctx: AppContext, key: string): Promise<number> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - ctx.config.throttleWindowMinutes * 60_000);
  const [row] = await ctx.db
    .insert(authThrottle)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        attempts: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then ${now} else ${authThrottle.windowStartedAt} end`,
      },
    })
    .returning({ attempts: authThrottle.attempts });
  return row.attempts;
}

/** Counts the attempt and refuses it (429) when the key has had more than `limit` in this window. */
export async function takeAttempt(ctx: AppContext, key: string, limit: number): Promise<void> {
  if ((await countAttempt(ctx, key)) > limit) throw new AppError('rate_limited');
}

/** A counted attempt that succeeded is not a failure. */
export async function uncountAttempt(ctx: AppContext, key: string): Promise<void> {
  await ctx.db
    .update(authThrottle)
    .set({ attempts: sql`greatest(${authThrottle.attempts} - 1, 0)` })
    .where(eq(authThrottle.key, key));
}

export async function clearAttempts(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** The attempts a key holds now (0 when none or the window has passed); for tests and the bench. */
export async function attemptsOf(ctx: AppContext, key: string): Promise<number> {
  const [row] = await ctx.db.select().from(authThrottle).where(eq(authThrottle.key, key));
  if (!row) return 0;
  const windowEnds = row.windowStartedAt.getTime() + ctx.config.throttleWindowMinutes * 60_000;
  return ctx.clock.now().getTime() < windowEnds ? row.attempts : 0;
}

/** The keys one sign-in step counts on: (account, address), the address, and the account from anywhere. */
export interface SignInKeys {
  pair: string;
  address: string;
  account: string;
}

/**
 * Counts a sign-in step (a password, a second-factor code) on its keys before its work is done
 * (decision 16): refused with 429 past the limit for this account from this address or for the
 * address; slowed down while the account is guessed at from anywhere (domain/auth/throttle.ts).
 */
export async function countSignInStep(ctx: AppContext, keys: SignInKeys): Promise<void> {
  const limits = throttleLimits(ctx.config.throttleLimit, ctx.config.throttleDelayMs);
  const [pair, address, account] = await Promise.all([
    countAttempt(ctx, keys.pair),
    countAttempt(ctx, keys.address),
    countAttempt(ctx, keys.account),
  ]);
  if (isRefused(limits, { pair, address })) throw new AppError('rate_limited');
  const delay = signInDelayMs(limits, account);
  if (delay > 0) await sleep(delay);
}

/** A step that succeeded: this account from this address starts afresh, and the others forget one attempt. */
export async function signInStepSucceeded(ctx: AppContext, keys: SignInKeys): Promise<void> {
  await Promise.all([
    clearAttempts(ctx, keys.pair),
    uncountAttempt(ctx, keys.address),
    uncountAttempt(ctx, keys.account),
  ]);
}
