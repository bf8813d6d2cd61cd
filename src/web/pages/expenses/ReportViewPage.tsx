import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Button, Stack } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { isStaff } from '../../../domain/roles';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { NextUnprocessedButton } from './NextUnprocessedButton';
import { PayoutPaidDialog, payoutToRecord } from './PayoutPaidDialog';
import { ProcessReportDialog } from './ProcessReportDialog';
import { useReport } from './queries';
import { ReportHistoryCard, ReturnNotice } from './ReportHistoryCard';
import { ReportSections } from './ReportSections';
import { ReportSummaryCard } from './ReportSummaryCard';
import { ReturnReportDialog } from './ReturnReportDialog';
import { StaffReportActionDialogs } from './StaffReportActionDialogs';
import type { FullReport } from './types';
import { type StaffReportAction, useStaffReportAction } from './use-staff-report-action';

/** Where the back link of the view screen goes (docs/product.md §2.3: `return` is unprocessed or dashboard). */
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

/** Why staff cannot process a waiting report, said in words, never as a greyed button with a hidden tooltip. */
function readOnlyReasonOf(report: FullReport, staff: boolean, admin: boolean): string | null {
  const waiting = staff && report.submitted === 1 && report.processed === 0;
  if (!waiting) return null;
  if (report.distribution_id !== null) return MESSAGES.reportInDistribution;
  if (!admin) return 'Only administrators process reports. You can return it to the missionary with a question.';
  return null;
}

/** The page's buttons: Process (or Confirm Receipt) and Return, Delete, Next, Archive, and the owner's Edit Report. */
function ReportViewActions({
  report,
  action,
  onProcess,
  onReturn,
  onPayoutPaid,
}: {
  report: FullReport;
  action: StaffReportAction;
  onProcess(): void;
  onReturn(): void;
  onPayoutPaid(): void;
}) {
  const me = useCurrentUser();
  const staff = isStaff(me.role);
  const admin = me.role === 'admin';
  const inDistribution = report.distribution_id !== null;
  const waiting = staff && report.submitted === 1 && report.processed === 0;
  return (
    <>
      {waiting && admin && !inDistribution && (
        <Button variant="contained" onClick={onProcess}>
          {report.type === 'advance' ? 'Confirm Receipt' : 'Process'}
        </Button>
      )}
      {waiting && !inDistribution && (
        <Button variant="outlined" onClick={onReturn}>
          Return
        </Button>
      )}
      {admin && report.processed === 0 && (
        <Button color="error" variant="outlined" onClick={() => action.ask('delete', report)}>
          Delete
        </Button>
      )}
      {admin && payoutToRecord(report) && (
        <Button variant="outlined" onClick={onPayoutPaid}>
          Record Check or Cash
        </Button>
      )}
      {staff && report.processed === 1 && <NextUnprocessedButton currentId={report.id} />}
      {admin && report.processed === 1 && !report.archived_at && (
        <Button variant="outlined" onClick={() => action.ask('archive', report)}>
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
  );
}

/** /expense-report/:expense_report_id: read-only; staff process unprocessed reports, admins delete or archive. */
export function ReportViewPage() {
  const { expense_report_id } = useParams();
  const [searchParams] = useSearchParams();
  const me = useCurrentUser();
  const staff = isStaff(me.role);
  const navigate = useNavigate();
  const query = useReport(expense_report_id);
  const [processing, setProcessing] = useState(false);
  const [returning, setReturning] = useState(false);
  const [recordingPayout, setRecordingPayout] = useState(false);
  const back = backLink(searchParams.get('return'), staff, me.id);
  const action = useStaffReportAction(() => navigate(back.to));

  if (query.isPending) return <Loading label="Loading the report" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} back={back} />;
  const report = query.data;
  const readOnlyReason = readOnlyReasonOf(report, staff, me.role === 'admin');

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
          <ReportViewActions
            report={report}
            action={action}
            onProcess={() => setProcessing(true)}
            onReturn={() => setReturning(true)}
            onPayoutPaid={() => setRecordingPayout(true)}
          />
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
      {recordingPayout && <PayoutPaidDialog report={report} onClose={() => setRecordingPayout(false)} />}
      <StaffReportActionDialogs
        action={action}
        archiveText="The report leaves the processed list. It stays on record and can still be opened."
      />
    </>
  );
}
