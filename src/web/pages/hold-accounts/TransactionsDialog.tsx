import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { ReadOnlyFields } from '../../components/ReadOnlyFields';
import { date, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { TransactionDialog } from './TransactionDialog';
import type { HoldAccount, HoldAccountTransaction } from './types';

const signed = (row: HoldAccountTransaction) =>
  row.transaction_type === 'Deposit' ? money(row.transaction_amount) : money(-row.transaction_amount);

/** The transactions history of one account; admins add and delete manual transactions here. */
export function TransactionsDialog({ account, onClose }: { account: HoldAccount; onClose(): void }) {
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
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
  const live = current.data;
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
            <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Transactions">
              {rows.map((row) => (
                <Box component="li" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                  <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
                    <Typography sx={{ fontWeight: 600 }}>{row.transaction_type}</Typography>
                    <Typography sx={{ fontWeight: 600 }}>{signed(row)}</Typography>
                  </Stack>
                  <Typography variant="body2">{row.description}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {date(row.mat_date ?? row.created_at)} · balance after {money(row.ending_balance)}
                    {row.created_by_name ? ` · ${row.created_by_name}` : ''}
                    {row.expense_id ? ` · expense #${row.expense_id}` : ''}
                  </Typography>
                  {isAdmin && row.deletable && (
                    <Button size="small" color="error" onClick={() => setDeleting(row)} sx={{ mt: 0.5, px: 0 }}>
                      Delete
                    </Button>
                  )}
                </Box>
              ))}
            </Stack>
          ) : (
            <TableContainer>
              <Table size="small" aria-label="Transactions">
                <TableHead>
                  <TableRow>
                    <TableCell>Date</TableCell>
                    <TableCell>Type</TableCell>
                    <TableCell>Description</TableCell>
                    <TableCell>Expense ID</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell align="right">Balance After</TableCell>
                    <TableCell>By</TableCell>
                    {isAdmin && <TableCell align="right">Actions</TableCell>}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((row) => (
                    <TableRow key={row.id}>
                      <TableCell>{date(row.mat_date ?? row.created_at)}</TableCell>
                      <TableCell>
                        {row.transaction_type}
                        {row.recurring === 1 ? ' (recurring)' : ''}
                      </TableCell>
                      <TableCell>{row.description}</TableCell>
                      <TableCell>{row.expense_id ?? ''}</TableCell>
                      <TableCell align="right">{signed(row)}</TableCell>
                      <TableCell align="right">{money(row.ending_balance)}</TableCell>
                      <TableCell>{row.created_by_name ?? ''}</TableCell>
                      {isAdmin && (
                        <TableCell align="right">
                          {row.deletable && (
                            <Button
                              size="small"
                              color="error"
                              onClick={() => setDeleting(row)}
                              aria-label={`Delete transaction ${row.id}`}
                            >
                              Delete
                            </Button>
                          )}
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
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
