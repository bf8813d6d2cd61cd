import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { advancesContract } from '../../../domain/advances/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { ADVANCE_COLUMNS } from './AdminAdvancesPage';
import type { Advance } from './types';

/** Advance Request History on the admin user profile, archived ones included. */
export function AdvanceHistorySection({ user }: { user: User }) {
  if (user.role !== 'missionary') return null;
  return (
    <DataTable<Advance>
      title="Advance Request History"
      urlPrefix="advances"
      queryKey={keys.advances.ofUser(user.id)}
      fetchPage={(params) => call(advancesContract.paginateAdvances, { query: { ...params, user_id: user.id } })}
      columns={ADVANCE_COLUMNS.filter((column) => column.key !== 'user_name' && column.key !== 'missionary_number')}
      rowKey={(advance) => advance.id}
      searchLabel="Search advance requests"
      emptyText="No advance requests."
      actions={(advance) =>
        advance.expense_report_id && (
          <Button
            size="small"
            component={RouterLink}
            to={`/expense-report/${advance.expense_report_id}?return=user-${user.id}`}
          >
            View Report
          </Button>
        )
      }
    />
  );
}
