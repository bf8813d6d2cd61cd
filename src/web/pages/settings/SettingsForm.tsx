import {
  Alert,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Grid,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { MESSAGES } from '../../../domain/messages';
import { settingsContract } from '../../../domain/settings/contract';
import {
  DONOR_NAMES_LABEL,
  DONOR_NAMES_SETTING,
  SETTING_LABELS,
  SETTING_NAMES,
  updateSettingsSchema,
} from '../../../domain/settings/settings';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { Setting } from '../../api/types';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';

const HELP: Record<string, string> = {
  mileage_reimbursement: 'Paid per mile; kilometres are converted at 0.621371.',
  admin_fee_percentage: 'In percent of the month’s donations, e.g. 10.',
  admin_fee_cap: 'The most one distribution pays in admin fee.',
  social_security_percentage: 'Employee share in percent, e.g. 6.2.',
  medicare_percentage: 'Employee share in percent, e.g. 1.45.',
};

export function SettingsForm({ settings, editable }: { settings: Setting[]; editable: boolean }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const value = (name: string) => settings.find((s) => s.setting_name === name)?.setting_value ?? '';
  const initial = {
    mileage_reimbursement: value('mileage_reimbursement'),
    admin_fee_percentage: value('admin_fee_percentage'),
    admin_fee_cap: value('admin_fee_cap'),
    social_security_percentage: value('social_security_percentage'),
    medicare_percentage: value('medicare_percentage'),
    [DONOR_NAMES_SETTING]: value(DONOR_NAMES_SETTING) === '1',
  };
  const form = useSchemaForm(updateSettingsSchema, initial);
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(settingsContract.updateSettings, { body: values, form: true });
      queryClient.setQueryData(keys.settings, saved);
      messages.success(MESSAGES.settingsUpdated);
      form.reset(values);
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <Typography variant="h2">Rates and Fees</Typography>
        {!editable && <Alert severity="info">Only an admin can change the settings; you can read them here.</Alert>}
        <Grid container spacing={2}>
          {SETTING_NAMES.map((name) => (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <FormField
                control={form.control}
                name={name}
                label={SETTING_LABELS[name]}
                inputMode="decimal"
                disabled={!editable}
                helperText={HELP[name]}
              />
            </Grid>
          ))}
        </Grid>
        <Controller
          control={form.control}
          name={DONOR_NAMES_SETTING}
          render={({ field }) => (
            <Stack>
              <FormControlLabel
                label={DONOR_NAMES_LABEL}
                disabled={!editable}
                control={
                  <Checkbox
                    checked={Boolean(field.value)}
                    onChange={(event) => field.onChange(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'donor-names-help' } }}
                  />
                }
              />
              <FormHelperText id="donor-names-help">
                On My Support, with a CSV for thank-you letters. Off: missionaries see counts and amounts only. Staff
                always see names.
              </FormHelperText>
            </Stack>
          )}
        />
        {editable && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            {/* Enabled unchanged too: saving the defaults is how an admin confirms them (the setup checklist). */}
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              Save Settings
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
