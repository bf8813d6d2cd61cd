import type { ReactNode } from 'react';
import { donationsContract } from '../../../domain/donations/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { DonationDialog } from './DonationDialog';
import { donationActions, donationColumns } from './donation-columns';
import type { Donation } from './types';
import { useDonationActions } from './use-donation-actions';

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
  const { editing, setEditing, deleting, setDeleting, remove, approve } = useDonationActions();
  const columns = donationColumns({
    role: me.role,
    showMissionary: props.showMissionary !== false,
    approving: approve.isPending,
    onApprove: (donation, approved) => approve.mutate({ donation, approved }),
  });

  return (
    <>
      <DataTable<Donation>
        title={props.title}
        urlPrefix={props.urlPrefix}
        queryKey={keys.donations.page(props.filter)}
        fetchPage={(params) => call(donationsContract.paginateDonations, { query: { ...params, ...props.filter } })}
        defaultLimit={props.defaultLimit ?? 100}
        columns={columns}
        rowKey={(d) => d.id}
        searchLabel={me.role === 'missionary' ? 'Search fund or upload' : 'Search missionary, fund, donor or upload'}
        emptyText="No donations yet. Import a donation file first."
        toolbar={props.toolbar}
        actions={isAdmin ? (d) => donationActions(d, setEditing, setDeleting) : undefined}
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
