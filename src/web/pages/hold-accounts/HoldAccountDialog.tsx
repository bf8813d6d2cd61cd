import { InputAdornment, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { holdAccountsContract } from '../../../domain/hold-accounts/contract';
import { createHoldAccountSchema } from '../../../domain/hold-accounts/schemas';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import { type MissionaryOption, MissionarySearch } from './MissionarySearch';
import type { HoldAccount } from './types';

interface Values {
  user_id: number | '';
  fund_name: string;
  balance: string;
  owner: MissionaryOption | null;
}

/** Create or edit a hold account: missionary (search), fund name, opening balance. */
export function HoldAccountDialog({ account, onClose }: { account: HoldAccount | null; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const editing = account !== null;
  const defaults: Values = {
    user_id: account?.user_id ?? '',
    fund_name: account?.fund_name ?? '',
    balance: account ? account.opening_balance.toFixed(2) : '',
    owner: account?.user ?? null,
  };
  const form = useSchemaForm(createHoldAccountSchema, defaults);
  const submit = form.handleSubmit(async (values) => {
    try {
      if (account) {
        await call(holdAccountsContract.updateHoldAccount, {
          params: { id: account.id },
          body: {
            user_id: values.user_id,
            fund_name: values.fund_name,
            opening_balance: values.balance,
          },
          form: true,
        });
        messages.success(MESSAGES.holdAccountUpdated);
      } else {
        await call(holdAccountsContract.createHoldAccount, {
          body: {
            user_id: values.user_id,
            fund_name: values.fund_name,
            balance: values.balance || '0',
          },
          form: true,
        });
        messages.success(MESSAGES.holdAccountCreated);
      }
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
      onClose();
    } catch (error) {
      const message = applyServerErrors(form, error);
      // The opening balance is `balance` on create and `opening_balance` on edit.
      const balanceError = error instanceof ApiError ? error.errors.opening_balance?.[0] : undefined;
      if (balanceError) form.setError('balance', { type: 'server', message: balanceError });
      messages.error(editing ? MESSAGES.somethingWentWrong : message);
    }
  });
  return (
    <FormDialog
      title={editing ? 'Edit Hold Account' : 'Add Hold Account'}
      submitLabel={editing ? 'Save' : 'Create'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={form.control}
          name="user_id"
          render={({ fieldState }) => (
            <MissionarySearch
              id="user_id"
              required
              value={form.watch('owner')}
              onChange={(owner) => {
                form.setValue('owner', owner);
                form.setValue('user_id', owner?.id ?? '', { shouldValidate: form.formState.isSubmitted });
              }}
              error={fieldState.error?.message}
              helperText="Type at least 2 characters of the name, email or Account #."
            />
          )}
        />
        <FormField control={form.control} name="fund_name" label="Fund Name" required />
        <FormField
          control={form.control}
          name="balance"
          label="Opening Balance"
          inputMode="decimal"
          helperText={
            editing
              ? 'Can change only until the first transaction posts.'
              : 'The balance the account starts with (blank is $0.00).'
          }
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
      </Stack>
    </FormDialog>
  );
}
