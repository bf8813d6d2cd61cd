/**
 * The sign-in page's words (docs/product.md §8), in a module of their own so the login page downloads these
 * three and not every message of the app (its JavaScript budget). MESSAGES includes them.
 */
export const SIGN_IN_MESSAGES = {
  welcome: 'Welcome!',
  loginFailed: 'Oops, something went wrong',
  sessionExpired: 'Your session has expired. Please log in again.',
} as const;

/** The 429 of the account guard (docs/security.md, "Guessing per account"); the login page shows it. */
export const ACCOUNT_LOCKED_MESSAGE =
  'Too many failed sign-ins to this account. For the next 15 minutes it can be signed in to only from a browser that has signed in to it before. The owner has been sent an email.';
