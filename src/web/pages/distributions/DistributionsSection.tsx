import { Link } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router';
import { distributionsContract } from '../../../domain/distributions/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { type Column, DataTable } from '../../components/DataTable';
import { date, money } from '../../format';
import type { DistributionRecord } from './types';

function ApprovedDistributions({ user, formPath, title }: { user: User; formPath: string; title: string }) {
  const navigate = useNavigate();
  const open = (row: DistributionRecord) => `${formPath}/${row.id}`;
  const columns: Column<DistributionRecord>[] = [
    {
      key: 'dates',
      label: 'Dates',
      sortKey: 'start_date',
      render: (row) => (
        <Link component={RouterLink} to={open(row)} onClick={(event) => event.stopPropagation()}>
          {date(row.start_date)} – {date(row.end_date)}
        </Link>
      ),
    },
    { key: 'donation_upload_name', label: 'Upload', hideOnMobile: true },
    { key: 'total_donations', label: 'Donations', align: 'right', render: (row) => money(row.total_donations) },
    {
      key: 'total_funds_disbursed',
      label: 'Disbursed',
      align: 'right',
      render: (row) => money(row.total_funds_disbursed),
    },
    {
      key: 'ending_balance',
      label: 'Ending Balance',
      sortKey: 'ending_balance',
      align: 'right',
      render: (row) => money(row.ending_balance),
    },
  ];
  return (
    <DataTable<DistributionRecord>
      title={title}
      urlPrefix="dist"
      queryKey={keys.distributions.approvedOf(user.id)}
      fetchPage={(params) =>
        call(distributionsContract.paginateDistributions, {
          query: { ...params, status: 'approved', user_id: user.id },
        })
      }
      defaultLimit={10}
      defaultOrderBy="start_date"
      columns={columns}
      rowKey={(row) => row.id}
      searchLabel="Search upload"
      emptyText="No approved distributions yet."
      onRowClick={(row) => navigate(open(row))}
    />
  );
}

/** Approved distributions on the admin user profile (docs/product.md §2.3). */
export function DistributionsSection({ user }: { user: User }) {
  if (user.role !== 'missionary') return null;
  return <ApprovedDistributions user={user} formPath="/admin/distribution-form" title="Approved Distributions" />;
}

/** A missionary's own approved distributions on their profile, each opened as its pay stub (docs/product.md "My distribution: the pay stub"). */
export function MyDistributionsSection({ user }: { user: User }) {
  return <ApprovedDistributions user={user} formPath="/distribution" title="My Distributions" />;
}
