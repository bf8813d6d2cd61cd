import { Alert, Button, Chip, Divider, Grid, Paper, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { accountingPresetsContract, type TAccountingSettings } from '../../../domain/reports/presets/contract';
import { ACCOUNT_KINDS, type AccountKind, KIND_LABELS, kindLabels } from '../../../domain/reports/presets/kinds';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { applyServerErrors, FormField } from '../../components/form';
import { useMessages } from '../../shell/messages';

type Row = { number: string; name: string };
interface Values {
  accounts: Partial<Record<AccountKind, Row>>;
  dimension: string;
}

function valuesOf(settings: TAccountingSettings): Values {
  const accounts: Values['accounts'] = {};
  for (const kind of ACCOUNT_KINDS) accounts[kind] = settings.accounts[kind] ?? { number: '', name: '' };
  return { accounts, dimension: settings.dimension };
}

/** A row left blank is unmapped; a half-filled row goes to the server, whose 422 names the missing half. */
function mappingOf(values: Values) {
  const accounts: Partial<Record<AccountKind, Row>> = {};
  for (const kind of ACCOUNT_KINDS) {
    const row = values.accounts[kind];
    if (row && (row.number.trim() !== '' || row.name.trim() !== '')) accounts[kind] = row;
  }
  return { accounts, dimension: values.dimension };
}

/** Which kinds exports still book to Sheepfold's own accounts, in a sentence. */
export function UnmappedNotice({ unmapped }: { unmapped: readonly AccountKind[] }) {
  if (unmapped.length === 0) return <Alert severity="success">Every kind of account is mapped.</Alert>;
  return (
    <Alert severity="warning">
      Not mapped yet ({unmapped.length} of {ACCOUNT_KINDS.length}): {kindLabels(unmapped)}. Exports book these to
      Sheepfold’s own accounts, shown under each kind below.
    </Alert>
  );
}

/**
 * The mapping of each kind of journal account to the organisation's chart, and the name of the
 * per-missionary dimension (docs/reports.md "Accounting presets"). Read-only for employees.
 */
export function AccountingMappingForm({ settings, editable }: { settings: TAccountingSettings; editable: boolean }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useForm<Values>({ defaultValues: valuesOf(settings) });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(accountingPresetsContract.putAccountingSettings, { body: mappingOf(values) });
      queryClient.setQueryData(queryKeyOf(accountingPresetsContract.getAccountingSettings, {}), saved);
      form.reset(valuesOf(saved));
      messages.success(
        saved.unmapped.length === 0
          ? 'Accounting settings saved. Every kind is mapped.'
          : `Accounting settings saved. Still unmapped: ${kindLabels(saved.unmapped)}.`,
      );
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        {!editable && (
          <Alert severity="info">Only an admin can change the account mapping; you can read it here.</Alert>
        )}
        <UnmappedNotice unmapped={settings.unmapped} />
        <FormField
          control={form.control}
          name="dimension"
          label="Per-missionary dimension"
          disabled={!editable}
          sx={{ maxWidth: 420 }}
          helperText="Its name in your books: the QuickBooks class list, Xero tracking category, Aplos fund or Sage Intacct dimension that splits lines by missionary."
        />
        <Typography variant="h2">Accounts</Typography>
        <Typography variant="body2" color="text.secondary">
          Enter the number and name each kind has in your chart of accounts. Leave both blank to keep Sheepfold’s own
          accounts for that kind.
        </Typography>
        {ACCOUNT_KINDS.map((kind, index) => (
          <Stack key={kind} spacing={1.5}>
            {index > 0 && <Divider />}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h3" component="h3" id={`kind-${kind}`}>
                {KIND_LABELS[kind].label}
              </Typography>
              {settings.unmapped.includes(kind) && <Chip size="small" label="Unmapped" />}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Sheepfold’s own: {KIND_LABELS[kind].today}
            </Typography>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField
                  control={form.control}
                  name={`accounts.${kind}.number`}
                  label={`${KIND_LABELS[kind].label}: account number`}
                  disabled={!editable}
                  fullWidth
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 8 }}>
                <FormField
                  control={form.control}
                  name={`accounts.${kind}.name`}
                  label={`${KIND_LABELS[kind].label}: account name`}
                  disabled={!editable}
                  fullWidth
                />
              </Grid>
            </Grid>
          </Stack>
        ))}
        {editable && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
              Save Accounting Settings
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
