/**
 * One error type for the whole product. Its code decides the HTTP status; its message is the
 * user-facing text of docs/product.md; `errors` holds field messages shown under the inputs.
 */
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media'
  | 'validation'
  | 'rate_limited';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  validation: 422,
  rate_limited: 429,
};

export const DEFAULT_MESSAGE: Record<ErrorCode, string> = {
  bad_request: 'The request could not be understood.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have permission to do that.',
  not_found: 'Not found.',
  conflict: 'That conflicts with the current state of the record.',
  too_large: 'Invalid file. Please choose a file that is 5MB or smaller.',
  unsupported_media: 'That kind of file is not accepted.',
  validation: 'Please correct the highlighted fields.',
  rate_limited: 'Too many attempts. Please wait a few minutes and try again.',
};

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly errors?: FieldErrors;

  constructor(code: ErrorCode, message?: string, errors?: FieldErrors) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.name = 'AppError';
    this.code = code;
    this.errors = errors;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  static validation(errors: FieldErrors, message?: string): AppError {
    const first = Object.values(errors).find((list) => list.length > 0)?.[0];
    return new AppError('validation', message ?? first ?? DEFAULT_MESSAGE.validation, errors);
  }

  static field(field: string, message: string): AppError {
    return new AppError('validation', message, { [field]: [message] });
  }

  static notFound(what = 'Not found.'): AppError {
    return new AppError('not_found', what);
  }

  static forbidden(message?: string): AppError {
    return new AppError('forbidden', message);
  }

  static conflict(message: string): AppError {
    return new AppError('conflict', message);
  }
}

/** The wire shape of every failure: `{message, errors?}`. */
export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
}

/**
 * The one mapping from zod issues to field messages (`{field: [message, …]}`, nested paths joined
 * with dots, form-level issues under `_`), used by the server's request parsing and the web's
 * previews alike.
 */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    errors[field] ??= [];
    if (!errors[field].includes(issue.message)) errors[field].push(issue.message);
  }
  return errors;
}
