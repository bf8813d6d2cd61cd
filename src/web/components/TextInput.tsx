import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';

interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
}

/**
 * A plain controlled text input, looking and labelled like FormField's outlined TextField. TextField
 * also carries Select, Menu and Popover, and FormField react-hook-form; the login page, which must
 * load fast on a field link (its 170 KiB budget, test/web-budget.test.ts), uses this instead.
 */
export function TextInput({ id, label, value, onChange, onBlur, error, type, autoComplete, required }: TextInputProps) {
  return (
    <FormControl variant="outlined" fullWidth required={required} error={error !== undefined}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        type={type}
        autoComplete={autoComplete}
        label={required ? `${label} *` : label}
        aria-describedby={error ? `${id}-helper-text` : undefined}
      />
      {error && <FormHelperText id={`${id}-helper-text`}>{error}</FormHelperText>}
    </FormControl>
  );
}
