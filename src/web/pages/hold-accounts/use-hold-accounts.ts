import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { holdAccountsContract } from '../../../domain/hold-accounts/contract';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import type { HoldAccount } from './types';

/** The dialog open on the hold accounts page, and the account it is about. */
export type OpenHoldAccountDialog =
  | { kind: 'create' }
  | { kind: 'edit' | 'recurring' | 'transactions' | 'transaction' | 'delete'; account: HoldAccount }
  | null;

/**
 * The hold accounts page's state: the Active/Archived tab (kept in the address), the accounts of
 * that tab, the dialog open, and the archive/restore and delete of an account.
 */
export function useHoldAccounts() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const status: 'active' | 'archived' = searchParams.get('status') === 'archived' ? 'archived' : 'active';
  const [open, setOpen] = useState<OpenHoldAccountDialog>(null);

  const accounts = useQuery({
    queryKey: queryKeyOf(holdAccountsContract.listHoldAccounts, { query: { status } }),
    queryFn: () => call(holdAccountsContract.listHoldAccounts, { query: { status } }),
  });
  const archive = useMutation({
    mutationFn: (account: HoldAccount) => call(holdAccountsContract.toggleArchive, { params: { id: account.id } }),
    onSuccess: (updated) => {
      messages.success(updated.archived_at ? MESSAGES.holdAccountArchived : MESSAGES.holdAccountRestored);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
  });
  const remove = useMutation({
    mutationFn: (account: HoldAccount) => call(holdAccountsContract.deleteHoldAccount, { params: { id: account.id } }),
    onSuccess: () => {
      messages.success(MESSAGES.holdAccountDeleted);
      queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
    onSettled: () => setOpen(null),
  });

  const showStatus = (next: string) =>
    setSearchParams(next === 'archived' ? { status: 'archived' } : {}, { replace: true });
  return { status, showStatus, accounts, open, setOpen, archive, remove };
}
