import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { advancesContract } from '../../../domain/advances/contract';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import type { Advance } from './types';

/**
 * Deleting one of the missionary's advance requests: the request asked about (`deleting`), then the
 * DELETE once confirmed. A 409 (the request is in a distribution meanwhile) shows the server's reason.
 */
export function useDeleteAdvance() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Advance | null>(null);

  const remove = useMutation({
    mutationFn: (advance: Advance) => call(advancesContract.deleteAdvance, { params: { id: advance.id } }),
    onSuccess: async () => {
      messages.success(MESSAGES.advanceDeleted);
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    },
    onError: (error) =>
      messages.error(error instanceof ApiError && error.status === 409 ? error.message : MESSAGES.somethingWentWrong),
    onSettled: () => setDeleting(null),
  });

  const confirm = () => {
    if (!deleting) return;
    remove.mutate(deleting);
    queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
  };

  return { deleting, ask: setDeleting, cancel: () => setDeleting(null), confirm, busy: remove.isPending };
}
