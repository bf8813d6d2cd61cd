import { useNavigate } from 'react-router';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { DataTable } from '../../components/DataTable';
import { reportColumns } from './report-columns';
import type { ReportSummary } from './types';

/** Report History on the admin user profile: every report of the user, drafts and archived ones too. */
export function ReportHistorySection({ user }: { user: User }) {
  const navigate = useNavigate();
  if (user.role !== 'missionary') return null;
  return (
    <DataTable<ReportSummary>
      title="Report History"
      urlPrefix="reports"
      queryKey={keys.expenseReports.ofUser(user.id)}
      fetchPage={(params) => call(expenseReportsContract.paginateReports, { query: { ...params, user_id: user.id } })}
      columns={reportColumns({ owner: false })}
      rowKey={(report) => report.id}
      searchLabel="Search reports"
      emptyText="No expense reports."
      onRowClick={(report) => navigate(`/expense-report/${report.id}?return=user-${user.id}`)}
    />
  );
}
