import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/client';

/**
 * The fields of the schema's input (what the API accepts), as a form holds them: a field the schema
 * requires must be in the form's values, an optional one may be; each holds what its input holds
 * (text, a box's true/false), so the value types come from the defaults. A form may hold more (a box
 * that only steers the screen). The form's type is checked against the schema, not written beside it.
 */
export type SchemaFields<S extends z.ZodType> = { [K in keyof z.input<S>]: unknown };

/**
 * A form validated by the same zod schema the API parses with. Submit handlers receive the raw
 * field values (what the user typed), which go to the API unchanged; the server parses them again.
 * The resolver loads with the first validation, not with the page.
 */
export function useSchemaForm<S extends z.ZodType, T extends SchemaFields<S> & FieldValues>(
  schema: S,
  defaultValues: T,
) {
  return useForm<T>({
    resolver: lazyZodResolver<T>(schema),
    defaultValues: asDefaults(defaultValues),
    mode: 'onTouched',
  });
}

/**
 * A whole set of values is a valid set of defaults (react-hook-form's DefaultValues<T> is a deep
 * partial of T); TypeScript cannot see that for a generic T, so the overload says it once.
 */
function asDefaults<T extends FieldValues>(values: T): DefaultValues<T>;
function asDefaults(values: FieldValues): FieldValues {
  return values;
}

/**
 * The zod resolver validates the values the form holds (`raw: true` hands them to the submit handler
 * unparsed), whatever their type; it is written for any field values, so it serves every form's T.
 */
function forForm<T extends FieldValues>(resolver: Resolver<FieldValues>): Resolver<T>;
function forForm(resolver: Resolver<FieldValues>): Resolver<FieldValues> {
  return resolver;
}

function lazyZodResolver<T extends FieldValues>(schema: z.ZodType): Resolver<T> {
  let resolver: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    resolver ??= import('@hookform/resolvers/zod').then(({ zodResolver }) =>
      forForm<T>(zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true })),
    );
    return (await resolver)(values, context, options);
  };
}

/** Puts the server's field errors under the inputs of the same name; returns the message. */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): string {
  if (error instanceof ApiError) {
    for (const [field, messages] of Object.entries(error.errors)) {
      form.setError(field as Path<T>, { type: 'server', message: messages[0] });
    }
    return error.message;
  }
  return 'Something went wrong.';
}
