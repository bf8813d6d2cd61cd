import { MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

export { applyServerErrors, useSchemaForm } from './schema-form';

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
