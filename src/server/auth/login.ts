import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loginSchema } from '../../domain/auth/schemas';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import type { AppContext } from '../context';
import { profiles, users } from '../db/schema';
import { createChallenge } from '../second-factor/challenges';
import { hasTotp } from '../second-factor/totp-service';
import { serializeUser } from '../users/serialize';
import { countSignInStep, keysOf, signInStepSucceeded } from './account-guard';
import { deviceOf } from './device-cookie';
import { unusableHash, verifyPassword } from './passwords';
import { type AuthUser, issueApiToken, resolveApiToken } from './tokens';

/** The throttle keys of one sign-in: (email, address), address, and the account from anywhere. */
export function signInKeys(email: string, ip: string) {
  return { pair: `login:${email}|${ip}`, address: `login-ip:${ip}`, account: `login:${email}` };
}

/**
 * POST /login: the user with profile and a new api_token (decisions 1 and 16, docs/decisions.md). The attempt
 * is counted before the password is checked (account-guard.ts), so parallel guesses cannot slip
 * past; `cookies` is the request's Cookie header, where the account's device cookie may be.
 */
export async function login(ctx: AppContext, input: z.output<typeof loginSchema>, ip: string, cookies?: string) {
  const [row] = await ctx.db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(sql`lower(${users.email}) = ${input.email}`, isNull(users.deletedAt)));
  const userId = row?.user.id ?? null;
  const device = userId === null ? null : deviceOf(ctx.config, cookies, userId, ctx.clock.now());
  const attempt = { kind: 'password', userId, device } as const;
  const keys = keysOf(signInKeys(input.email, ip), attempt);
  await countSignInStep(ctx, keys, attempt);
  // Unknown emails cost the same argon2 work as known ones, so timing does not tell them apart.
  const valid = await verifyPassword(row?.user.passwordHash ?? (await unusableHash()), input.password);
  if (!row || !valid) {
    throw new AppError('validation', MESSAGES.loginFailed, {
      email: [MESSAGES.invalidCredentials],
      password: [MESSAGES.invalidCredentials],
    });
  }
  await signInStepSucceeded(ctx, keys);
  const now = ctx.clock.now();
  // With TOTP on, the password opens only the short step that asks for the code (decision 16).
  if (await hasTotp(ctx.db, row.user.id)) {
    const challengeToken = await createChallenge(ctx.db, { purpose: 'second_factor', userId: row.user.id, now });
    return {
      second_factor_required: true as const,
      challenge_token: challengeToken,
      message: SECOND_FACTOR_MESSAGES.codeNeeded,
    };
  }
  return openSession(ctx, row.user.id, false);
}

/** A new session of a user and the user as POST /login answers (decision 16's flag included). */
export async function openSession(ctx: AppContext, userId: number, secondFactor: boolean) {
  const apiToken = await issueApiToken(ctx.db, userId, ctx.clock.now(), secondFactor);
  return loginWithToken(ctx, apiToken);
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
  return {
    ...serializeUser(row.user, row.profile),
    api_token: token,
    second_factor_setup_required: user.enrolmentNeeded === true,
  };
}

export type { AuthUser };
