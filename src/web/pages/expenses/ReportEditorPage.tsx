import { Alert, Button, Link, Paper, Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useOutbox, WaitingToSend } from '../../offline/WaitingToSend';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { useCategories, useHoldAccountChoices, useMileageRate, useReport } from './queries';
import { ReportHistoryCard, ReturnNotice } from './ReportHistoryCard';
import { ReportSections } from './ReportSections';
import { ReportSummaryCard } from './ReportSummaryCard';
import type { FullReport } from './types';

/**
 * /expense-report/:expense_report_id/edit and …/advance/:advance_request_id/edit: the owner's draft,
 * with Finish Later (save) and Submit. A submitted report opens here view-only.
 */
export function ReportEditorPage() {
  const { expense_report_id, advance_request_id } = useParams();
  const me = useCurrentUser();
  const query = useReport(expense_report_id);
  if (query.isPending) return <Loading label="Loading the report" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const report = query.data;
  if (advance_request_id && String(report.advance_request_id) !== advance_request_id) {
    return <Alert severity="warning">This report does not belong to advance request #{advance_request_id}.</Alert>;
  }
  const editable = report.user_id === me.id && report.submitted === 0;
  return <Editor report={report} editable={editable} />;
}

function Editor({ report, editable }: { report: FullReport; editable: boolean }) {
  const me = useCurrentUser();
  const messages = useMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const advance = report.type === 'advance';
  // What the add dialogs read, fetched now so that a copy is on the device before the link drops.
  useCategories();
  useHoldAccountChoices(report.user_id);
  useMileageRate();
  const waiting = useOutbox(me.id, report.id).filter((item) => !item.refused).length;
  // Submitting needs the server (it checks the whole report): offline, or with items still waiting
  // to be sent, it is refused here with the reason.
  const trySubmit = () => {
    if (!navigator.onLine)
      setProblem(
        'Submitting needs a connection. Your report is kept on this device; submit it when you are back online.',
      );
    else if (waiting > 0) setProblem(`Wait until the ${waiting} item(s) waiting to send have been sent, then submit.`);
    else setConfirming(true);
  };
  // A refused submit is explained until the report changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: updated_at is the change signal
  useEffect(() => setProblem(null), [report.updated_at]);

  const save = useMutation({
    mutationFn: () => api.patchForm<FullReport>(`/save/expense-report/${report.id}`, {}),
    onSuccess: async () => {
      messages.success(MESSAGES.reportSaved);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      navigate(`/dashboard/${me.id}`);
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
  });
  const submit = useMutation({
    mutationFn: () =>
      api.patchForm<FullReport>(
        `/submit/expense-report/${report.id}`,
        advance ? { date_submitted: new Date().toISOString().slice(0, 10) } : {},
      ),
    onSuccess: async () => {
      setConfirming(false);
      messages.success(MESSAGES.reportSubmitted);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
      navigate(advance ? '/advance-request' : `/dashboard/${me.id}/true`);
    },
    onError: (error) => {
      setConfirming(false);
      const message = error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong;
      setProblem(message);
      messages.error(message);
    },
  });

  const title = editable ? (advance ? 'Edit Advance Report' : 'Edit Expense Report') : 'Expense Report';
  return (
    <>
      <PageHeader
        title={title}
        subtitle={`Report #${report.id}${advance && report.advance_request ? ` for advance request #${report.advance_request.id}` : ''}`}
      />
      <Stack spacing={2}>
        {!editable && (
          <Alert severity="info">
            {report.submitted
              ? 'This report has been submitted and can no longer be changed.'
              : 'Only the missionary who wrote this report can change it.'}{' '}
            <Link component={RouterLink} to={`/expense-report/${report.id}`}>
              View report
            </Link>
          </Alert>
        )}
        <ReturnNotice report={report} />
        <WaitingToSend userId={me.id} reportId={report.id} />
        <ReportSummaryCard report={report} />
        <ReportSections report={report} editable={editable} />
        <ReportHistoryCard report={report} />
        {editable && (
          <Paper
            variant="outlined"
            sx={{
              p: 1.5,
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              alignItems: { sm: 'center' },
              gap: 1,
            }}
          >
            {problem ? (
              <Alert severity="error" sx={{ flexGrow: 1 }} onClose={() => setProblem(null)}>
                {problem}
              </Alert>
            ) : (
              <Stack sx={{ flexGrow: 1 }} />
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button variant="outlined" onClick={() => save.mutate()} disabled={save.isPending || submit.isPending}>
                Finish Later
              </Button>
              <Button variant="contained" onClick={trySubmit} disabled={save.isPending || submit.isPending}>
                Submit
              </Button>
            </Stack>
          </Paper>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Submit this report?"
        confirmLabel="Submit Report"
        busy={submit.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => submit.mutate()}
      >
        Once submitted, the report goes to the office and can no longer be changed.
      </ConfirmDialog>
    </>
  );
}
