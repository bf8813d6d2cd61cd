import type { ErrorBody, FieldErrors } from '../../domain/errors';

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
