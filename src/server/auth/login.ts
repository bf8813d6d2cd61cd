import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginSchema } from '../../domain/auth/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import type { AppContext } from '../context';
import { profiles, users } from '../db/schema';
import { serializeUser } from '../users/serialize';
import { UNUSABLE_HASH, verifyPassword } from './passwords';
import { assertNotThrottled, clearAttempts, countAttempt } from './throttle';
import { type AuthUser, issueApiToken, resolveApiToken } from './tokens';

/** POST /login: the user with profile and a new api_token (DESIGN.md decision 1). */
export async function login(ctx: AppContext, input: z.output<typeof loginSchema>, ip: string) {
  const keys = [`login:${input.email}`, `login-ip:${ip}`];
  for (const key of keys) await assertNotThrottled(ctx, key);
  const [row] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)));
  const valid = await verifyPassword(row?.user.passwordHash ?? UNUSABLE_HASH, input.password);
  if (!row || !valid) {
    for (const key of keys) await countAttempt(ctx, key);
    throw new AppError('validation', MESSAGES.loginFailed, {
      email: [MESSAGES.invalidCredentials],
      password: [MESSAGES.invalidCredentials],
    });
  }
  await clearAttempts(ctx, keys[0]);
  const apiToken = await issueApiToken(ctx.db, row.user.id, ctx.clock.now());
  return { ...serializeUser(row.user, row.profile), api_token: apiToken };
}

/** POST /token: re-login from the cookie; the same token comes back while it is alive. */
export async function loginWithToken(ctx: AppContext, token: string) {
  const user = await resolveApiToken(ctx.db, token, ctx.clock.now());
  if (!user) throw new AppError('unauthenticated', MESSAGES.sessionExpired);
  const [row] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, user.id));
  return { ...serializeUser(row.user, row.profile), api_token: token };
}

export type { AuthUser };
