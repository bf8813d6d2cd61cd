import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { ACCOUNT_GUARD, guardDecision, mailsOwner, type SignInStepKind } from '../../domain/auth/account-guard';
import { isRefused, signInDelayMs, throttleLimits } from '../../domain/auth/throttle';
import { AppError } from '../../domain/errors';
import { ACCOUNT_LOCKED_MESSAGE } from '../../domain/sign-in-messages';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { mailLinkBase } from '../mail/links';
import { clearAttempts, countAttempt, countAttemptInWindow, uncountAttempt } from './throttle';

/** The keys one sign-in step counts on: (account, address), the address, and the account from anywhere. */
export interface SignInKeys {
  pair: string;
  address: string;
  account: string;
}

/** What the account guard needs to know about a try besides its keys. */
export interface SignInTry {
  kind: SignInStepKind;
  /** The account's user id; null for an email no account has (nobody to mail, no cookie to hold). */
  userId: number | null;
  /** The browser's device id when it holds the account's device cookie (device-cookie.ts), else null. */
  device: string | null;
}

/**
 * The keys a try counts on: a browser holding the device cookie counts per (account, that browser)
 * and not per address, so neither a guesser at the same address (an office behind one NAT) nor a
 * locked account keeps the owner out; any other browser per (account, address) and per address.
 */
export function keysOf(keys: SignInKeys, attempt: SignInTry): SignInKeys {
  if (attempt.device === null) return keys;
  return { pair: `${keys.account}|device:${attempt.device}`, address: '', account: keys.account };
}

/**
 * Counts a sign-in step (a password, a second-factor code) before its work is done, on keysOf:
 * 1. per (account, address or device) and per address (docs/security.md, the throttle): 429 past
 *    the limit;
 * 2. per account from everywhere (the account guard, domain/auth/account-guard.ts): a browser
 *    without the account's device cookie gets 429 once the account has had its failures for the
 *    window, and the owner is mailed at the first such refusal of the window.
 * A try the guard refuses is not counted as checked. Browsers without the cookie are also slowed
 * down while the account is guessed at; the owner's is not.
 */
export async function countSignInStep(ctx: AppContext, keys: SignInKeys, attempt: SignInTry): Promise<void> {
  const limits = throttleLimits(ctx.config.throttleLimit, ctx.config.throttleDelayMs);
  const [pair, address] = await Promise.all([
    countAttempt(ctx, keys.pair),
    keys.address ? countAttempt(ctx, keys.address) : 0,
  ]);
  if (isRefused(limits, { pair, address })) throw new AppError('rate_limited');

  const hasDevice = attempt.device !== null;
  const account = await countAttemptInWindow(ctx, keys.account, ACCOUNT_GUARD.windowMinutes);
  if (guardDecision({ kind: attempt.kind, counted: account.attempts, hasDevice }) === 'locked') {
    await uncountAttempt(ctx, keys.account);
    await noticeLock(ctx, keys.account, account.windowStartedAt, attempt);
    throw new AppError('rate_limited', ACCOUNT_LOCKED_MESSAGE);
  }
  if (hasDevice) return;
  const delay = signInDelayMs(limits, account.attempts);
  if (delay > 0) await sleep(delay);
}

/** A step that succeeded: this account from this address starts afresh, and the others forget one attempt. */
export async function signInStepSucceeded(ctx: AppContext, keys: SignInKeys): Promise<void> {
  await Promise.all([
    clearAttempts(ctx, keys.pair),
    keys.address ? uncountAttempt(ctx, keys.address) : undefined,
    uncountAttempt(ctx, keys.account),
  ]);
}

/** The lock's notice, counted once per account and window: the first refusal mails the owner. */
async function noticeLock(ctx: AppContext, accountKey: string, windowStartedAt: Date, attempt: SignInTry) {
  const notices = await countAttempt(
    ctx,
    `locked:${accountKey}@${windowStartedAt.getTime()}`,
    ACCOUNT_GUARD.windowMinutes,
  );
  const userId = attempt.userId;
  if (!mailsOwner(notices) || userId === null) return;
  ctx.background.run('account locked mail', async () => {
    const [owner] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!owner || owner.deletedAt) return;
    const what =
      attempt.kind === 'password'
        ? `${ACCOUNT_GUARD.passwordFailures} wrong passwords`
        : `${ACCOUNT_GUARD.codeFailures} wrong second-factor codes (after the right password)`;
    await ctx.mailer.send({
      to: owner.email,
      subject: 'Sign-in to your Sheepfold account was locked',
      text: [
        `Hello ${owner.name},`,
        '',
        `Someone tried to sign in to your Sheepfold account with ${what} within ${ACCOUNT_GUARD.windowMinutes} minutes.`,
        `For the rest of those ${ACCOUNT_GUARD.windowMinutes} minutes your account can be signed in to only from a browser that has signed in to it before, such as your own.`,
        '',
        attempt.kind === 'password'
          ? 'If it was not you, nothing is needed; if your password is weak or used elsewhere, change it.'
          : 'If it was not you, someone knows your password: change it now.',
        `${mailLinkBase(ctx.config)}/forgot-password`,
      ].join('\n'),
    });
  });
}
