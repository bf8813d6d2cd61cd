/**
 * Messages of the second factor (decision 16). Kept out of MESSAGES, which the login page carries:
 * only the screens and routes of the second factor need these.
 */
export const SECOND_FACTOR_MESSAGES = {
  setupRequired:
    'Administrators must set up a second factor first. Open Account Security to set up an authenticator app.',
  codeNeeded: 'Enter the code from your authenticator app, or a recovery code.',
  wrongCode: 'The code is not correct.',
  stepExpired: 'This sign-in step has expired. Sign in again.',
  stepEnded: 'Too many wrong codes: this sign-in step has ended. Sign in again.',
} as const;
