import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../context';
import { authThrottle } from '../db/schema';

/**
 * Counts attempts per key (e.g. "login:ana@example.org") in a fixed window kept in PostgreSQL, so
 * every app process sees the same count. Past the limit the caller gets 429 until the window ends.
 */
export async function assertNotThrottled(ctx: AppContext, key: string): Promise<void> {
  const limit = limitFor(ctx, key);
  const [row] = await ctx.db.select().from(authThrottle).where(eq(authThrottle.key, key));
  if (!row) return;
  const windowEnds = row.windowStartedAt.getTime() + ctx.config.throttleWindowMinutes * 60_000;
  if (row.attempts >= limit && ctx.clock.now().getTime() < windowEnds) {
    throw new AppError('rate_limited');
  }
}

/** Per-address keys allow more, since one office may share an address. */
function limitFor(ctx: AppContext, key: string): number {
  return key.includes('-ip:') ? ctx.config.throttleLimit * 10 : ctx.config.throttleLimit;
}

export async function countAttempt(ctx: AppContext, key: string): Promise<void> {
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - ctx.config.throttleWindowMinutes * 60_000);
  await ctx.db
    .insert(authThrottle)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        attempts: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then ${now} else ${authThrottle.windowStartedAt} end`,
      },
    });
}

export async function clearAttempts(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.delete(authThrottle).where(eq(authThrottle.key, key));
}
