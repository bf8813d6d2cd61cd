import type { ErrorBody, FieldErrors } from '../../domain/errors';
import { getToken, notifyActivity, onUnauthorized } from '../session/token-store';

/** A failed call: the server's `{message, errors}` with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  constructor(status: number, body: Partial<ErrorBody>) {
    super(body.message || 'Something went wrong.');
    this.status = status;
    this.errors = body.errors ?? {};
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function request<T>(method: string, path: string, body?: BodyInit | null, json = false): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers['api-token'] = token;
  if (json) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body });
  } catch {
    throw new ApiError(0, { message: 'The server could not be reached. Check your connection and try again.' });
  }
  notifyActivity();
  const type = response.headers.get('content-type') ?? '';
  const payload = type.includes('application/json') ? await response.json() : await response.text();
  if (!response.ok) {
    if (response.status === 401 && token) onUnauthorized();
    throw new ApiError(response.status, typeof payload === 'object' ? payload : { message: String(payload) });
  }
  return payload as T;
}

function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : 'file');
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else form.append(key, String(value));
  }
  return form;
}

/**
 * The calls of docs/product.md §7. PATCH and DELETE with a form go as POST with `_method`, as the original
 * client did; JSON bodies use the real method.
 */
export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', withQuery(path, query)),
  postJson: <T>(path: string, body: unknown) => request<T>('POST', path, JSON.stringify(body), true),
  patchJson: <T>(path: string, body: unknown) => request<T>('PATCH', path, JSON.stringify(body), true),
  putJson: <T>(path: string, body: unknown) => request<T>('PUT', path, JSON.stringify(body), true),
  postForm: <T>(path: string, fields: Record<string, unknown>) => request<T>('POST', path, toFormData(fields)),
  patchForm: <T>(path: string, fields: Record<string, unknown>) =>
    request<T>('POST', path, toFormData({ ...fields, _method: 'PATCH' })),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/**
 * A download link for the routes that take a token in the query: a single-use `download_token` that
 * lives 60 seconds, made for this one download, never the session token (which would stay in the
 * browser's history and in proxy logs). See docs/security.md, "Download tokens".
 */
export async function downloadUrl(path: string, query: Query): Promise<string> {
  const { download_token } = await api.postJson<{ download_token: string }>('/download-token', {});
  return `/api${withQuery(path, { ...query, download_token })}`;
}
