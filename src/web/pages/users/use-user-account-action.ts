import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { usersContract } from '../../../domain/users/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { useMessages } from '../../shell/messages';

/** An archive, restore or delete of one account, asked about before it is sent. */
export type UserAccountAction = { kind: 'archive' | 'restore' | 'delete'; user: User };

/** The account action being confirmed (`pending`) and the request that carries it out once confirmed. */
export function useUserAccountAction() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<UserAccountAction | null>(null);

  const action = useMutation({
    mutationFn: async ({ kind, user }: UserAccountAction) => {
      if (kind === 'restore') return call(usersContract.restoreUser, { params: { id: user.id } });
      return call(usersContract.deleteUser, { params: { id: user.id } });
    },
    onSuccess: (_result, { kind }) => {
      messages.success(
        kind === 'archive' ? MESSAGES.userArchived : kind === 'restore' ? MESSAGES.userRestored : MESSAGES.userDeleted,
      );
      queryClient.invalidateQueries({ queryKey: keys.users.all });
      setPending(null);
    },
    onError: (error) => {
      messages.error(error.message || MESSAGES.somethingWentWrong);
      setPending(null);
    },
  });

  return {
    pending,
    ask: setPending,
    cancel: () => setPending(null),
    confirm: () => pending && action.mutate(pending),
    busy: action.isPending,
  };
}
