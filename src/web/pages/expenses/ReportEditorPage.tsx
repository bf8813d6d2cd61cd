import { Alert, Button, Link, Paper, Stack } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { getOutboxItem, onOutboxChange, sentReportId } from '../../offline/outbox';
import { localReport } from '../../offline/pending-rows';
import type { OutboxItem } from '../../offline/queue';
import { WaitingToSend } from '../../offline/WaitingToSend';
import { useCurrentUser } from '../../session/session';
import { AdvanceCashCard, advanceBlockers } from './AdvanceCashCard';
import { useCategories, useExchangeRates, useHoldAccountChoices, useMileageRate, useReport } from './queries';
import { ReportHistoryCard, ReturnNotice } from './ReportHistoryCard';
import { ReportSections } from './ReportSections';
import { ReportSummaryCard } from './ReportSummaryCard';
import type { FullReport } from './types';
import { useReportSubmission } from './use-report-submission';
import { usePendingReport } from './usePendingReport';

const LOCAL = /^offline-(\d+)$/;

/**
 * /expense-report/:expense_report_id/edit and …/advance/:advance_request_id/edit: the owner's draft,
 * with Finish Later (save) and Submit. A submitted report opens here view-only. A report started
 * without a connection opens as /expense-report/offline-<n>/edit until the server gives it an id.
 */
export function ReportEditorPage() {
  const { expense_report_id, advance_request_id } = useParams();
  const local = LOCAL.exec(expense_report_id ?? '');
  if (local) return <LocalReportEditor seq={Number(local[1])} />;
  return <ServedReportEditor id={expense_report_id} advanceRequestId={advance_request_id} />;
}

function ServedReportEditor({ id, advanceRequestId }: { id?: string; advanceRequestId?: string }) {
  const me = useCurrentUser();
  const query = useReport(id);
  if (query.isPending) return <Loading label="Loading the report" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const report = query.data;
  if (advanceRequestId && String(report.advance_request_id) !== advanceRequestId) {
    return <Alert severity="warning">This report does not belong to advance request #{advanceRequestId}.</Alert>;
  }
  const editable = report.user_id === me.id && report.submitted === 0;
  return <Editor report={report} editable={editable} />;
}

/** The report's create as it waits on this device; undefined once it is sent or discarded. */
function useWaitingReport(seq: number) {
  const [state, setState] = useState<{ loaded: boolean; item?: OutboxItem }>({ loaded: false });
  useEffect(() => {
    const read = () =>
      getOutboxItem(seq)
        .then((item) => setState({ loaded: true, item }))
        .catch(() => setState({ loaded: true }));
    read();
    return onOutboxChange(read);
  }, [seq]);
  return state;
}

/** A report started offline: edited like any draft; once sent, the page moves to its real id. */
function LocalReportEditor({ seq }: { seq: number }) {
  const me = useCurrentUser();
  const { loaded, item } = useWaitingReport(seq);
  const report = useMemo(() => item && localReport(item, me.name), [item, me.name]);
  if (!loaded) return <Loading label="Loading the report" />;
  if (!report) {
    const sent = sentReportId(seq);
    if (sent !== null) return <Navigate to={`/expense-report/${sent}/edit`} replace />;
    return (
      <Alert severity="info">
        This report is no longer on this device.{' '}
        <Link component={RouterLink} to={`/dashboard/${me.id}`}>
          Back to your reports
        </Link>
      </Alert>
    );
  }
  return <Editor report={report} editable />;
}

/** Finish Later and Submit, with why a submit was refused. */
function ActionBar(props: {
  problem: string | null;
  busy: boolean;
  /** Submit stays disabled while an advance report cannot be submitted (the card says why). */
  blocked: boolean;
  onDismiss(): void;
  onSave(): void;
  onSubmit(): void;
}) {
  return (
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
      {props.problem ? (
        <Alert severity="error" sx={{ flexGrow: 1 }} onClose={props.onDismiss}>
          {props.problem}
        </Alert>
      ) : (
        <Stack sx={{ flexGrow: 1 }} />
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={props.onSave} disabled={props.busy}>
          Finish Later
        </Button>
        <Button variant="contained" onClick={props.onSubmit} disabled={props.busy || props.blocked}>
          Submit
        </Button>
      </Stack>
    </Paper>
  );
}

function Editor({ report, editable }: { report: FullReport; editable: boolean }) {
  const me = useCurrentUser();
  // A refused item the user chose to keep editing (WaitingToSend), opened in its form.
  const [editing, setEditing] = useState<OutboxItem | null>(null);
  const advance = report.type === 'advance';
  // The report with what waits on this device applied: its rows (marked) and its total.
  const pending = usePendingReport(report, editable);
  // What the add dialogs read, fetched now so that a copy is on the device before the link drops.
  useCategories();
  useHoldAccountChoices(report.user_id);
  useMileageRate();
  useExchangeRates();
  const [cashReturned, setCashReturned] = useState(report.cash_returned ? report.cash_returned.toFixed(2) : '');
  const submission = useReportSubmission(report, advance ? cashReturned : undefined);
  const blockers = advanceBlockers(report, cashReturned);

  const title = editable ? (advance ? 'Edit Advance Report' : 'Edit Expense Report') : 'Expense Report';
  return (
    <>
      <PageHeader
        title={title}
        subtitle={
          report.id < 0
            ? 'New report, kept on this device until it is sent'
            : `Report #${report.id}${advance && report.advance_request ? ` for advance request #${report.advance_request.id}` : ''}`
        }
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
        <WaitingToSend me={me} reportId={report.id} onEdit={editable ? setEditing : undefined} />
        <ReportSummaryCard report={report} withWaiting={pending.report} />
        <ReportSections
          report={pending.report}
          marks={pending.marks}
          editable={editable}
          editing={editing}
          onEditing={() => setEditing(null)}
        />
        {advance && (
          <AdvanceCashCard
            report={report}
            cashReturned={cashReturned}
            onCashReturned={setCashReturned}
            editable={editable}
          />
        )}
        <ReportHistoryCard report={report} />
        {editable && (
          <ActionBar
            problem={submission.problem}
            busy={submission.busy}
            blocked={blockers.length > 0}
            onDismiss={submission.dismissProblem}
            onSave={submission.save}
            onSubmit={submission.trySubmit}
          />
        )}
      </Stack>
      <ConfirmDialog
        open={submission.confirming}
        title="Submit this report?"
        confirmLabel="Submit Report"
        busy={submission.submitting}
        onClose={submission.cancelSubmit}
        onConfirm={submission.submit}
      >
        Once submitted, the report goes to the office and can no longer be changed.
      </ConfirmDialog>
    </>
  );
}
