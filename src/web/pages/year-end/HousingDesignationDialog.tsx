import { Alert, Grid, InputAdornment } from '@mui/material';
import { useState } from 'react';
import { usersContract } from '../../../domain/users/contract';
import { housingDesignationSchema } from '../../../domain/users/minister';
import type { THousingAllowance } from '../../../domain/year-end/contract';
import { ApiError, call } from '../../api/call';
import { FormDialog } from '../../components/FormDialog';
import { FormField, useSchemaForm } from '../../components/form';
import { twoDecimals } from '../../format';

type Designation = THousingAllowance['designations'][number];
const FIELDS = ['year', 'amount', 'approved_on'] as const;

/**
 * Adds or changes one year's housing allowance designation. The profile takes the whole list, so
 * the other years go along unchanged. The server's refusals (an amount below what was already
 * excluded) come back under the list's entry and are put under the field they name.
 */
export function HousingDesignationDialog(props: {
  userId: number;
  designation: Designation | null;
  all: Designation[];
  defaultYear: number;
  onSaved(): void;
  onClose(): void;
}) {
  const { designation } = props;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm(housingDesignationSchema, {
    year: String(designation?.year ?? props.defaultYear),
    amount: designation ? twoDecimals(designation.amount) : '',
    approved_on: designation?.approved_on ?? '',
  });
  const submit = form.handleSubmit(async (values) => {
    setRefusal(null);
    const others = props.all
      .filter((d) => d.year !== designation?.year)
      .map(({ year, amount, approved_on }) => ({ year, amount, approved_on }));
    try {
      await call(usersContract.updateUser, {
        params: { id: props.userId },
        body: { housing_allowance_designations: [...others, values] },
      });
      props.onSaved();
    } catch (error) {
      if (!(error instanceof ApiError)) return setRefusal('Something went wrong.');
      let placed = false;
      for (const [key, messages] of Object.entries(error.errors)) {
        const field = FIELDS.find((name) => key === `housing_allowance_designations.${others.length}.${name}`);
        if (field) form.setError(field, { type: 'server', message: messages[0] });
        else setRefusal(messages[0] ?? error.message);
        placed ||= Boolean(field);
      }
      if (!placed && Object.keys(error.errors).length === 0) setRefusal(error.message);
    }
  });
  return (
    <FormDialog
      title={designation ? `Housing allowance designation ${designation.year}` : 'Add a housing allowance designation'}
      submitLabel="Save Designation"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={props.onClose}
      maxWidth="xs"
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        {refusal && (
          <Grid size={12}>
            <Alert severity="error">{refusal}</Alert>
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 4 }}>
          <FormField
            control={form.control}
            name="year"
            label="Year"
            inputMode="numeric"
            disabled={designation !== null}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 8 }}>
          <FormField
            control={form.control}
            name="amount"
            label="Designated amount"
            inputMode="decimal"
            slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
        </Grid>
        <Grid size={12}>
          <FormField
            control={form.control}
            name="approved_on"
            label="Approved by the board on"
            type="date"
            helperText="Only distributions with a MAT date on or after this date pay it tax-free."
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
