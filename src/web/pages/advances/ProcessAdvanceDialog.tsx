import { DialogContentText, InputAdornment, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { advancesContract } from '../../../domain/advances/contract';
import { processAdvanceSchema } from '../../../domain/advances/schemas';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { money } from '../../format';
import { useMessages } from '../../shell/messages';
import type { Advance } from './types';

/** Advance processing (docs/product.md §5): an approved amount above zero, and the MAT date to receive it. */
export function ProcessAdvanceDialog({ advance, onClose }: { advance: Advance; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(processAdvanceSchema, {
    amount_approved: advance.amount_requested.toFixed(2),
    mat_date: advance.mat_date ?? '',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(advancesContract.processAdvance, {
        params: { id: advance.id },
        body: { ...values, status: 'approved' },
        form: true,
      });
      messages.success(MESSAGES.advanceProcessed);
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
      onClose();
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <FormDialog
      title={`Process Advance Request #${advance.id}`}
      submitLabel="Approve"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="xs"
    >
      <DialogContentText sx={{ mb: 2 }}>
        {advance.user_name} asked for {money(advance.amount_requested)}
        {advance.category ? ` (${advance.category.expense_category})` : ''}.
      </DialogContentText>
      <Stack spacing={2}>
        <FormField
          control={form.control}
          name="amount_approved"
          label="Approved amount"
          required
          inputMode="decimal"
          autoFocus
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <FormField
          control={form.control}
          name="mat_date"
          label="MAT date (optional)"
          type="date"
          helperText="The MAT Day on which the advance is to be paid"
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </FormDialog>
  );
}
