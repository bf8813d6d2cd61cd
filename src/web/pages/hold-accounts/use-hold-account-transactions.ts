import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
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
    queryKey: keys.holdAccounts.transactions(account.id),
    queryFn: () => api.get<HoldAccountTransaction[]>(`/hold-account/${account.id}/transactions`),
  });
  const current = useQuery({
    queryKey: keys.holdAccounts.one(account.id),
    queryFn: () => api.get<HoldAccount>(`/hold-account/${account.id}`),
    initialData: account,
  });
  const remove = useMutation({
    mutationFn: (row: HoldAccountTransaction) => api.delete(`/hold-account-transaction/${row.id}`),
    onSuccess: () => {
      messages.success(MESSAGES.transactionDeleted);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setDeleting(null),
  });
  return { live: current.data, history, deleting, setDeleting, remove };
}
