import { Grid, InputAdornment, Paper, Stack } from '@mui/material';
import { TAX_STATUSES } from '../../../domain/users/schemas';
import type { User } from '../../api/types';
import { FormField } from '../../components/form';
import { EditableSectionHeader } from './EditableSectionHeader';
import { FicaTaxCheckbox, MinisterCheckbox } from './FicaTaxCheckbox';
import { MONEY_FIELDS, PERCENT_FIELDS } from './payroll-fields';
import { usePayrollInfoForm } from './use-payroll-info-form';

/** Payroll Info: Edit enables the inputs; Save submits and disables them again (docs/product.md §2.3). */
export function PayrollInfoForm({
  user,
  editable,
  onSaved,
}: {
  user: User;
  editable: boolean;
  onSaved(user: User): void;
}) {
  const { form, editing, edit, cancel, submit, noFica, noFicaReason } = usePayrollInfoForm(user, onSaved);
  const disabled = !editing;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <EditableSectionHeader
          title="Payroll Info"
          editable={editable}
          editing={editing}
          submitting={form.formState.isSubmitting}
          onEdit={edit}
          onCancel={cancel}
        />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormField
              control={form.control}
              name="tax_status"
              label="Tax Status"
              disabled={disabled}
              options={[
                { value: '', label: 'Not set' },
                ...TAX_STATUSES.map((status) => ({ value: status, label: status })),
              ]}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <FicaTaxCheckbox control={form.control} disabled={disabled} noFica={noFica} noFicaReason={noFicaReason} />
          </Grid>
          <Grid size={{ xs: 12 }}>
            <MinisterCheckbox control={form.control} disabled={disabled} />
          </Grid>
          {MONEY_FIELDS.map(([name, label]) => (
            <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
              <FormField
                control={form.control}
                name={name}
                label={label}
                disabled={disabled}
                inputMode="decimal"
                slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
              />
            </Grid>
          ))}
          {PERCENT_FIELDS.map(([name, label]) => (
            <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
              <FormField
                control={form.control}
                name={name}
                label={label}
                disabled={disabled}
                inputMode="decimal"
                helperText="Blank uses the organisation setting"
                slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
              />
            </Grid>
          ))}
        </Grid>
      </Stack>
    </Paper>
  );
}
