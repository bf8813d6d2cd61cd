import { InputAdornment, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { donationsContract } from '../../../domain/donations/contract';
import { updateDonationSchema } from '../../../domain/donations/schemas';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import type { Donation } from './types';

/** Donation edit (admin): amount and count. */
export function DonationDialog({ donation, onClose }: { donation: Donation; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(updateDonationSchema, {
    amount: donation.amount.toFixed(2),
    count: String(donation.count),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(donationsContract.updateDonation, { params: { id: donation.id }, body: values, form: true });
      messages.success(MESSAGES.donationUpdated);
      queryClient.invalidateQueries({ queryKey: keys.donations.all });
      onClose();
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <FormDialog
      title="Edit Donation"
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {donation.user_name} · {donation.fund_name ?? 'General Fund'} · {donation.upload_name}
      </Typography>
      <Stack spacing={2}>
        <FormField
          control={form.control}
          name="amount"
          label="Amount"
          required
          inputMode="decimal"
          helperText="A reversal may be negative."
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <FormField control={form.control} name="count" label="Count" required inputMode="numeric" />
      </Stack>
    </FormDialog>
  );
}
