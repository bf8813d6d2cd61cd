/**
 * The one query key the first page needs (the site's title and terms), apart from `keys` in
 * query-keys.ts: importing that object would put every feature's key factory into the login page's
 * JavaScript (the login page's 170 KiB budget, test/web-budget.test.ts).
 */
export const SITE_KEY = ['site'] as const;
