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
 * Downloads a report or statement. The address carries api_token in the query as SPEC.md §6 has
 * report downloads do; it is built only at the moment of the click, so the token never sits in the
 * page. Fetching first (instead of following a link) lets a refusal show as a message rather than a
 * page of JSON. Resolves with the file name.
 */
export async function downloadFile(path: string, query: Query, fallbackName: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(downloadUrl(path, query));
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
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

/** Opens a statement in a new tab (inline PDF), the browser carrying the token in the query. */
export function openInNewTab(path: string, query: Query = {}): void {
  window.open(downloadUrl(path, query), '_blank', 'noopener');
}
