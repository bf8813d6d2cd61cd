import { Grid, InputAdornment, Paper, Stack, Typography } from '@mui/material';
import { TAX_STATUSES } from '../../../domain/users/schemas';
import type { User } from '../../api/types';
import { FormField } from '../../components/form';
import { EditableSectionHeader } from './EditableSectionHeader';
import { FicaTaxCheckbox, MinisterCheckbox } from './FicaTaxCheckbox';
import { MONEY_FIELDS, PERCENT_FIELDS } from './payroll-fields';
import { usePayrollInfoForm } from './use-payroll-info-form';

/** Why a profile that is not a missionary's has no Payroll Info (docs/product.md §2.3). */
export const NO_PAYROLL_INFO =
  'Payroll Info is kept for missionaries only: MAT Day distributions pay missionaries, and nothing in Sheepfold pays this user.';

type PayrollInfoProps = { user: User; editable: boolean; onSaved(user: User): void };

/**
 * Payroll Info (docs/product.md §2.3): on a missionary's profile the form; on anyone else's (a staff
 * member's own My Profile among them) one sentence saying why there is none, never an empty greyed
 * form, since only a missionary is paid through distributions.
 */
export function PayrollInfoForm(props: PayrollInfoProps) {
  if (props.user.role === 'missionary') return <MissionaryPayrollForm {...props} />;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={1}>
        <Typography variant="h2">Payroll Info</Typography>
        <Typography variant="body2">{NO_PAYROLL_INFO}</Typography>
      </Stack>
    </Paper>
  );
}

/** Edit enables the inputs; Save submits and disables them again. */
function MissionaryPayrollForm({ user, editable, onSaved }: PayrollInfoProps) {
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
