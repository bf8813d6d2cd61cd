/**
 * Money-moving actions of an admin who has a second factor (reversing an approval, releasing a
 * payment batch) need it proven within the last 15 minutes in this session: at sign-in, or again
 * with POST /account/second-factor/verify (docs/security.md "Fresh second factor").
 */
export const SECOND_FACTOR_FRESH_MS = 15 * 60_000;

/** True when the session proved the second factor no longer than 15 minutes before `now`. */
export function secondFactorFresh(verifiedAt: Date | null, now: Date): boolean {
  if (verifiedAt === null) return false;
  const age = now.getTime() - verifiedAt.getTime();
  return age >= 0 && age <= SECOND_FACTOR_FRESH_MS;
}
