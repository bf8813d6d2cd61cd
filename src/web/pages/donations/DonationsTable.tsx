import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Checkbox, IconButton, Tooltip } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import type { Page } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { date, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { DonationDialog } from './DonationDialog';
import type { Donation } from './types';

/** The paginated donations list (GET /paginated_donation) with admin edit, approve and delete. */
export function DonationsTable(props: {
  filter: { user_id?: number; upload_name?: string };
  title?: string;
  urlPrefix?: string;
  defaultLimit?: number;
  toolbar?: ReactNode;
  showMissionary?: boolean;
}) {
  const me = useCurrentUser();
  const isAdmin = me.role === 'admin';
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Donation | null>(null);
  const [deleting, setDeleting] = useState<Donation | null>(null);

  const remove = useMutation({
    mutationFn: (donation: Donation) => api.delete(`/donation/${donation.id}`),
    onSuccess: () => {
      messages.success(MESSAGES.donationDeleted);
      queryClient.invalidateQueries({ queryKey: keys.donations.all });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setDeleting(null),
  });
  const approve = useMutation({
    mutationFn: ({ donation, approved }: { donation: Donation; approved: boolean }) =>
      api.patchForm(`/donation/${donation.id}/approve`, { approved: approved ? 1 : 0 }),
    onSuccess: () => {
      messages.success(MESSAGES.donationUpdated);
      queryClient.invalidateQueries({ queryKey: keys.donations.all });
    },
    onError: (error) => messages.error(error.message),
  });

  const columns: Column<Donation>[] = [
    { key: 'id', label: 'ID', sortKey: 'id', hideOnMobile: true },
    ...(props.showMissionary === false
      ? []
      : [
          {
            key: 'user_name',
            label: 'Missionary',
            sortKey: 'user_name',
            render: (d: Donation) => (d.missionary_number ? `${d.user_name} (#${d.missionary_number})` : d.user_name),
          },
        ]),
    { key: 'fund_name', label: 'Fund', sortKey: 'fund_name', render: (d) => d.fund_name ?? 'General Fund' },
    // DESIGN.md decision 24: the giver, from per-gift exports; staff only (the API sends null to missionaries).
    ...(me.role === 'missionary'
      ? []
      : [{ key: 'donor_name', label: 'Donor', render: (d: Donation) => d.donor_name ?? '—', hideOnMobile: true }]),
    { key: 'amount', label: 'Amount', sortKey: 'amount', align: 'right', render: (d) => money(d.amount) },
    { key: 'count', label: 'Count', sortKey: 'count', align: 'right' },
    { key: 'upload_name', label: 'Upload', sortKey: 'upload_name' },
    {
      key: 'approved',
      label: 'Approved',
      sortKey: 'approved',
      render: (d) => (
        <ApprovedCell
          donation={d}
          editable={isAdmin}
          busy={approve.isPending}
          onChange={(approved) => approve.mutate({ donation: d, approved })}
        />
      ),
    },
    {
      key: 'created_at',
      label: 'Imported',
      sortKey: 'created_at',
      render: (d) => date(d.created_at),
      hideOnMobile: true,
    },
  ];

  return (
    <>
      <DataTable<Donation>
        title={props.title}
        urlPrefix={props.urlPrefix}
        queryKey={keys.donations.page(props.filter)}
        fetchPage={(params) => api.get<Page<Donation>>('/paginated_donation', { ...params, ...props.filter })}
        defaultLimit={props.defaultLimit ?? 100}
        columns={columns}
        rowKey={(d) => d.id}
        searchLabel={me.role === 'missionary' ? 'Search fund or upload' : 'Search missionary, fund, donor or upload'}
        emptyText="No donations yet. Import a donation file first."
        toolbar={props.toolbar}
        actions={
          isAdmin
            ? (d) =>
                d.distribution_id !== null ? (
                  // The server refuses (409) to change a donation a distribution counted; say so up front.
                  <Tooltip title={MESSAGES.donationInDistribution} describeChild>
                    <LockOutlinedIcon
                      fontSize="small"
                      color="action"
                      titleAccess={`Donation ${d.id} is part of a distribution`}
                      sx={{ m: 0.75 }}
                    />
                  </Tooltip>
                ) : (
                  <>
                    <Tooltip title="Edit">
                      <IconButton size="small" onClick={() => setEditing(d)} aria-label={`Edit donation ${d.id}`}>
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton
                        size="small"
                        color="error"
                        onClick={() => setDeleting(d)}
                        aria-label={`Delete donation ${d.id}`}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )
            : undefined
        }
      />
      {editing && <DonationDialog donation={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete donation?"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting &&
          `The donation of ${money(deleting.amount)} to ${deleting.user_name} (${deleting.fund_name ?? 'General Fund'}, ${deleting.upload_name}) will be removed.`}
      </ConfirmDialog>
    </>
  );
}

/**
 * A designated donation's approval: a checkbox for admins; for employees a word, since a greyed
 * checkbox would not say why it cannot change (issue 12; the page says it in a sentence).
 */
function ApprovedCell(props: {
  donation: Donation;
  editable: boolean;
  busy: boolean;
  onChange(approved: boolean): void;
}) {
  const { donation } = props;
  if (donation.hold_account_id === null) return '—';
  if (!props.editable) return donation.approved === 1 ? 'Yes' : 'No';
  return (
    <Checkbox
      size="small"
      checked={donation.approved === 1}
      disabled={donation.distribution_id !== null || props.busy}
      onChange={(event) => props.onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': `Approved: donation ${donation.id}` } }}
      sx={{ p: 0.5 }}
    />
  );
}
