import {
  Chip,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { holdAccountsContract } from '../../../domain/hold-accounts/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import type { User } from '../../api/types';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { money } from '../../format';
import { TransactionsDialog } from './TransactionsDialog';
import type { HoldAccount } from './types';

/** The admin user profile's hold accounts of that user, active and archived. */
export function HoldAccountsSection({ user }: { user: User }) {
  const [viewing, setViewing] = useState<HoldAccount | null>(null);
  const accounts = useQuery({
    queryKey: queryKeyOf(holdAccountsContract.listHoldAccounts, { query: { status: 'all', user_id: user.id } }),
    queryFn: () => call(holdAccountsContract.listHoldAccounts, { query: { status: 'all', user_id: user.id } }),
    enabled: user.role === 'missionary',
  });
  if (user.role !== 'missionary') return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-section="hold-accounts">
      <Typography variant="h2" sx={{ mb: 1 }}>
        Hold Accounts
      </Typography>
      {accounts.isPending ? (
        <Loading />
      ) : accounts.isError ? (
        <ErrorState error={accounts.error} onRetry={() => accounts.refetch()} />
      ) : accounts.data.length === 0 ? (
        <Typography color="text.secondary">No hold accounts.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={`Hold accounts of ${user.name}`}>
            <TableHead>
              <TableRow>
                <TableCell>Fund Name</TableCell>
                <TableCell align="right">Balance</TableCell>
                <TableCell align="right">Unreimbursed</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.data.map((account) => (
                <TableRow key={account.id}>
                  <TableCell>
                    <Link
                      component="button"
                      type="button"
                      onClick={() => setViewing(account)}
                      sx={{ textAlign: 'left' }}
                      title="Show the transactions"
                    >
                      {account.fund_name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{money(account.balance)}</TableCell>
                  <TableCell align="right">{money(account.unreimbursed_amount)}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {account.status === 'archived' ? <Chip size="small" label="Archived" /> : 'Active'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {viewing && <TransactionsDialog account={viewing} onClose={() => setViewing(null)} />}
    </Paper>
  );
}
