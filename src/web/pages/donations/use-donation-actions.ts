import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { donationsContract } from '../../../domain/donations/contract';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
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
    mutationFn: (donation: Donation) => call(donationsContract.deleteDonation, { params: { id: donation.id } }),
    onSuccess: () => {
      messages.success(MESSAGES.donationDeleted);
      queryClient.invalidateQueries({ queryKey: keys.donations.all });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setDeleting(null),
  });
  const approve = useMutation({
    mutationFn: ({ donation, approved }: { donation: Donation; approved: boolean }) =>
      call(donationsContract.approveDonation, {
        params: { id: donation.id },
        body: { approved: approved ? 1 : 0 },
        form: true,
      }),
    onSuccess: () => {
      messages.success(MESSAGES.donationUpdated);
      queryClient.invalidateQueries({ queryKey: keys.donations.all });
    },
    onError: (error) => messages.error(error.message),
  });

  return { editing, setEditing, deleting, setDeleting, remove, approve };
}
