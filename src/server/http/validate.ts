import type { z } from 'zod';
import { AppError, fieldErrorsOf } from '../../domain/errors';

/** Parse input with a shared zod schema; failures become a 422 with messages under each field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw AppError.validation(fieldErrorsOf(result.error.issues));
}
