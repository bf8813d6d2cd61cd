import { ACCOUNT_GUARD, stepDecision, wrongCodeEndsStep } from '../../domain/auth/account-guard';
import { AppError } from '../../domain/errors';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import { countSignInStep, keysOf, signInStepSucceeded } from '../auth/account-guard';
import { deviceOf } from '../auth/device-cookie';
import { openSession } from '../auth/login';
import { countAttempt, uncountAttempt } from '../auth/throttle';
import type { AppContext } from '../context';
import { consumeChallenge, findChallenge } from './challenges';
import { consumeSecondFactor } from './totp-service';

/** The throttle keys of a second-factor attempt, as signInKeys are for the password. */
export function codeKeys(userId: number, ip: string) {
  return { pair: `second-factor:${userId}|${ip}`, address: `login-ip:${ip}`, account: `second-factor:${userId}` };
}

/**
 * POST /login/second-factor: the step a password sign-in left, finished with a TOTP code or a
 * recovery code. Codes are counted before the check, per (user, address) and per address (429 past
 * the limit), and per account by the account guard (429 to browsers without the device cookie once
 * 5 wrong codes were checked in the window). The step lives 5 minutes, works once, and ends after
 * its fifth wrong code (401).
 */
export async function completeSecondFactor(
  ctx: AppContext,
  input: { challenge_token: string; code: string },
  ip: string,
  cookies?: string,
) {
  const now = ctx.clock.now();
  const challenge = await findChallenge(ctx.db, input.challenge_token, 'second_factor', now);
  if (!challenge?.userId) throw new AppError('unauthenticated', SECOND_FACTOR_MESSAGES.stepExpired);
  const userId = challenge.userId;
  const attempt = { kind: 'code', userId, device: deviceOf(ctx.config, cookies, userId, now) } as const;
  const keys = keysOf(codeKeys(userId, ip), attempt);
  await countSignInStep(ctx, keys, attempt);

  const onStep = await countAttempt(ctx, `second-factor-step:${challenge.id}`, ACCOUNT_GUARD.windowMinutes);
  if (stepDecision(onStep) === 'ended') {
    // A parallel try used up the step's codes first: this one was not checked.
    await uncountAttempt(ctx, keys.account);
    throw new AppError('unauthenticated', SECOND_FACTOR_MESSAGES.stepEnded);
  }
  if (!(await consumeSecondFactor(ctx, userId, input.code, now))) {
    if (!wrongCodeEndsStep(onStep)) throw AppError.field('code', SECOND_FACTOR_MESSAGES.wrongCode);
    await consumeChallenge(ctx.db, challenge.id, now);
    throw new AppError('unauthenticated', SECOND_FACTOR_MESSAGES.stepEnded);
  }
  if (!(await consumeChallenge(ctx.db, challenge.id, now))) {
    throw new AppError('unauthenticated', SECOND_FACTOR_MESSAGES.stepExpired);
  }
  await signInStepSucceeded(ctx, keys);
  return openSession(ctx, userId, true);
}
