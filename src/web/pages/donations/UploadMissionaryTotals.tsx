import { donationsContract } from '../../../domain/donations/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { type Column, DataTable } from '../../components/DataTable';
import { money } from '../../format';
import type { MissionaryTotal } from './types';

const columns: Column<MissionaryTotal>[] = [
  {
    key: 'user_name',
    label: 'Missionary',
    sortKey: 'user_name',
    render: (row) => (row.missionary_number ? `${row.user_name} (#${row.missionary_number})` : row.user_name),
  },
  { key: 'rows', label: 'Rows', sortKey: 'rows', align: 'right', hideOnMobile: true },
  { key: 'count', label: 'Gifts', sortKey: 'count', align: 'right' },
  { key: 'donors', label: 'Donors', align: 'right', hideOnMobile: true },
  { key: 'general', label: 'General', align: 'right', hideOnMobile: true, render: (row) => money(row.general) },
  {
    key: 'designated',
    label: 'Designated',
    align: 'right',
    hideOnMobile: true,
    render: (row) => money(row.designated),
  },
  { key: 'total', label: 'Total', sortKey: 'total', align: 'right', render: (row) => money(row.total) },
];

/**
 * Every missionary's totals in an imported upload, a page at a time: the import's answer lists only
 * the largest (decisions 12 and 18), GET /donation/upload/{id}/missionary-totals pages them all.
 */
export function UploadMissionaryTotals({ uploadId }: { uploadId: number }) {
  return (
    <DataTable<MissionaryTotal>
      title="Totals of Every Missionary"
      urlPrefix="totals"
      queryKey={keys.donations.uploadTotals(uploadId)}
      fetchPage={(params) =>
        call(donationsContract.listUploadMissionaryTotals, { params: { id: uploadId }, query: { ...params } })
      }
      columns={columns}
      rowKey={(row) => row.user_id}
      searchLabel="Search missionaries"
      emptyText="No donations in this upload."
      defaultLimit={30}
      defaultOrderBy="user_name"
      defaultOrder="asc"
    />
  );
}
