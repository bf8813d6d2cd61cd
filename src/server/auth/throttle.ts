import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { authThrottle } from '../db/schema';

/**
 * Attempts per key (e.g. "login:ana@example.org|10.0.0.7") in a fixed window kept in PostgreSQL, so
 * every app process sees the same count. An attempt is counted BEFORE the work it guards, in one
 * atomic upsert that returns the new count: 40 parallel guesses count 40, and only those within the
 * limit go on to the password check. A successful attempt is taken back (uncountAttempt).
 */
export async function countAttempt(ctx: AppContext, key: string, windowMinutes?: number): Promise<number> {
  return (await countAttemptInWindow(ctx, key, windowMinutes)).attempts;
}

/** countAttempt, with the start of the window the attempt fell in. */
export async function countAttemptInWindow(
  ctx: AppContext,
  key: string,
  windowMinutes = ctx.config.throttleWindowMinutes,
): Promise<{ attempts: number; windowStartedAt: Date }> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
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
    .returning({ attempts: authThrottle.attempts, windowStartedAt: authThrottle.windowStartedAt });
  return row;
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
export async function attemptsOf(
  ctx: AppContext,
  key: string,
  windowMinutes = ctx.config.throttleWindowMinutes,
): Promise<number> {
  const [row] = await ctx.db.select().from(authThrottle).where(eq(authThrottle.key, key));
  if (!row) return 0;
  const windowEnds = row.windowStartedAt.getTime() + windowMinutes * 60_000;
  return ctx.clock.now().getTime() < windowEnds ? row.attempts : 0;
}
