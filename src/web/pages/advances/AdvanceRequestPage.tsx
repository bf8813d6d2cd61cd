import { Stack } from '@mui/material';
import { MESSAGES } from '../../../domain/messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { NoticeDialog } from '../expenses/NoticeDialog';
import { AdvanceRequestForm } from './AdvanceRequestForm';
import { MyAdvanceRequestsTable } from './MyAdvanceRequestsTable';
import { useAdvanceRequestForm } from './use-advance-request-form';
import { useDeleteAdvance } from './use-delete-advance';

/** /advance-request: the missionary's own advance requests with per-status actions, and the request form. */
export function AdvanceRequestPage() {
  const me = useCurrentUser();
  const request = useAdvanceRequestForm(me.id);
  const deletion = useDeleteAdvance();
  const { deleting } = deletion;

  return (
    <>
      <PageHeader
        title="Advance Requests"
        subtitle="Ask the office for money in advance, then report how it was spent."
      />
      <Stack spacing={2}>
        <AdvanceRequestForm {...request} />
        <MyAdvanceRequestsTable userId={me.id} onDelete={deletion.ask} />
      </Stack>
      <NoticeDialog
        open={deleting !== null && deleting.distribution_id !== null}
        title="This advance request cannot be deleted"
        onClose={deletion.cancel}
      >
        {MESSAGES.advanceInDistribution}
      </NoticeDialog>
      <ConfirmDialog
        open={deleting !== null && deleting.distribution_id === null}
        title="Delete advance request"
        confirmLabel="Delete"
        destructive
        busy={deletion.busy}
        onClose={deletion.cancel}
        onConfirm={deletion.confirm}
      >
        {MESSAGES.confirmDeleteAdvance}
      </ConfirmDialog>
    </>
  );
}
