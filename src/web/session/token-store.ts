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

export function notifyActivity(): void {
  const token = getToken();
  if (token) setToken(token);
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
