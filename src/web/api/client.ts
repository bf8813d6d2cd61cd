import type { authContract } from '../../domain/auth/contract';
import { call, withQuery } from './call';
import { ApiError } from './error';
import { route } from './route';

// Every call to the API goes through `call()` (call.ts); this module keeps the download links and
// the error type's old import path.
export { ApiError };

type Query = Record<string, string | number | boolean | null | undefined>;

// Downloads start from any screen, the first page's included: the contract as a type only (route.ts).
const downloadTokenRoute = route<typeof authContract.downloadToken>({ method: 'POST', path: '/download-token' });

/**
 * A download link for the routes that take a token in the query: a single-use `download_token` that
 * lives 60 seconds, made for this one download, never the session token (which would stay in the
 * browser's history and in proxy logs). See docs/security.md, "Download tokens".
 */
export async function downloadUrl(path: string, query: Query): Promise<string> {
  const { download_token } = await call(downloadTokenRoute);
  return `/api${withQuery(path, { ...query, download_token })}`;
}
