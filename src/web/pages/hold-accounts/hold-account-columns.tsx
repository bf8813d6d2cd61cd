import { Chip, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { Column } from '../../components/DataTable';
import { money } from '../../format';
import type { HoldAccount } from './types';

/** The hold accounts table: fund, missionary, balances, recurring MAT Day amounts (and Status on the Archived tab). */
export function holdAccountColumns(status: 'active' | 'archived'): Column<HoldAccount>[] {
  return [
    { key: 'fund_name', label: 'Fund Name', sortKey: 'fund_name' },
    {
      key: 'user_name',
      label: 'Missionary',
      sortKey: 'user_name',
      render: (account) => (
        <Link component={RouterLink} to={`/admin/user/${account.user_id}/profile`}>
          {account.user_name}
        </Link>
      ),
    },
    { key: 'balance', label: 'Balance', sortKey: 'balance', align: 'right', render: (a) => money(a.balance) },
    {
      key: 'unreimbursed_amount',
      label: 'Unreimbursed',
      sortKey: 'unreimbursed_amount',
      align: 'right',
      render: (a) => money(a.unreimbursed_amount),
    },
    {
      key: 'recurring',
      label: 'Recurring (Dep. / Trans. / With.)',
      render: (a) =>
        a.mat_day_recurring_deposit || a.mat_day_recurring_transfer || a.mat_day_recurring_withdrawal
          ? `${money(a.mat_day_recurring_deposit)} / ${money(a.mat_day_recurring_transfer)} / ${money(a.mat_day_recurring_withdrawal)}`
          : 'None',
    },
    ...(status === 'archived'
      ? [{ key: 'status', label: 'Status', render: () => <Chip size="small" color="warning" label="Archived" /> }]
      : []),
  ];
}
