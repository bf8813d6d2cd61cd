import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Checkbox, IconButton, Tooltip } from '@mui/material';
import { MESSAGES } from '../../../domain/messages';
import type { Role } from '../../../domain/roles';
import type { Column } from '../../components/DataTable';
import { date, money } from '../../format';
import type { Donation } from './types';

/**
 * A designated donation's approval: a checkbox for admins; for employees a word, since a greyed
 * checkbox would not say why it cannot change (the page says it in a sentence).
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

/** The donations list's columns for this reader: the donor for staff only, the missionary unless one is shown. */
export function donationColumns(options: {
  role: Role;
  showMissionary: boolean;
  approving: boolean;
  onApprove(donation: Donation, approved: boolean): void;
}): Column<Donation>[] {
  return [
    { key: 'id', label: 'ID', sortKey: 'id', hideOnMobile: true },
    ...(options.showMissionary
      ? [
          {
            key: 'user_name',
            label: 'Missionary',
            sortKey: 'user_name',
            render: (d: Donation) => (d.missionary_number ? `${d.user_name} (#${d.missionary_number})` : d.user_name),
          },
        ]
      : []),
    { key: 'fund_name', label: 'Fund', sortKey: 'fund_name', render: (d) => d.fund_name ?? 'General Fund' },
    // Decision 24 (docs/decisions.md): the giver, from per-gift exports; staff only (the API sends null to missionaries).
    ...(options.role === 'missionary'
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
          editable={options.role === 'admin'}
          busy={options.approving}
          onChange={(approved) => options.onApprove(d, approved)}
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
}

/** An admin's row actions: Edit and Delete, or a lock when a distribution counted the donation. */
export function donationActions(d: Donation, onEdit: (d: Donation) => void, onDelete: (d: Donation) => void) {
  return d.distribution_id !== null ? (
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
        <IconButton size="small" onClick={() => onEdit(d)} aria-label={`Edit donation ${d.id}`}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title="Delete">
        <IconButton size="small" color="error" onClick={() => onDelete(d)} aria-label={`Delete donation ${d.id}`}>
          <DeleteOutlineIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}
