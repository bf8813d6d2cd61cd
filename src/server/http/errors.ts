import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type ErrorBody } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { errorSummary } from '../background';
import { MAX_UPLOAD_BYTES } from './body';

/**
 * Every failure leaves as `{message, errors?}` with the status codes of docs/product.md §7; bad input of any kind is
 * a 4xx (decision 17). A 5xx is logged by name and message only: a failed query's parameters (argon2
 * hashes, tokens, request values) never reach the log (decision 16).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { status, body } = toResponse(error, request);
    if (status >= 500) request.log.error({ err: errorSummary(error), code: databaseCode(error) }, 'request failed');
    else request.log.debug({ status, message: body.message }, 'request refused');
    return reply.status(status).send(body);
  });
}

/** "5MB", "2MB", "512KB": how docs/product.md's receipt message writes a size. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

/** docs/product.md's receipt message with the limit of the route that refused the file. */
export function fileTooLargeMessage(limitBytes: number): string {
  return MESSAGES.fileTooLarge.replace('5MB', formatBytes(limitBytes));
}

/** URL-encoded bodies have their own parser limit (http/body.ts). */
export const URLENCODED_BODY_LIMIT = 1024 * 1024;

function toResponse(error: FastifyError | AppError, request: FastifyRequest): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
    };
  }
  switch (error.code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const message = fileTooLargeMessage(request.routeOptions.config?.maxFileBytes ?? MAX_UPLOAD_BYTES);
      return { status: 413, body: { message, errors: { file: [message] } } };
    }
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const urlencoded = String(request.headers['content-type'] ?? '').includes('x-www-form-urlencoded');
      const limit = urlencoded ? URLENCODED_BODY_LIMIT : (request.routeOptions.bodyLimit ?? 0);
      return {
        status: 413,
        body: { message: `The request is too large: this address takes at most ${formatBytes(limit)}.` },
      };
    }
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return { status: 413, body: { message: `The form has too many parts: ${error.message}` } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { message: 'That content type is not accepted.' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { message: 'The request body is not valid JSON.' } };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, body: { message: error.message } };
  }
  if (isMalformedBody(error)) return { status: 400, body: { message: 'The request body is malformed.' } };
  const code = databaseCode(error);
  // Class 22 (data exception: out of range, bad encoding, bad date) and 54 (a value too large to
  // index) are bad input that slipped past a schema; they are the client's to fix, not a crash.
  if (code && (code.startsWith('22') || code.startsWith('54'))) {
    return { status: 422, body: { message: 'A value is out of range or not valid here.' } };
  }
  return { status: 500, body: { message: MESSAGES.somethingWentWrong } };
}

/** busboy (multipart) and the JSON parser throw plain errors for bodies that break their format. */
function isMalformedBody(error: Error): boolean {
  return /Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found|boundary/i.test(
    error.message,
  );
}

/** The SQLSTATE of a database error anywhere in the cause chain. */
function databaseCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
