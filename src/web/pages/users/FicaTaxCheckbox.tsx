import { Checkbox, FormControlLabel, FormHelperText, Stack } from '@mui/material';
import { type Control, Controller } from 'react-hook-form';
import type { PayrollValues } from './payroll-fields';

/** The FICA Tax box; when the tax status owes no FICA it is off, and the help under it says why. */
export function FicaTaxCheckbox(props: {
  control: Control<PayrollValues>;
  disabled: boolean;
  noFica: boolean;
  /** Why there is no FICA: the tax status, or the minister box. */
  noFicaReason: string;
}) {
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
              {fieldState.error?.message ?? props.noFicaReason}
            </FormHelperText>
          )}
        </Stack>
      )}
    />
  );
}

/** The minister box (decision 33, docs/tax.md): no FICA, and the housing allowance under designations. */
export function MinisterCheckbox(props: { control: Control<PayrollValues>; disabled: boolean }) {
  return (
    <Controller
      control={props.control}
      name="minister"
      render={({ field }) => (
        <Stack>
          <FormControlLabel
            label="Minister"
            disabled={props.disabled}
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': 'minister-help' } }}
              />
            }
          />
          <FormHelperText id="minister-help">
            Pays self-employment tax (no FICA withheld); housing allowance tax-free up to the board’s designation.
          </FormHelperText>
        </Stack>
      )}
    />
  );
}
