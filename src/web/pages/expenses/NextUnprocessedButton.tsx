import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';

/**
 * After processing, the office goes on to the next report waiting in the queue: the first
 * one of the Unprocessed Expense Reports list, in that list's order. Says so when the queue is empty.
 */
export function NextUnprocessedButton({ currentId }: { currentId: number }) {
  const next = useQuery({
    queryKey: keys.expenseReports.nextUnprocessed(currentId),
    queryFn: () =>
      call(expenseReportsContract.paginateReports, {
        query: { submitted: 1, processed: 0, limit: 2, page: 0, order_by: 'id', order: 'desc' },
      }),
  });
  if (next.isPending || next.isError) return null;
  const waiting = next.data.data.filter((report) => report.id !== currentId);
  if (waiting.length === 0) {
    return (
      <Button variant="outlined" component={RouterLink} to="/admin/expense-reports/unprocessed">
        No unprocessed reports left
      </Button>
    );
  }
  const left = next.data.total_count - (next.data.data.length - waiting.length);
  return (
    <Button
      variant="contained"
      component={RouterLink}
      to={`/expense-report/${waiting[0].id}?return=unprocessed`}
      endIcon={<ArrowForwardIcon />}
      title={`${left} unprocessed report${left === 1 ? '' : 's'} left`}
    >
      Next unprocessed report
    </Button>
  );
}
