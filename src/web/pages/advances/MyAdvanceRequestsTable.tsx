import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { advancesContract } from '../../../domain/advances/contract';
import { ADVANCE_STATUS_LABELS } from '../../../domain/advances/states';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { type Column, DataTable } from '../../components/DataTable';
import { date, money } from '../../format';
import { advancePayment } from './payment';
import type { Advance } from './types';

/**
 * The amount under the status name (docs/product.md §2.3): requested shows the request, later ones the
 * approval and when it is paid (decision 14: "Approved: $300.00, paid on MAT Day 11/30/2026").
 */
export function StatusCell({ advance }: { advance: Advance }) {
  const amount =
    advance.status === 'requested' && advance.amount_approved === null
      ? money(advance.amount_requested)
      : (advancePayment(advance) ?? 'Pending');
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {advance.archived_at ? 'Archived' : ADVANCE_STATUS_LABELS[advance.status]}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {amount}
      </Typography>
    </Box>
  );
}

const COLUMNS: Column<Advance>[] = [
  { key: 'id', label: 'ID', sortKey: 'id' },
  { key: 'date_submitted', label: 'Requested on', sortKey: 'date_submitted', render: (a) => date(a.date_submitted) },
  {
    key: 'amount_requested',
    label: 'Requested',
    sortKey: 'amount_requested',
    render: (a) => money(a.amount_requested),
  },
  { key: 'category', label: 'Category', render: (a) => a.category?.expense_category ?? '—', hideOnMobile: true },
  { key: 'status', label: 'Status', sortKey: 'status', render: (a) => <StatusCell advance={a} /> },
  { key: 'mat_date', label: 'MAT Date', sortKey: 'mat_date', render: (a) => date(a.mat_date), hideOnMobile: true },
];

/** What the missionary can do with a request in its status: delete it, write or view its report. */
function advanceActions(advance: Advance, onDelete: (advance: Advance) => void) {
  const reportLink = advance.expense_report_id
    ? `/expense-report/${advance.expense_report_id}/advance/${advance.id}/edit`
    : null;
  switch (advance.status) {
    case 'requested':
      return (
        <Button size="small" color="error" onClick={() => onDelete(advance)}>
          Delete
        </Button>
      );
    case 'approved':
      return reportLink ? (
        <Button size="small" variant="contained" component={RouterLink} to={reportLink}>
          Edit Report
        </Button>
      ) : (
        <>
          <Button size="small" variant="contained" component={RouterLink} to={`/new-report/advance/${advance.id}`}>
            Add Report
          </Button>
          <Button size="small" color="error" onClick={() => onDelete(advance)}>
            Delete
          </Button>
        </>
      );
    default:
      return (
        advance.expense_report_id && (
          <Button
            size="small"
            component={RouterLink}
            to={`/expense-report/${advance.expense_report_id}?return=advance-request`}
          >
            View Report
          </Button>
        )
      );
  }
}

/** "My Advance Requests": the missionary's own requests with the actions of each status. */
export function MyAdvanceRequestsTable({ userId, onDelete }: { userId: number; onDelete(advance: Advance): void }) {
  return (
    <DataTable<Advance>
      title="My Advance Requests"
      queryKey={keys.advances.mine(userId)}
      fetchPage={(params) => call(advancesContract.paginateAdvances, { query: { ...params, user_id: userId } })}
      columns={COLUMNS}
      rowKey={(advance) => advance.id}
      searchLabel="Search advance requests"
      emptyText="No advance requests yet."
      actions={(advance) => advanceActions(advance, onDelete)}
    />
  );
}
