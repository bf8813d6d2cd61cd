/**
 * Sign-in throttle rules (decision 16, docs/decisions.md), pure so they can be table-tested. Failures are
 * counted per (email, address) and per address; those two refuse with 429. Failures counted against
 * an account from every address only slow its sign-in down, so an attacker spraying guesses from
 * many addresses can never lock the owner out: the owner, from their own address, still gets in.
 */
export interface ThrottleLimits {
  /** Attempts per (email, address) in one window. */
  perPair: number;
  /** Attempts per address in one window (an office may share one address). */
  perAddress: number;
  /** Extra wait per account-wide attempt beyond perPair, in milliseconds. */
  delayStepMs: number;
}

export const MAX_SIGN_IN_DELAY_MS = 3000;

export function throttleLimits(limit: number, delayStepMs: number): ThrottleLimits {
  return { perPair: limit, perAddress: limit * 10, delayStepMs };
}

/** Whether an attempt whose counts (this one included) are these may go on to the password check. */
export function isRefused(limits: ThrottleLimits, counts: { pair: number; address: number }): boolean {
  return counts.pair > limits.perPair || counts.address > limits.perAddress;
}

/**
 * How long to wait before checking the password, given the account's attempts in this window
 * (this one included): nothing up to perPair, then one step per attempt, at most 3 s.
 */
export function signInDelayMs(limits: ThrottleLimits, accountAttempts: number): number {
  const beyond = accountAttempts - limits.perPair;
  if (beyond <= 0) return 0;
  return Math.min(beyond * limits.delayStepMs, MAX_SIGN_IN_DELAY_MS);
}
