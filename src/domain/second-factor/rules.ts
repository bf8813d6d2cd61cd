/**
 * Second-factor rules (decision 16, docs/decisions.md), pure so they can be table-tested. A code typed at
 * sign-in is either a 6-digit TOTP code or a 10-character recovery code (shown as xxxxx-xxxxx);
 * spaces and dashes are ignored, and recovery codes are read case-insensitively.
 */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits that cannot be mistaken for one another (no 0/o, 1/l/i). */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;
/** How long a "second factor needed" step or a WebAuthn challenge stays usable. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** The settings row of "Require a second factor for administrators" ('1' on, else off). */
export const REQUIRE_ADMIN_SECOND_FACTOR = 'require_admin_second_factor';

export type TypedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'invalid' };

export function readTypedCode(input: string): TypedCode {
  const compact = input.replace(/[\s-]+/g, '').toLowerCase();
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  const recovery = new RegExp(`^[${RECOVERY_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
  if (recovery.test(compact)) return { kind: 'recovery', code: compact };
  return { kind: 'invalid' };
}

/** A recovery code as shown to its owner: two groups of five. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * Whether a session may reach only the enrolment screens: the setting is on, the user is an admin,
 * and the session was not opened (or upgraded) with a second factor.
 */
export function mustEnrol(input: { role: string; policyOn: boolean; sessionHasSecondFactor: boolean }): boolean {
  return input.policyOn && input.role === 'admin' && !input.sessionHasSecondFactor;
}
