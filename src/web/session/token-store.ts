import { SESSION_IDLE_MS } from '../../domain/roles';

/**
 * The api token lives in the cookie `token` (docs/product.md §9) and in memory for the API client.
 * Activity (any API call) pushes the 4-hour auto-logout back.
 */
const COOKIE = 'token';
let unauthorizedHandler: (() => void) | null = null;
let activityHandler: (() => void) | null = null;

export function getToken(): string | null {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return match ? decodeURIComponent(match.slice(COOKIE.length + 1)) : null;
}

export function setToken(token: string): void {
  refreshedAt = Date.now();
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: docs/product.md §9 keeps the session in the cookie `token`
  document.cookie = `${COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${SESSION_IDLE_MS / 1000}; SameSite=Strict${secure}`;
}

export function clearToken(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: docs/product.md §9 keeps the session in the cookie `token`
  document.cookie = `${COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
}

export function onUnauthorized(): void {
  unauthorizedHandler?.();
}

/**
 * Rewriting the cookie costs a round trip to the browser's cookie store, and the next read another
 * one: on a phone's first screen, with a dozen answers, that was 25–45 ms of main thread per answer
 * at 4× slower CPU. The cookie's 4-hour lifetime is pushed back at most once a minute, so in the
 * browser a session may end up to a minute before 4 hours after its last call (docs/product.md §9).
 */
const REFRESH_EVERY_MS = 60_000;
let refreshedAt = Number.NEGATIVE_INFINITY;

export function notifyActivity(now: number = Date.now()): void {
  if (now - refreshedAt >= REFRESH_EVERY_MS) {
    const token = getToken();
    if (token) setToken(token);
    refreshedAt = now;
  }
  activityHandler?.();
}

export function setSessionHandlers(handlers: { unauthorized: () => void; activity: () => void }): () => void {
  unauthorizedHandler = handlers.unauthorized;
  activityHandler = handlers.activity;
  return () => {
    unauthorizedHandler = null;
    activityHandler = null;
  };
}
