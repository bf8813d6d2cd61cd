/**
 * Query keys: every report list and report starts with REPORTS_KEY, so one invalidation refreshes
 * them. Apart from queries.ts so the dashboard can use them without the settings schema (and zod).
 */
export const REPORTS_KEY = 'expense-reports';
export const ADVANCES_KEY = 'advance-requests';
