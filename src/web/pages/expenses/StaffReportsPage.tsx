import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, FormControlLabel, Switch, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { DataTable } from '../../components/DataTable';
import { Loading } from '../../components/Loading';
import { lazyPage } from '../../components/lazy-page';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { LedgerCheckCard } from '../account/LedgerCheckCard';
import { SystemWarnings, systemWarningsQuery } from '../account/SystemWarnings';
import { SetupChecklistCard, setupChecklistQuery } from '../setup/SetupChecklistCard';
import { IconAction, reportColumns } from './report-columns';
import { StaffReportActionDialogs } from './StaffReportActionDialogs';
import type { ReportSummary } from './types';
import { type StaffReportAction, useStaffReportAction } from './use-staff-report-action';

// Its own chunk, as on the missionary dashboard (test/web-budget.test.ts).
const AccountablePlanCard = lazyPage(() => import('../accountable-plan/AccountablePlanCard'), 'AccountablePlanCard');

type Mode = 'all' | 'processed' | 'unprocessed';

const TITLES: Record<Mode, string> = {
  all: 'Expense Reports',
  processed: 'Processed Expense Reports',
  unprocessed: 'Unprocessed Expense Reports',
};
const RETURN: Record<Mode, string> = { all: 'dashboard', processed: 'processed', unprocessed: 'unprocessed' };

/**
 * The office's cards above the submitted reports: setup, warnings, the ledger check, the accountable
 * plan. The accountable plan's chunk suspends the page's own boundary, like the two queries below.
 */
function DashboardCards() {
  return (
    <>
      <SetupChecklistCard />
      <SystemWarnings />
      <LedgerCheckCard />
      <AccountablePlanCard />
    </>
  );
}

/**
 * Whether the admin's setup checklist and warnings know if they show. They sit above the queue, so
 * the queue waits for them instead of jumping down when they arrive: that jump was a layout shift of
 * 0.16–0.22 on the office's first screen (docs/performance.md, "Lighthouse").
 */
function useCardsSettled(dashboard: boolean, admin: boolean): boolean {
  const enabled = dashboard && admin;
  const checklist = useQuery({ ...setupChecklistQuery, enabled });
  const warnings = useQuery({ ...systemWarningsQuery, enabled });
  return !enabled || (!checklist.isPending && !warnings.isPending);
}

/**
 * Process (Review for an advance's report) for an admin, who can; View for an employee, who only
 * reads or returns it; and, for an admin, Delete an unprocessed report or Archive a processed one.
 */
function ReportActions({
  report,
  to,
  admin,
  action,
}: {
  report: ReportSummary;
  to: string;
  admin: boolean;
  action: StaffReportAction;
}) {
  return (
    <>
      <Button size="small" component={RouterLink} to={to}>
        {reportLinkLabel(report, admin)}
      </Button>
      {admin && report.processed === 0 && (
        <IconAction
          label={`Delete report #${report.id}`}
          color="error"
          icon={<DeleteOutlineIcon fontSize="small" />}
          onClick={() => action.ask('delete', report)}
        />
      )}
      {admin && report.processed === 1 && !report.archived_at && (
        <IconAction
          label={`Archive report #${report.id}`}
          icon={<ArchiveOutlinedIcon fontSize="small" />}
          onClick={() => action.ask('archive', report)}
        />
      )}
    </>
  );
}

/** What the row's link says: an employee cannot process, so "Process" would promise what the page refuses. */
export function reportLinkLabel(report: Pick<ReportSummary, 'processed' | 'type'>, admin: boolean): string {
  if (report.processed !== 0 || !admin) return 'View';
  return report.type === 'advance' ? 'Review' : 'Process';
}

/**
 * /admin/dashboard (submitted reports), /admin/expense-reports/processed and …/unprocessed. Admins
 * delete unprocessed reports and archive processed ones.
 */
export function StaffReportsPage({ mode }: { mode: Mode }) {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const archived = mode === 'processed' && searchParams.get('archived') === '1';
  const action = useStaffReportAction();

  const filter =
    mode === 'all'
      ? { submitted: 1 }
      : { submitted: 1, processed: mode === 'processed' ? 1 : 0, ...(archived && { archived: 1 }) };
  const view = (report: ReportSummary) => `/expense-report/${report.id}?return=${RETURN[mode]}`;

  const settled = useCardsSettled(mode === 'all', admin);
  if (!settled) {
    return (
      <>
        <PageHeader title={TITLES[mode]} />
        <Loading />
      </>
    );
  }

  return (
    <Suspense
      fallback={
        <>
          <PageHeader title={TITLES[mode]} />
          <Loading />
        </>
      }
    >
      <PageHeader title={TITLES[mode]} />
      {mode === 'all' && <DashboardCards />}
      <Tabs value={mode} sx={{ mb: 2 }} aria-label="Expense report lists" variant="scrollable" allowScrollButtonsMobile>
        <Tab value="all" label="All" component={RouterLink} to="/admin/dashboard" />
        <Tab value="unprocessed" label="Unprocessed" component={RouterLink} to="/admin/expense-reports/unprocessed" />
        <Tab value="processed" label="Processed" component={RouterLink} to="/admin/expense-reports/processed" />
      </Tabs>
      <DataTable<ReportSummary>
        key={`${mode}-${archived}`}
        queryKey={keys.expenseReports.staff(mode, archived)}
        fetchPage={(params) => call(expenseReportsContract.paginateReports, { query: { ...params, ...filter } })}
        columns={reportColumns({ owner: true, status: mode === 'all', unreimbursed: mode === 'processed' })}
        rowKey={(report) => report.id}
        searchLabel="Search name, Account # or ID"
        emptyText={
          mode === 'unprocessed'
            ? 'No reports are waiting to be processed.'
            : archived
              ? 'No archived reports.'
              : 'No submitted reports yet.'
        }
        toolbar={
          mode === 'processed' && (
            <FormControlLabel
              sx={{ whiteSpace: 'nowrap' }}
              control={
                <Switch
                  checked={archived}
                  onChange={(event) =>
                    setSearchParams(event.target.checked ? { archived: '1' } : {}, { replace: true })
                  }
                />
              }
              label="Archived"
            />
          )
        }
        onRowClick={(report) => navigate(view(report))}
        actions={(report) => <ReportActions report={report} to={view(report)} admin={admin} action={action} />}
      />
      <StaffReportActionDialogs action={action} />
    </Suspense>
  );
}
