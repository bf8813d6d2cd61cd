import { Alert, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  BANK_ACCOUNT_TYPES,
  BANK_FIELD_LABELS,
  BANK_METHOD_FIELDS,
  type BankField,
  bankDetailsSchema,
} from '../../../domain/payments/bank-details';
import { paymentsContract, type TBankDetailsView } from '../../../domain/payments/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { Loading } from '../../components/Loading';
import { ReadOnlyFields } from '../../components/ReadOnlyFields';
import { date } from '../../format';
import { useMessages } from '../../shell/messages';
import {
  ACCOUNT_TYPE_LABELS,
  bankDetailsBody,
  bankDetailsSummary,
  bankFormDefaults,
  METHOD_OPTIONS,
} from './bank-form';

type DetailField = Exclude<BankField, 'payout_method'>;

/** Help under a field: the shape a bank expects, so a typo is caught before the server says so. */
const HELP: Partial<Record<DetailField, string>> = {
  bank_routing_number: '9 digits, on the bottom left of a check',
  bank_account_number: '4 to 17 digits (for a wire: when the country has no IBAN)',
  bank_country: 'Two letters, e.g. KE or DE',
  bank_currency: 'Three letters, e.g. EUR or KES',
  iban: 'Required where the country uses IBANs',
  bic: '8 or 11 letters and digits, e.g. DEUTDEFF',
};
const NUMERIC: ReadonlySet<DetailField> = new Set(['bank_routing_number', 'bank_account_number']);

function BankDetailsForm(props: {
  userId: number;
  current: TBankDetailsView;
  own: boolean;
  onDone(saved?: TBankDetailsView): void;
}) {
  const messages = useMessages();
  const form = useSchemaForm(bankDetailsSchema, bankFormDefaults(props.current));
  const method = form.watch('payout_method');
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await call(paymentsContract.saveBankDetails, {
        params: { id: props.userId },
        body: bankDetailsBody(values),
      });
      messages.success(
        props.own
          ? 'Bank details saved. They are held for review in the next payment batch; a mail confirms the change.'
          : 'Bank details saved. They are held for review in the next payment batch, and the missionary was mailed.',
      );
      props.onDone(saved);
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Change bank details">
      <FormField control={form.control} name="payout_method" label="Payout method" options={METHOD_OPTIONS} />
      <Grid container spacing={2}>
        {BANK_METHOD_FIELDS[method].map((field) => (
          <Grid key={field} size={{ xs: 12, sm: 6 }}>
            <FormField
              control={form.control}
              name={field}
              label={BANK_FIELD_LABELS[field]}
              fullWidth
              helperText={HELP[field]}
              autoComplete="off"
              inputMode={NUMERIC.has(field) ? 'numeric' : undefined}
              options={
                field === 'bank_account_type'
                  ? BANK_ACCOUNT_TYPES.map((type) => ({
                      value: type,
                      label: ACCOUNT_TYPE_LABELS[type],
                    }))
                  : undefined
              }
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={() => props.onDone()}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          Save bank details
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * Bank details on a payroll profile (docs/payments.md "Bank details"): the current ones masked, and a
 * form for whoever may change them (the missionary themselves, or an admin). Loaded with its own chunk.
 */
export function BankDetailsCard(props: { userId: number; name: string; editable: boolean; own: boolean }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const key = queryKeyOf(paymentsContract.getBankDetails, { params: { id: props.userId } });
  const query = useQuery({
    queryKey: key,
    queryFn: () => call(paymentsContract.getBankDetails, { params: { id: props.userId } }),
  });
  const details = query.data;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-section="bank-details">
      <Stack spacing={2}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="h2">Bank Details</Typography>
          {props.editable && details && !editing && (
            <Button variant="outlined" onClick={() => setEditing(true)}>
              Change bank details
            </Button>
          )}
        </Stack>
        {query.isPending && <Loading />}
        {query.isError && <ErrorState error={query.error} onRetry={() => query.refetch()} />}
        {details && (
          <>
            <Typography variant="body2" color="text.secondary">
              How {props.own ? 'you are' : `${props.name} is`} paid after MAT Day. Account numbers are shown only by
              their last four digits. A change is held for review in the next payment batch and mailed to{' '}
              {props.own ? 'you' : props.name}.
            </Typography>
            {details.held_reason && <Alert severity="warning">{details.held_reason}</Alert>}
            {editing ? (
              <BankDetailsForm
                userId={props.userId}
                current={details}
                own={props.own}
                onDone={(saved) => {
                  if (saved) queryClient.setQueryData(key, saved);
                  setEditing(false);
                }}
              />
            ) : (
              <ReadOnlyFields
                fields={[
                  ...bankDetailsSummary(details),
                  ['Last changed', details.changed_at ? date(details.changed_at) : 'Never'],
                ]}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
