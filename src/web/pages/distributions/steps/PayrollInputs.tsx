import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { DistributionContext } from '../../../../domain/distributions/context';
import { PAYROLL_MONEY_INPUTS } from '../../../../domain/distributions/payroll-inputs';
import { MESSAGES } from '../../../../domain/messages';
import { toDecimalString } from '../../../../domain/money';
import { TAX_STATUSES } from '../../../../domain/users/schemas';
import { ficaApplies, isFicaExempt, type TaxStatus } from '../../../../domain/users/tax-status';
import { INPUT_DEBOUNCE_MS } from '../../../hooks/useDebouncedValue';
import { usd } from '../cents';
import { DebouncedField } from '../components/DebouncedField';
import type { FormAction, FormState } from '../form-state';

/**
 * Step 2's inputs (decision 13, docs/decisions.md): this month's tax status, FICA box and payroll amounts,
 * each starting from the field worker's Payroll Info. A change applies to this distribution only —
 * the distribution stores the values it used and the profile stays as it is. Every derived figure
 * (FICA shares, gross and total payroll, disbursement) is the engine's, shown beside these inputs.
 */
export function PayrollInputs(props: {
  context: DistributionContext;
  state: FormState;
  dispatch(action: FormAction): void;
  readOnly: boolean;
  errors: Record<string, string | undefined>;
}) {
  const { context, state, dispatch, readOnly, errors } = props;
  const profile = context.profile;
  const payroll = state.payroll;
  const taxStatus = ((payroll.tax_status ?? profile.taxStatus) || null) as TaxStatus | null;
  const fica =
    payroll.fica_tax !== undefined ? payroll.fica_tax === '1' : ficaApplies(profile.taxStatus, profile.ficaTax);
  const noFica = isFicaExempt(taxStatus);
  const changed = Object.keys(payroll).length > 0;

  return (
    <Box component="section" aria-labelledby="payroll-inputs-title" sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h3" id="payroll-inputs-title">
          This month's payroll
        </Typography>
        {!readOnly && changed && (
          <Button size="small" onClick={() => dispatch({ type: 'payrollReset' })}>
            Use Payroll Info
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Starts from {context.user.name}'s Payroll Info. Changes here apply to this distribution only; the Payroll Info
        stays as it is.
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 4 }}>
          <TextField
            select
            fullWidth
            id="payroll_tax_status"
            label="Tax Status"
            value={taxStatus ?? ''}
            disabled={readOnly}
            onChange={(event) => dispatch({ type: 'payroll', field: 'tax_status', value: event.target.value })}
            error={Boolean(errors.tax_status)}
            helperText={errors.tax_status ?? changedNote(payroll.tax_status, profile.taxStatus ?? 'not set')}
          >
            {taxStatus === null && <MenuItem value="">Not set</MenuItem>}
            {TAX_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {status}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 8 }}>
          <FormControlLabel
            label="FICA Tax (gross up the salary, employee and employer shares)"
            disabled={readOnly || noFica}
            control={
              <Checkbox
                checked={fica && !noFica}
                onChange={(event) =>
                  dispatch({ type: 'payroll', field: 'fica_tax', value: event.target.checked ? '1' : '0' })
                }
              />
            }
          />
          {(noFica || errors.fica_tax) && (
            <FormHelperText error={Boolean(errors.fica_tax)}>{errors.fica_tax ?? MESSAGES.ficaOnlyW2}</FormHelperText>
          )}
        </Grid>
        {PAYROLL_MONEY_INPUTS.map((input) => {
          const profileValue = toDecimalString(profile[input.profile]);
          return (
            <Grid key={input.name} size={{ xs: 12, sm: 6, md: 4 }}>
              <DebouncedField
                id={`payroll_${input.name}`}
                label={input.label}
                money
                fullWidth
                delay={INPUT_DEBOUNCE_MS}
                value={payroll[input.name] ?? profileValue}
                disabled={readOnly}
                onCommit={(value) => dispatch({ type: 'payroll', field: input.name, value })}
                error={Boolean(errors[input.name])}
                helperText={errors[input.name] ?? changedNote(payroll[input.name], usd(profile[input.profile]))}
              />
            </Grid>
          );
        })}
      </Grid>
    </Box>
  );
}

/** Under a changed input: what the Payroll Info says. */
function changedNote(value: string | undefined, profileText: string): string | undefined {
  return value === undefined ? undefined : `Payroll Info: ${profileText}`;
}
