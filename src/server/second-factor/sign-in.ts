import { AppError } from '../../domain/errors';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import { openSession } from '../auth/login';
import { countSignInStep, signInStepSucceeded } from '../auth/throttle';
import type { AppContext } from '../context';
import { consumeChallenge, findChallenge } from './challenges';
import { consumeSecondFactor } from './totp-service';

/** The throttle keys of a second-factor attempt, as signInKeys are for the password. */
export function codeKeys(userId: number, ip: string) {
  return { pair: `second-factor:${userId}|${ip}`, address: `login-ip:${ip}`, account: `second-factor:${userId}` };
}

/**
 * POST /login/second-factor: the step a password sign-in left, finished with a TOTP code or a
 * recovery code. Wrong codes are counted before the check, per (user, address) and per address,
 * exactly as wrong passwords are (429 beyond the limit); the step lives 5 minutes and works once.
 */
export async function completeSecondFactor(
  ctx: AppContext,
  input: { challenge_token: string; code: string },
  ip: string,
) {
  const now = ctx.clock.now();
  const challenge = await findChallenge(ctx.db, input.challenge_token, 'second_factor', now);
  if (!challenge?.userId) throw new AppError('unauthenticated', SECOND_FACTOR_MESSAGES.stepExpired);
  const userId = challenge.userId;
  const keys = codeKeys(userId, ip);
  await countSignInStep(ctx, keys);

  if (!(await consumeSecondFactor(ctx, userId, input.code, now)))
    throw AppError.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
  if (!(await consumeChallenge(ctx.db, challenge.id, now))) {
    throw new AppError('unauthenticated', SECOND_FACTOR_MESSAGES.stepExpired);
  }
  await signInStepSucceeded(ctx, keys);
  return openSession(ctx, userId, true);
}
