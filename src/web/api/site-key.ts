/**
 * The one query key the first page needs (the site's title and terms), apart from `keys` in
 * query-keys.ts: importing that object would put every feature's key factory into the login page's
 * JavaScript (issue 11's 170 KiB budget).
 */
export const SITE_KEY = ['site'] as const;
