import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { holdAccountsContract } from '../../../domain/hold-accounts/contract';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import type { HoldAccount, HoldAccountTransaction } from './types';

/**
 * One account's transactions and its balances as they are now (the row it was opened from may be
 * older), and the admin's delete of a manual transaction, asked first.
 */
export function useHoldAccountTransactions(account: HoldAccount) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<HoldAccountTransaction | null>(null);
  const history = useQuery({
    queryKey: queryKeyOf(holdAccountsContract.listTransactions, { params: { id: account.id } }),
    queryFn: () => call(holdAccountsContract.listTransactions, { params: { id: account.id } }),
  });
  const current = useQuery({
    queryKey: queryKeyOf(holdAccountsContract.getHoldAccount, { params: { id: account.id } }),
    queryFn: () => call(holdAccountsContract.getHoldAccount, { params: { id: account.id } }),
    initialData: account,
  });
  const remove = useMutation({
    mutationFn: (row: HoldAccountTransaction) =>
      call(holdAccountsContract.deleteTransaction, { params: { id: row.id } }),
    onSuccess: () => {
      messages.success(MESSAGES.transactionDeleted);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setDeleting(null),
  });
  return { live: current.data, history, deleting, setDeleting, remove };
}
