import { ApiError, downloadUrl } from '../../api/client';
import { notifyActivity, onUnauthorized } from '../../session/token-store';

type Query = Record<string, string | number | boolean | null | undefined>;

/** The file name of a Content-Disposition header (filename*= first, then filename=). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

/**
 * Downloads a report or statement. The address carries a single-use download token made at the
 * moment of the click (never the session token). Fetching first (instead of following a link) lets
 * a refusal show as a message rather than a page of JSON. Resolves with the file name.
 */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<string> {
  const url = await downloadUrl(path, query);
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw new ApiError(0, { message: 'The server could not be reached. Check your connection and try again.' });
  }
  notifyActivity();
  if (!response.ok) {
    if (response.status === 401) onUnauthorized();
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('application/json') ? await response.json() : { message: await response.text() };
    throw new ApiError(response.status, body);
  }
  const name = filenameOf(response.headers.get('content-disposition'), fallbackName);
  saveBlob(await response.blob(), name);
  return name;
}

/** Hands a file already fetched (a `call()` answer) to the browser's downloads under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * Opens a statement in a new tab (inline PDF) with a single-use download token in the address. The
 * tab opens at the click (so no pop-up blocker stops it) and goes to the file once the token is made.
 */
export async function openInNewTab(path: string, query: Query = {}): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = await downloadUrl(path, query);
    if (!tab) return void window.open(url, '_blank', 'noopener');
    tab.opener = null;
    tab.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
