import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import type { Donation } from './types';

/**
 * An admin's changes to listed donations: the one being edited, the one whose delete is being
 * confirmed, the delete itself, and ticking a designated donation's approval.
 */
export function useDonationActions() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Donation | null>(null);
  const [deleting, setDeleting] = useState<Donation | null>(null);

  const remove = useMutation({
    mutationFn: (donation: Donation) => api.delete(`/donation/${donation.id}`),
    onSuccess: () => {
      messages.success(MESSAGES.donationDeleted);
      queryClient.invalidateQueries({ queryKey: keys.donations.all });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setDeleting(null),
  });
  const approve = useMutation({
    mutationFn: ({ donation, approved }: { donation: Donation; approved: boolean }) =>
      api.patchForm(`/donation/${donation.id}/approve`, { approved: approved ? 1 : 0 }),
    onSuccess: () => {
      messages.success(MESSAGES.donationUpdated);
      queryClient.invalidateQueries({ queryKey: keys.donations.all });
    },
    onError: (error) => messages.error(error.message),
  });

  return { editing, setEditing, deleting, setDeleting, remove, approve };
}
