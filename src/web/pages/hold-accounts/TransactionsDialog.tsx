import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { ReadOnlyFields } from '../../components/ReadOnlyFields';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { TransactionDialog } from './TransactionDialog';
import { TransactionCards, TransactionTable } from './TransactionRows';
import type { HoldAccount } from './types';
import { useHoldAccountTransactions } from './use-hold-account-transactions';

/** The transactions history of one account; admins add and delete manual transactions here. */
export function TransactionsDialog({ account, onClose }: { account: HoldAccount; onClose(): void }) {
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [adding, setAdding] = useState(false);
  const { live, history, deleting, setDeleting, remove } = useHoldAccountTransactions(account);
  const rows = history.data ?? [];

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="transactions-title">
        <DialogTitle id="transactions-title">Transactions · {live.fund_name}</DialogTitle>
        <DialogContent>
          <Box sx={{ mb: 2 }}>
            <ReadOnlyFields
              fields={[
                ['Missionary', live.user_name],
                ['Opening balance', money(live.opening_balance)],
                ['Balance', money(live.balance)],
                ['Unreimbursed', money(live.unreimbursed_amount)],
              ]}
            />
          </Box>
          {live.status === 'archived' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              This account is archived. Restore it to add transactions.
            </Alert>
          )}
          {history.isPending ? (
            <Loading />
          ) : history.isError ? (
            <ErrorState error={history.error} onRetry={() => history.refetch()} />
          ) : rows.length === 0 ? (
            <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
              No transactions yet.
            </Typography>
          ) : phone ? (
            <TransactionCards rows={rows} isAdmin={isAdmin} onDelete={setDeleting} />
          ) : (
            <TransactionTable rows={rows} isAdmin={isAdmin} onDelete={setDeleting} />
          )}
        </DialogContent>
        <DialogActions>
          {isAdmin && live.status === 'active' && (
            <Button variant="outlined" onClick={() => setAdding(true)}>
              Add Transaction
            </Button>
          )}
          <Button onClick={onClose}>Close</Button>
        </DialogActions>
      </Dialog>
      {adding && <TransactionDialog account={live} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete transaction?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting &&
          `The ${deleting.transaction_type.toLowerCase()} of ${money(deleting.transaction_amount)} (“${deleting.description}”) will be reversed. The journal keeps a record of both.`}
      </ConfirmDialog>
    </>
  );
}
