import { Checkbox, FormControlLabel, FormHelperText, Stack } from '@mui/material';
import { type Control, Controller } from 'react-hook-form';
import { MESSAGES } from '../../../domain/messages';
import type { PayrollValues } from './payroll-fields';

/** The FICA Tax box; when the tax status owes no FICA it is off, and the help under it says why. */
export function FicaTaxCheckbox(props: { control: Control<PayrollValues>; disabled: boolean; noFica: boolean }) {
  const { noFica } = props;
  return (
    <Controller
      control={props.control}
      name="fica_tax"
      render={({ field, fieldState }) => (
        <Stack>
          <FormControlLabel
            label="FICA Tax"
            disabled={props.disabled || noFica}
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: noFica || fieldState.error ? { 'aria-describedby': 'fica-tax-help' } : {} }}
              />
            }
          />
          {(noFica || fieldState.error) && (
            <FormHelperText id="fica-tax-help" error={Boolean(fieldState.error)}>
              {fieldState.error?.message ?? MESSAGES.ficaOnlyW2}
            </FormHelperText>
          )}
        </Stack>
      )}
    />
  );
}
