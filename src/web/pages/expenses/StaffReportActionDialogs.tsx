import { MESSAGES } from '../../../domain/messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NoticeDialog } from './NoticeDialog';
import type { StaffReportAction } from './use-staff-report-action';

/**
 * The question before a delete or an archive, or, for a report a distribution references, why it
 * cannot go ahead (on the staff lists and on the report's page).
 */
export function StaffReportActionDialogs({
  action,
  archiveText,
}: {
  action: StaffReportAction;
  /** What the archive question says; by default that the report leaves the list it was archived from. */
  archiveText?: string;
}) {
  const { pending } = action;
  return (
    <>
      <NoticeDialog
        open={pending !== null && pending.report.distribution_id !== null}
        title={pending?.kind === 'archive' ? 'This report cannot be archived' : 'This report cannot be deleted'}
        onClose={action.cancel}
      >
        {MESSAGES.reportInDistribution}
      </NoticeDialog>
      <ConfirmDialog
        open={pending !== null && pending.report.distribution_id === null}
        title={pending?.kind === 'archive' ? 'Archive this expense report?' : 'Delete this expense report?'}
        confirmLabel={pending?.kind === 'archive' ? 'Archive' : 'Delete'}
        destructive={pending?.kind === 'delete'}
        busy={action.busy}
        onClose={action.cancel}
        onConfirm={action.confirm}
      >
        {pending?.kind === 'archive'
          ? (archiveText ??
            `Report #${pending.report.id} of ${pending.report.user_name} leaves this list. It stays on record.`)
          : `Report #${pending?.report.id} of ${pending?.report.user_name} and its receipts will be removed. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}
