import { InputAdornment, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { holdAccountsContract } from '../../../domain/hold-accounts/contract';
import { holdAccountTransactionSchema, TRANSACTION_TYPES } from '../../../domain/hold-accounts/schemas';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { money } from '../../format';
import { useMessages } from '../../shell/messages';
import type { HoldAccount } from './types';

const EFFECT: Record<string, string> = {
  Deposit: 'From the missionary’s general fund into this account.',
  Transfer: 'From this account into the missionary’s general fund.',
  Withdrawal: 'Paid out of this account.',
};

/** A manual transaction that posts at once (decision 4, docs/decisions.md); withdrawals and transfers cannot overdraw. */
export function TransactionDialog({ account, onClose }: { account: HoldAccount; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(holdAccountTransactionSchema, {
    transaction_type: 'Deposit',
    transaction_amount: '',
    description: '',
  });
  const type = form.watch('transaction_type');
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(holdAccountsContract.postTransaction, { params: { id: account.id }, body: values, form: true });
      messages.success(MESSAGES.transactionPosted);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
      onClose();
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <FormDialog
      title="Add Transaction"
      submitLabel="Post"
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {account.fund_name} · balance {money(account.balance)}
      </Typography>
      <Stack spacing={2}>
        <FormField
          control={form.control}
          name="transaction_type"
          label="Transaction Type"
          required
          options={TRANSACTION_TYPES.map((value) => ({ value, label: value }))}
          helperText={EFFECT[String(type)]}
        />
        <FormField
          control={form.control}
          name="transaction_amount"
          label="Amount"
          required
          inputMode="decimal"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <FormField
          control={form.control}
          name="description"
          label="Description"
          helperText={`Blank is “Manual ${String(type)}”.`}
        />
      </Stack>
    </FormDialog>
  );
}
