import { Checkbox, FormControlLabel, FormHelperText, Grid, InputAdornment, Paper, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import { PAYROLL_MONEY_INPUTS } from '../../../domain/distributions/payroll-inputs';
import { MESSAGES } from '../../../domain/messages';
import { payrollInfoSchema, TAX_STATUSES } from '../../../domain/users/schemas';
import { isFicaExempt, type TaxStatus } from '../../../domain/users/tax-status';
import { api } from '../../api/client';
import type { User } from '../../api/types';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { twoDecimals } from '../../format';
import { useMessages } from '../../shell/messages';
import { EditableSectionHeader } from './EditableSectionHeader';

/** The payroll amounts (the one list step 2 of the Distribution Form also edits), then the rest. */
const MONEY_FIELDS = [
  ...PAYROLL_MONEY_INPUTS.map((input) => [input.profileWire, input.label] as const),
  ['admin_fee_cap', 'Admin Fee Cap'] as const,
  ['fund_balance', 'Fund Balance'] as const,
];

const PERCENT_FIELDS = [
  ['social_security', 'Social Security %'],
  ['medicare', 'Medicare %'],
  ['admin_fee_percentage', 'Admin Fee %'],
] as const;

type Values = Record<string, string | boolean>;

function valuesOf(user: User): Values {
  const profile = user.profile;
  const values: Values = { tax_status: profile?.tax_status ?? '', fica_tax: profile?.fica_tax === 1 };
  for (const [name] of MONEY_FIELDS) values[name] = twoDecimals(profile?.[name] ?? null);
  for (const [name] of PERCENT_FIELDS) values[name] = profile?.[name] === null || !profile ? '' : String(profile[name]);
  return values;
}

/** Payroll Info: Edit enables the inputs; Save submits and disables them again (SPEC.md §2.3). */
export function PayrollInfoForm({
  user,
  editable,
  onSaved,
}: {
  user: User;
  editable: boolean;
  onSaved(user: User): void;
}) {
  const messages = useMessages();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm(payrollInfoSchema, valuesOf(user));
  const disabled = !editing;
  // DESIGN.md decision 25: W2 Exempt and 1099 owe no FICA, so the box is off and cannot be ticked.
  const taxStatus = form.watch('tax_status');
  const noFica = isFicaExempt((taxStatus || null) as TaxStatus | null);
  const ficaTicked = form.watch('fica_tax');
  useEffect(() => {
    if (editing && noFica && ficaTicked) form.setValue('fica_tax', false, { shouldDirty: true });
  }, [editing, noFica, ficaTicked, form]);

  const submit = form.handleSubmit(async (values) => {
    // Only what the admin changed is sent, so a balance moved meanwhile (a distribution approved in
    // another tab) is never written back with the value this form was opened with.
    const dirty = form.formState.dirtyFields as Partial<Record<string, boolean>>;
    const changed = Object.fromEntries(Object.entries(values).filter(([name]) => dirty[name]));
    if (Object.keys(changed).length === 0) {
      setEditing(false);
      return;
    }
    if ('fica_tax' in changed) changed.fica_tax = changed.fica_tax ? '1' : '0';
    try {
      const saved = await api.postForm<User>(`/user/${user.id}`, changed);
      messages.success(MESSAGES.userUpdated);
      form.reset(valuesOf(saved));
      setEditing(false);
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
      messages.error(MESSAGES.userUpdateFailed);
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <EditableSectionHeader
          title="Payroll Info"
          editable={editable}
          editing={editing}
          submitting={form.formState.isSubmitting}
          onEdit={() => setEditing(true)}
          onCancel={() => {
            form.reset(valuesOf(user));
            setEditing(false);
          }}
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
            <Controller
              control={form.control}
              name="fica_tax"
              render={({ field, fieldState }) => (
                <Stack>
                  <FormControlLabel
                    label="FICA Tax"
                    disabled={disabled || noFica}
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
