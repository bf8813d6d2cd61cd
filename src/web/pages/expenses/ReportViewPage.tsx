import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { isStaff } from '../../../domain/roles';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { NextUnprocessedButton } from './NextUnprocessedButton';
import { NoticeDialog } from './NoticeDialog';
import { ProcessReportDialog } from './ProcessReportDialog';
import { useReport } from './queries';
import { ReportHistoryCard, ReturnNotice } from './ReportHistoryCard';
import { ReportSections } from './ReportSections';
import { ReportSummaryCard } from './ReportSummaryCard';
import { ReturnReportDialog } from './ReturnReportDialog';

/** Where the back link of the view screen goes (SPEC.md §2.3: `return` is unprocessed or dashboard). */
export function backLink(returnTo: string | null, staff: boolean, userId: number): { to: string; label: string } {
  if (returnTo === 'unprocessed')
    return { to: '/admin/expense-reports/unprocessed', label: 'Unprocessed Expense Reports' };
  if (returnTo === 'processed') return { to: '/admin/expense-reports/processed', label: 'Processed Expense Reports' };
  if (returnTo === 'advances') return { to: '/admin/advance-requests', label: 'Advance History' };
  if (returnTo === 'advance-request') return { to: '/advance-request', label: 'Advance Requests' };
  const profile = /^user-(\d+)$/.exec(returnTo ?? '');
  if (profile && staff) return { to: `/admin/user/${profile[1]}/profile`, label: 'User profile' };
  if (staff) return { to: '/admin/dashboard', label: 'Expense Reports' };
  return { to: `/dashboard/${userId}`, label: 'My Expense History' };
}

/** /expense-report/:expense_report_id: read-only; staff process unprocessed reports, admins delete or archive. */
export function ReportViewPage() {
  const { expense_report_id } = useParams();
  const [searchParams] = useSearchParams();
  const me = useCurrentUser();
  const staff = isStaff(me.role);
  const admin = me.role === 'admin';
  const navigate = useNavigate();
  const messages = useMessages();
  const queryClient = useQueryClient();
  const query = useReport(expense_report_id);
  const [processing, setProcessing] = useState(false);
  const [returning, setReturning] = useState(false);
  const [pending, setPending] = useState<'delete' | 'archive' | null>(null);
  const back = backLink(searchParams.get('return'), staff, me.id);

  const act = useMutation({
    mutationFn: (kind: 'delete' | 'archive') =>
      kind === 'delete'
        ? api.delete(`/expense-report/${expense_report_id}`)
        : api.delete(`/expense-report/processed/${expense_report_id}`),
    onSuccess: async (_result, kind) => {
      messages.success(kind === 'delete' ? MESSAGES.reportDeleted : MESSAGES.reportArchived);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
      navigate(back.to);
    },
    onError: (error, kind) =>
      messages.error(
        error.message || (kind === 'archive' ? MESSAGES.reportArchiveFailed : MESSAGES.somethingWentWrong),
      ),
    onSettled: () => setPending(null),
  });

  if (query.isPending) return <Loading label="Loading the report" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} back={back} />;
  const report = query.data;
  const inDistribution = report.distribution_id !== null;
  const waiting = staff && report.submitted === 1 && report.processed === 0;
  // Read-only reasons are said in words (issue 12), never as a greyed button with a hidden tooltip.
  const readOnlyReason = !waiting
    ? null
    : inDistribution
      ? MESSAGES.reportInDistribution
      : !admin
        ? 'Only administrators process reports. You can return it to the missionary with a question.'
        : null;

  return (
    <>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        Back to {back.label}
      </Button>
      <PageHeader
        title={`Expense Report #${report.id}`}
        subtitle={
          staff
            ? `${report.user_name}${report.missionary_number ? ` · Account # ${report.missionary_number}` : ''}`
            : undefined
        }
        actions={
          <>
            {waiting && admin && !inDistribution && (
              <Button variant="contained" onClick={() => setProcessing(true)}>
                {report.type === 'advance' ? 'Confirm Receipt' : 'Process'}
              </Button>
            )}
            {waiting && !inDistribution && (
              <Button variant="outlined" onClick={() => setReturning(true)}>
                Return
              </Button>
            )}
            {admin && report.processed === 0 && (
              <Button color="error" variant="outlined" onClick={() => setPending('delete')}>
                Delete
              </Button>
            )}
            {staff && report.processed === 1 && <NextUnprocessedButton currentId={report.id} />}
            {admin && report.processed === 1 && !report.archived_at && (
              <Button variant="outlined" onClick={() => setPending('archive')}>
                Archive
              </Button>
            )}
            {!staff && report.submitted === 0 && report.user_id === me.id && (
              <Button
                variant="contained"
                component={RouterLink}
                to={
                  report.advance_request_id
                    ? `/expense-report/${report.id}/advance/${report.advance_request_id}/edit`
                    : `/expense-report/${report.id}/edit`
                }
              >
                Edit Report
              </Button>
            )}
          </>
        }
      />
      <Stack spacing={2}>
        {readOnlyReason && <Alert severity="info">{readOnlyReason}</Alert>}
        <ReturnNotice report={report} />
        <ReportSummaryCard report={report} showOwner={staff} />
        <ReportSections report={report} editable={false} />
        <ReportHistoryCard report={report} />
      </Stack>
      {processing && <ProcessReportDialog report={report} onClose={() => setProcessing(false)} />}
      {returning && <ReturnReportDialog report={report} onClose={() => setReturning(false)} />}
      <NoticeDialog
        open={pending !== null && inDistribution}
        title={pending === 'archive' ? 'This report cannot be archived' : 'This report cannot be deleted'}
        onClose={() => setPending(null)}
      >
        {MESSAGES.reportInDistribution}
      </NoticeDialog>
      <ConfirmDialog
        open={pending !== null && !inDistribution}
        title={pending === 'archive' ? 'Archive this expense report?' : 'Delete this expense report?'}
        confirmLabel={pending === 'archive' ? 'Archive' : 'Delete'}
        destructive={pending === 'delete'}
        busy={act.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        {pending === 'archive'
          ? 'The report leaves the processed list. It stays on record and can still be opened.'
          : `Report #${report.id} of ${report.user_name} and its receipts will be removed. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}
