import { DialogContentText, InputAdornment, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { holdAccountsContract } from '../../../domain/hold-accounts/contract';
import { recurringAmountsSchema } from '../../../domain/hold-accounts/schemas';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import type { HoldAccount } from './types';

const FIELDS = [
  ['mat_day_recurring_deposit', 'Recurring Deposit', 'Moved from the general fund into this account each MAT Day.'],
  ['mat_day_recurring_transfer', 'Recurring Transfer', 'Moved from this account into the general fund each MAT Day.'],
  ['mat_day_recurring_withdrawal', 'Recurring Withdrawal', 'Paid out of this account each MAT Day.'],
] as const;

/** The recurring MAT Day amounts of one account; they count only once approved in a distribution. */
export function RecurringDialog({ account, onClose }: { account: HoldAccount; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(recurringAmountsSchema, {
    mat_day_recurring_deposit: account.mat_day_recurring_deposit.toFixed(2),
    mat_day_recurring_transfer: account.mat_day_recurring_transfer.toFixed(2),
    mat_day_recurring_withdrawal: account.mat_day_recurring_withdrawal.toFixed(2),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(holdAccountsContract.updateHoldAccount, { params: { id: account.id }, body: values, form: true });
      messages.success(MESSAGES.holdAccountUpdated);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
      onClose();
    } catch (error) {
      applyServerErrors(form, error);
      messages.error(MESSAGES.somethingWentWrong);
    }
  });
  return (
    <FormDialog
      title="Recurring Transactions"
      submitLabel="Save"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <DialogContentText sx={{ mb: 2 }}>
        {account.fund_name} ({account.user_name}). MAT Day processing proposes these amounts; each counts only once
        approved in the distribution.
      </DialogContentText>
      <Stack spacing={2}>
        {FIELDS.map(([name, label, help]) => (
          <FormField
            key={name}
            control={form.control}
            name={name}
            label={label}
            inputMode="decimal"
            helperText={help}
            slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
          />
        ))}
      </Stack>
    </FormDialog>
  );
}
