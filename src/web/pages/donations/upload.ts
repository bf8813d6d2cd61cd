import type { ErrorBody } from '../../../domain/errors';
import { ApiError } from '../../api/client';
import { getToken, notifyActivity, onUnauthorized } from '../../session/token-store';

export type UploadProgress = { phase: 'uploading'; fraction: number } | { phase: 'processing' };

/** A failed upload keeps the whole answer (a refused import lists its rows). */
export class UploadError extends ApiError {
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    super(status, typeof body === 'object' && body !== null ? (body as Partial<ErrorBody>) : { message: String(body) });
    this.body = body;
  }
}

/**
 * A multipart POST through XMLHttpRequest, the one browser API that reports upload progress; then
 * "processing" while the server reads the file.
 */
export function uploadWithProgress<T>(
  path: string,
  fields: Record<string, string | Blob>,
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof File) form.append(key, value, value.name);
    else form.append(key, value);
  }
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('api-token', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: 'uploading', fraction: event.loaded / event.total });
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onerror = () =>
      reject(new ApiError(0, { message: 'The server could not be reached. Check your connection and try again.' }));
    xhr.onload = () => {
      notifyActivity();
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: keep the text
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else {
        if (xhr.status === 401 && token) onUnauthorized();
        reject(new UploadError(xhr.status, body));
      }
    };
    onProgress({ phase: 'uploading', fraction: 0 });
    xhr.send(form);
  });
}
