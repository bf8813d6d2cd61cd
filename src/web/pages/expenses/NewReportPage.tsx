import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { advancesContract } from '../../../domain/advances/contract';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { money } from '../../format';
import { KEPT_ON_DEVICE, startReport } from '../../offline/outbox';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import type { FullReport } from './types';

/**
 * /new-report/:type and /new-report/advance/:advance_request_id: "Do you want to start a new report?"
 * Cancel goes back to the dashboard; Start Report creates it (distance type none) and opens its editor.
 */
export function NewReportPage() {
  const { type, advance_request_id } = useParams();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const messages = useMessages();
  const queryClient = useQueryClient();
  const kind = advance_request_id ? 'advance' : type;
  const advance = useQuery({
    queryKey: keys.advances.one(advance_request_id),
    queryFn: () => call(advancesContract.getAdvance, { params: { id: advance_request_id ?? '' } }),
    enabled: advance_request_id !== undefined,
  });

  const start = useMutation({
    networkMode: 'always',
    // A reimbursement report goes through the outbox (an Idempotency-Key; offline it waits on this
    // device and its lines are made against it). An advance report needs the server's check.
    mutationFn: async (): Promise<Pick<FullReport, 'id' | 'advance_request_id'>> =>
      kind === 'reimbursement'
        ? {
            id: await startReport(me.id, { type: 'reimbursement', distance_type: 'none', user_id: String(me.id) }),
            advance_request_id: null,
          }
        : call(expenseReportsContract.createReport, {
            body: {
              type: kind,
              distance_type: 'none',
              user_id: me.id,
              ...(advance_request_id && { advance_request_id }),
            },
            form: true,
          }),
    onSuccess: async (report) => {
      messages.success(report.id < 0 ? KEPT_ON_DEVICE : MESSAGES.reportStarted);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
      navigate(
        report.id < 0
          ? `/expense-report/offline-${-report.id}/edit`
          : report.advance_request_id
            ? `/expense-report/${report.id}/advance/${report.advance_request_id}/edit`
            : `/expense-report/${report.id}/edit`,
        { replace: true },
      );
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
  });

  if (kind !== 'reimbursement' && kind !== 'advance') {
    return <Alert severity="warning">There is no “{type}” kind of report. Start a reimbursement report instead.</Alert>;
  }
  if (kind === 'advance' && !advance_request_id) {
    return (
      <>
        <PageHeader title="New Advance Report" />
        <Alert severity="info">
          An advance report starts from an approved advance request. Open your{' '}
          <Link component={RouterLink} to="/advance-request">
            advance requests
          </Link>{' '}
          and choose Add Report.
        </Alert>
      </>
    );
  }
  if (advance.isPending && advance_request_id) return <Loading />;
  if (advance.isError) return <ErrorState error={advance.error} onRetry={() => advance.refetch()} />;

  return (
    <>
      <PageHeader title={kind === 'advance' ? 'New Advance Report' : 'New Expense Report'} />
      <Dialog open aria-labelledby="new-report-title" aria-describedby="new-report-text" fullWidth maxWidth="xs">
        <DialogTitle id="new-report-title">Do you want to start a new report?</DialogTitle>
        <DialogContent>
          <DialogContentText id="new-report-text">
            {kind === 'advance' && advance.data
              ? `An advance report for advance request #${advance.data.id}, approved for ${money(advance.data.amount_approved ?? 0)}. Its total must come within $1.00 of that amount.`
              : 'A reimbursement report for your expenses, mileage and receipts. You can finish it later.'}
          </DialogContentText>
          {kind === 'reimbursement' && !navigator.onLine && (
            <Alert severity="info" sx={{ mt: 2 }}>
              You are offline. The report is kept on this device with everything you add to it, and sent when the
              connection returns. Submitting it needs a connection.
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(`/dashboard/${me.id}`)}>Cancel</Button>
          <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
            Start Report
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
