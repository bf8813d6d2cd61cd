import { zodResolver } from '@hookform/resolvers/zod';
import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../api/client';

/**
 * A form validated by the same zod schema the API parses with. Submit handlers receive the raw
 * field values (what the user typed), which go to the API unchanged; the server parses them again.
 */
export function useSchemaForm<T extends FieldValues>(schema: z.ZodType, defaultValues: T) {
  return useForm<T>({
    resolver: zodResolver(schema as never, undefined, { raw: true }) as never,
    defaultValues: defaultValues as never,
    mode: 'onTouched',
  });
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

type InputProps<T extends FieldValues> = Omit<TextFieldProps, 'name'> & {
  control: Control<T>;
  name: Path<T>;
  options?: ReadonlyArray<{ value: string; label: string }>;
};

/** A TextField bound to the form; its error text comes from zod or the server. */
export function FormField<T extends FieldValues>({
  control,
  name,
  options,
  helperText,
  slotProps,
  ...props
}: InputProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          {...field}
          // Help stays readable while the input is disabled (view mode), as axe's contrast rule wants.
          slotProps={{ ...slotProps, formHelperText: { disabled: false, ...(slotProps?.formHelperText as object) } }}
          id={props.id ?? String(name)}
          value={field.value ?? ''}
          select={options !== undefined}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ?? helperText}
        >
          {options?.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
