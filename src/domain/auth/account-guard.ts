/**
 * The account guard (docs/security.md, "Guessing per account"): failures are counted per account
 * across every address. At most ACCOUNT_GUARD.passwordFailures wrong passwords and
 * ACCOUNT_GUARD.codeFailures wrong second-factor codes are checked per account in one window;
 * past that, the account is locked to browsers that do not hold its device cookie (they get 429),
 * while a browser holding it (its owner's) is always checked. The owner is mailed once per lock.
 * A second-factor step ends after ACCOUNT_GUARD.wrongCodesPerStep wrong codes.
 *
 * Pure, so the rule is table-tested and property-tested; server/auth/account-guard.ts keeps the
 * counts (atomic upserts in auth_throttle) and asks these functions what to do.
 */
export const ACCOUNT_GUARD = {
  passwordFailures: 10,
  codeFailures: 5,
  windowMinutes: 15,
  wrongCodesPerStep: 5,
  /** How long a device cookie lasts. */
  deviceCookieDays: 365,
} as const;

/** A sign-in step: the password, or a second-factor code (TOTP or recovery code). */
export type SignInStepKind = 'password' | 'code';

export function failureCap(kind: SignInStepKind): number {
  return kind === 'password' ? ACCOUNT_GUARD.passwordFailures : ACCOUNT_GUARD.codeFailures;
}

export interface GuardInput {
  kind: SignInStepKind;
  /**
   * The account's checked tries of this kind in the window, this one included: failures stay
   * counted, a success takes its own count back. Counted atomically before the check, so parallel
   * tries each see a different number.
   */
  counted: number;
  /** Whether the browser holds this account's device cookie (a valid signature for this user). */
  hasDevice: boolean;
}

export type GuardDecision = 'check' | 'locked';

/**
 * Whether a try goes on to the check. A browser holding the device cookie is always checked; any
 * other is checked only while the account's count (this try included) is within the cap.
 */
export function guardDecision(input: GuardInput): GuardDecision {
  if (input.hasDevice) return 'check';
  return input.counted > failureCap(input.kind) ? 'locked' : 'check';
}

/**
 * Whether a refused try mails the owner: only the first refusal of a window (its lock notice
 * counted atomically per account and window, this one included, is 1).
 */
export function mailsOwner(lockNotices: number): boolean {
  return lockNotices === 1;
}

export type StepDecision = 'check' | 'ended';

/**
 * A second-factor step's wrong codes, this try included (counted before the check): the first
 * wrongCodesPerStep are checked, then the step is over.
 */
export function stepDecision(triesOnStep: number): StepDecision {
  return triesOnStep > ACCOUNT_GUARD.wrongCodesPerStep ? 'ended' : 'check';
}

/** Whether a wrong code ends the step (it was the last one the step allows). */
export function wrongCodeEndsStep(triesOnStep: number): boolean {
  return triesOnStep >= ACCOUNT_GUARD.wrongCodesPerStep;
}
