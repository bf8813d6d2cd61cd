/**
 * The sign-in page's words (SPEC.md §8), in a module of their own so the login page downloads these
 * three and not every message of the app (its JavaScript budget, issue 11). MESSAGES includes them.
 */
export const SIGN_IN_MESSAGES = {
  welcome: 'Welcome!',
  loginFailed: 'Oops, something went wrong',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;
