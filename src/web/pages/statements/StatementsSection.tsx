import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { monthLabel } from '../../../domain/dates';
import { statementsContract } from '../../../domain/reports/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { User } from '../../api/types';
import { type Column, DataTable } from '../../components/DataTable';
import { localPage } from '../../components/local-page';
import { date, money } from '../../format';
import { openInNewTab } from './download';
import { StatementButton, statementPath } from './StatementButton';
import type { StatementSummary } from './types';

const columns: Column<StatementSummary>[] = [
  { key: 'end_date', label: 'Month', sortKey: 'end_date', render: (s) => monthLabel(s.end_date, 'short') },
  {
    key: 'period',
    label: 'Period',
    render: (s) => `${date(s.start_date)} – ${date(s.end_date)}`,
    hideOnMobile: true,
  },
  {
    key: 'total_donations',
    label: 'Donations',
    sortKey: 'total_donations',
    align: 'right',
    render: (s) => money(s.total_donations),
  },
  {
    key: 'total_funds_disbursed',
    label: 'Paid Out',
    align: 'right',
    render: (s) => money(s.total_funds_disbursed),
    hideOnMobile: true,
  },
  {
    key: 'ending_balance',
    label: 'Ending Balance',
    sortKey: 'ending_balance',
    align: 'right',
    render: (s) => money(s.ending_balance),
  },
];

/**
 * Statements history: one monthly statement per approved distribution, newest first, each with its
 * PDF. On the missionary's own profile and on the admin user profile.
 */
export function StatementsSection({ user }: { user: User }) {
  const queryClient = useQueryClient();
  if (user.role !== 'missionary') return null;
  const load = () =>
    queryClient.fetchQuery({
      queryKey: keys.statements.list(user.id),
      queryFn: () => call(statementsContract.listStatements, { query: { user_id: user.id } }),
      staleTime: 30_000,
    });
  return (
    <div data-section="statements">
      <DataTable<StatementSummary>
        title="Statements"
        urlPrefix="statements"
        queryKey={keys.statements.table(user.id)}
        fetchPage={async (params) =>
          localPage(await load(), params, ['start_date', 'end_date', 'donation_upload_name'])
        }
        defaultOrderBy="end_date"
        columns={columns}
        rowKey={(s) => s.id}
        searchLabel="Search statements"
        emptyText="No statements yet. A statement is issued with each approved distribution."
        actions={(s) => (
          <>
            <StatementButton
              distributionId={s.id}
              label="PDF"
              accessibleLabel={`Download the statement for ${monthLabel(s.end_date, 'short')} (PDF)`}
            />
            <Tooltip title="Open in a new tab">
              <IconButton
                size="small"
                aria-label={`Open the statement for ${monthLabel(s.end_date, 'short')} in a new tab`}
                onClick={() => void openInNewTab(statementPath(s.id)).catch(() => undefined)}
              >
                <OpenInNewIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      />
    </div>
  );
}
