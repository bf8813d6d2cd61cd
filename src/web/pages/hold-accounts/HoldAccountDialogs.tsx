import { ConfirmDialog } from '../../components/ConfirmDialog';
import { HoldAccountDialog } from './HoldAccountDialog';
import { RecurringDialog } from './RecurringDialog';
import { TransactionDialog } from './TransactionDialog';
import { TransactionsDialog } from './TransactionsDialog';
import type { useHoldAccounts } from './use-hold-accounts';

/** The dialog the hold accounts page has open: add or edit, recurring amounts, transactions, delete. */
export function HoldAccountDialogs({ page }: { page: ReturnType<typeof useHoldAccounts> }) {
  const { open, setOpen, remove } = page;
  const close = () => setOpen(null);
  return (
    <>
      {open?.kind === 'create' && <HoldAccountDialog account={null} onClose={close} />}
      {open?.kind === 'edit' && <HoldAccountDialog account={open.account} onClose={close} />}
      {open?.kind === 'recurring' && <RecurringDialog account={open.account} onClose={close} />}
      {open?.kind === 'transactions' && <TransactionsDialog account={open.account} onClose={close} />}
      {open?.kind === 'transaction' && <TransactionDialog account={open.account} onClose={close} />}
      <ConfirmDialog
        open={open?.kind === 'delete'}
        title="Delete hold account?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={close}
        onConfirm={() => open?.kind === 'delete' && remove.mutate(open.account)}
      >
        {open?.kind === 'delete' &&
          `“${open.account.fund_name}” will be removed permanently. Accounts with donations, expenses, advances or transactions cannot be deleted; archive them instead.`}
      </ConfirmDialog>
    </>
  );
}
