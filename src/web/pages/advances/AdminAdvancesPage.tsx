import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, Chip, Tab, Tabs, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { advancesContract } from '../../../domain/advances/contract';
import { ADVANCE_STATUS_LABELS } from '../../../domain/advances/states';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { date, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { NoticeDialog } from '../expenses/NoticeDialog';
import { IconAction } from '../expenses/report-columns';
import { ProcessAdvanceDialog } from './ProcessAdvanceDialog';
import { advancePayment } from './payment';
import type { Advance } from './types';

export function AdvanceStatusChip({ advance }: { advance: Advance }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={advance.archived_at ? 'Archived' : ADVANCE_STATUS_LABELS[advance.status]}
      color={
        advance.archived_at
          ? 'default'
          : advance.status === 'closed'
            ? 'success'
            : advance.status === 'requested'
              ? 'secondary'
              : 'primary'
      }
    />
  );
}

const line = (text: string) => (
  <Typography component="span" variant="body2" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
    {text}
  </Typography>
);
const secondary = (text: string) => (
  <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
    {text}
  </Typography>
);

/**
 * docs/product.md §2.3's row fields of the admin advance lists (id, user_name, missionary_number, mat_date,
 * amount_requested, amount_approved, status, expense_report_id, distribution_id, hold_account_id),
 * grouped so the table fits a 1280 px screen; mat_date blank or 0000-00-00 shows empty.
 */
export const ADVANCE_COLUMNS: Column<Advance>[] = [
  { key: 'id', label: 'ID', sortKey: 'id', render: (advance) => `#${advance.id}` },
  {
    key: 'user_name',
    label: 'Missionary',
    sortKey: 'user_name',
    render: (advance) => (
      <>
        {advance.user_name}
        {advance.missionary_number && secondary(`Account # ${advance.missionary_number}`)}
      </>
    ),
  },
  { key: 'mat_date', label: 'MAT Date', sortKey: 'mat_date', render: (advance) => date(advance.mat_date) },
  {
    key: 'amount_requested',
    label: 'Amount',
    sortKey: 'amount_requested',
    render: (advance) => (
      <>
        {line(`Requested ${money(advance.amount_requested)}`)}
        {advance.amount_approved !== null && secondary(advancePayment(advance) ?? '')}
      </>
    ),
  },
  { key: 'status', label: 'Status', sortKey: 'status', render: (advance) => <AdvanceStatusChip advance={advance} /> },
  {
    key: 'links',
    label: 'Linked to',
    render: (advance) => {
      const links = [
        advance.expense_report_id && `Report #${advance.expense_report_id}`,
        advance.distribution_id && `Distribution #${advance.distribution_id}`,
        advance.hold_account && `Hold account ${advance.hold_account.fund_name}`,
      ].filter((text): text is string => Boolean(text));
      return links.length === 0 ? '—' : links.map((text) => <span key={text}>{line(text)}</span>);
    },
  },
];

type Pending = { kind: 'delete' | 'archive'; advance: Advance } | null;

/** /admin/advance-requests (Advance History) and /admin/advance-requests/unprocessed (status requested). */
export function AdminAdvancesPage({ unprocessed }: { unprocessed: boolean }) {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [processing, setProcessing] = useState<Advance | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const title = unprocessed ? 'Unprocessed Advance Requests' : 'Advance History';

  const act = useMutation({
    mutationFn: ({ kind, advance }: NonNullable<Pending>) =>
      call(kind === 'delete' ? advancesContract.deleteAdvance : advancesContract.archiveAdvance, {
        params: { id: advance.id },
      }),
    onSuccess: async (_result, { kind }) => {
      messages.success(kind === 'delete' ? MESSAGES.advanceDeleted : MESSAGES.advanceArchived);
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    },
    onError: (error) =>
      messages.error(error instanceof ApiError && error.status === 409 ? error.message : MESSAGES.somethingWentWrong),
    onSettled: () => setPending(null),
  });

  return (
    <>
      <PageHeader title={title} />
      <Tabs value={unprocessed ? 1 : 0} sx={{ mb: 2 }} aria-label="Advance request lists">
        <Tab label="History" component={RouterLink} to="/admin/advance-requests" />
        <Tab label="Unprocessed" component={RouterLink} to="/admin/advance-requests/unprocessed" />
      </Tabs>
      <DataTable<Advance>
        key={unprocessed ? 'unprocessed' : 'history'}
        queryKey={keys.advances.staff(unprocessed)}
        fetchPage={(params) =>
          call(advancesContract.paginateAdvances, { query: { ...params, ...(unprocessed && { status: 'requested' }) } })
        }
        columns={ADVANCE_COLUMNS}
        rowKey={(advance) => advance.id}
        searchLabel="Search name, Account # or ID"
        emptyText={unprocessed ? 'No advance requests are waiting.' : 'No advance requests yet.'}
        actions={(advance) => (
          <>
            {advance.status === 'requested' && admin && (
              <>
                <Button size="small" variant="contained" onClick={() => setProcessing(advance)}>
                  Process
                </Button>
                <IconAction
                  label={`Delete advance request #${advance.id}`}
                  color="error"
                  icon={<DeleteOutlineIcon fontSize="small" />}
                  onClick={() => setPending({ kind: 'delete', advance })}
                />
              </>
            )}
            {(advance.status === 'submitted' || advance.status === 'closed') && advance.expense_report_id && (
              <Button
                size="small"
                component={RouterLink}
                to={`/expense-report/${advance.expense_report_id}?return=advances`}
              >
                View
              </Button>
            )}
            {advance.status === 'closed' && admin && !advance.archived_at && (
              <IconAction
                label={`Archive advance request #${advance.id}`}
                icon={<ArchiveOutlinedIcon fontSize="small" />}
                onClick={() => setPending({ kind: 'archive', advance })}
              />
            )}
          </>
        )}
      />
      {processing && <ProcessAdvanceDialog advance={processing} onClose={() => setProcessing(null)} />}
      <NoticeDialog
        open={pending !== null && pending.advance.distribution_id !== null}
        title="This advance request is referenced in a distribution"
        onClose={() => setPending(null)}
      >
        Advance request #{pending?.advance.id} is part of distribution #{pending?.advance.distribution_id}. Delete or
        change the distribution first.
      </NoticeDialog>
      <ConfirmDialog
        open={pending !== null && pending.advance.distribution_id === null}
        title={pending?.kind === 'archive' ? 'Archive advance request' : 'Delete advance request'}
        confirmLabel={pending?.kind === 'archive' ? 'Archive' : 'Delete'}
        destructive={pending?.kind === 'delete'}
        busy={act.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        {pending?.kind === 'archive' ? MESSAGES.confirmArchiveAdvance : MESSAGES.confirmDeleteAdvance}
      </ConfirmDialog>
    </>
  );
}
