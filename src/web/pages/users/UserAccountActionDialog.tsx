import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { UserAccountAction } from './use-user-account-action';

/** The confirmation of an archive, restore or delete, saying what it does to the person's sign-in. */
export function UserAccountActionDialog(props: {
  pending: UserAccountAction | null;
  busy: boolean;
  onClose(): void;
  onConfirm(): void;
}) {
  const { pending } = props;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={
        pending?.kind === 'delete'
          ? 'Delete user for good?'
          : pending?.kind === 'restore'
            ? 'Restore user?'
            : 'Archive user?'
      }
      confirmLabel={pending?.kind === 'delete' ? 'Delete' : pending?.kind === 'restore' ? 'Restore' : 'Archive'}
      destructive={pending?.kind !== 'restore'}
      busy={props.busy}
      onClose={props.onClose}
      onConfirm={props.onConfirm}
    >
      {pending?.kind === 'delete'
        ? `${pending.user.name} will be removed permanently. This cannot be undone.`
        : pending?.kind === 'restore'
          ? `${pending?.user.name} will be able to sign in again.`
          : `${pending?.user.name} will be signed out and can no longer sign in. You can restore the account later.`}
    </ConfirmDialog>
  );
}
