import { Alert, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES } from '../../../domain/payments/bank-details';
import { paymentsContract } from '../../../domain/payments/contract';
import {
  PAYMENT_SETTING_LABELS,
  type PaymentSettingField,
  paymentSettingsSchema,
} from '../../../domain/payments/payment-settings';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';

/** As the API answers them: every field of PAYMENT_SETTING_FIELDS, null when not set. */
type Settings = Record<string, string | null>;

/** The settings in two groups, each field with what the bank expects of it. */
const GROUPS: Array<{ title: string; about: string; fields: Array<[PaymentSettingField, string?]> }> = [
  {
    title: 'ACH file (NACHA)',
    about: 'Who sends the ACH file and through which bank. Your bank gives you these values.',
    fields: [
      ['company_name', 'At most 16 characters, as the bank knows you'],
      ['company_id', 'Exactly 10 characters, often 1 followed by the EIN'],
      ['origin_routing_number', 'Your bank, which sends the entries'],
      ['origin_bank_name', 'At most 23 characters'],
      ['destination_routing_number', 'Where the file goes, usually your bank again'],
      ['destination_bank_name', 'At most 23 characters'],
      ['offset_account_number', 'Optional: makes a balanced file that debits this account'],
      ['offset_account_type'],
    ],
  },
  {
    title: 'International wires (ISO 20022 pain.001)',
    about: 'The account wires are paid from.',
    fields: [
      ['debtor_name', 'The organisation, as the bank knows it'],
      ['debtor_iban', 'Either an IBAN'],
      ['debtor_account_number', 'or, for a US account, its number'],
      ['debtor_bic', '8 or 11 letters and digits, e.g. CHASUS33'],
    ],
  },
];

const asForm = (settings: Settings) =>
  Object.fromEntries(Object.entries(settings).map(([field, value]) => [field, value ?? '']));

function PaymentSettingsForm({ settings }: { settings: Settings }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(paymentSettingsSchema, asForm(settings));
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(paymentsContract.updatePaymentSettings, { body: values });
      queryClient.setQueryData(queryKeyOf(paymentsContract.getPaymentSettings), saved);
      form.reset(asForm(saved));
      messages.success('Payment settings saved.');
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Payment settings">
      {GROUPS.map((group) => (
        <Paper key={group.title} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2">{group.title}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {group.about}
          </Typography>
          <Grid container spacing={2}>
            {group.fields.map(([field, help]) => (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                <FormField
                  control={form.control}
                  name={field}
                  label={PAYMENT_SETTING_LABELS[field]}
                  helperText={help}
                  fullWidth
                  options={
                    field === 'offset_account_type'
                      ? [
                          { value: '', label: 'Not set' },
                          ...BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: type })),
                        ]
                      : undefined
                  }
                />
              </Grid>
            ))}
          </Grid>
        </Paper>
      ))}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          Save payment settings
        </Button>
      </Stack>
    </Stack>
  );
}

/** /admin/payments/settings: what the NACHA and pain.001 files say about the organisation (admin). */
export function PaymentSettingsPage() {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  const query = useQuery({
    queryKey: queryKeyOf(paymentsContract.getPaymentSettings),
    queryFn: () => call(paymentsContract.getPaymentSettings),
    enabled: admin,
  });
  return (
    <>
      <PageHeader
        title="Payment Settings"
        subtitle="Used in the bank files of every released batch. Entries take effect on the MAT date, or the next business day."
      />
      {!admin ? (
        <Alert severity="info">Only an admin can see and change the payment settings.</Alert>
      ) : query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <PaymentSettingsForm settings={query.data} />
      )}
    </>
  );
}
