import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, FormControlLabel, Switch, Tab, Tabs } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import type { Page } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { lazyPage } from '../../components/lazy-page';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { LedgerCheckCard } from '../account/LedgerCheckCard';
import { SystemWarnings } from '../account/SystemWarnings';
import { SetupChecklistCard } from '../setup/SetupChecklistCard';
import { NoticeDialog } from './NoticeDialog';
import { IconAction, reportColumns } from './report-columns';
import type { ReportSummary } from './types';

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
 * /admin/dashboard (submitted reports), /admin/expense-reports/processed and …/unprocessed. Admins
 * delete unprocessed reports and archive processed ones.
 */
export function StaffReportsPage({ mode }: { mode: Mode }) {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  const navigate = useNavigate();
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const archived = mode === 'processed' && searchParams.get('archived') === '1';
  const [pending, setPending] = useState<{ kind: 'delete' | 'archive'; report: ReportSummary } | null>(null);

  const act = useMutation({
    mutationFn: ({ kind, report }: NonNullable<typeof pending>) =>
      api.delete(kind === 'delete' ? `/expense-report/${report.id}` : `/expense-report/processed/${report.id}`),
    onSuccess: async (_result, { kind }) => {
      messages.success(kind === 'delete' ? MESSAGES.reportDeleted : MESSAGES.reportArchived);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
    },
    onError: (error, { kind }) =>
      messages.error(
        error.message || (kind === 'archive' ? MESSAGES.reportArchiveFailed : MESSAGES.somethingWentWrong),
      ),
    onSettled: () => setPending(null),
  });

  const filter =
    mode === 'all'
      ? { submitted: 1 }
      : { submitted: 1, processed: mode === 'processed' ? 1 : 0, ...(archived && { archived: 1 }) };
  const view = (report: ReportSummary) => `/expense-report/${report.id}?return=${RETURN[mode]}`;

  return (
    <>
      <PageHeader title={TITLES[mode]} />
      {mode === 'all' && <SetupChecklistCard />}
      {mode === 'all' && <SystemWarnings />}
      {mode === 'all' && <LedgerCheckCard />}
      {mode === 'all' && (
        <Suspense fallback={null}>
          <AccountablePlanCard />
        </Suspense>
      )}
      <Tabs value={mode} sx={{ mb: 2 }} aria-label="Expense report lists" variant="scrollable" allowScrollButtonsMobile>
        <Tab value="all" label="All" component={RouterLink} to="/admin/dashboard" />
        <Tab value="unprocessed" label="Unprocessed" component={RouterLink} to="/admin/expense-reports/unprocessed" />
        <Tab value="processed" label="Processed" component={RouterLink} to="/admin/expense-reports/processed" />
      </Tabs>
      <DataTable<ReportSummary>
        key={`${mode}-${archived}`}
        queryKey={keys.expenseReports.staff(mode, archived)}
        fetchPage={(params) => api.get<Page<ReportSummary>>('/paginated_expense_report', { ...params, ...filter })}
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
        actions={(report) => (
          <>
            <Button size="small" component={RouterLink} to={view(report)}>
              {report.processed === 0 ? (report.type === 'advance' ? 'Review' : 'Process') : 'View'}
            </Button>
            {admin && report.processed === 0 && (
              <IconAction
                label={`Delete report #${report.id}`}
                color="error"
                icon={<DeleteOutlineIcon fontSize="small" />}
                onClick={() => setPending({ kind: 'delete', report })}
              />
            )}
            {admin && report.processed === 1 && !report.archived_at && (
              <IconAction
                label={`Archive report #${report.id}`}
                icon={<ArchiveOutlinedIcon fontSize="small" />}
                onClick={() => setPending({ kind: 'archive', report })}
              />
            )}
          </>
        )}
      />
      <NoticeDialog
        open={pending !== null && pending.report.distribution_id !== null}
        title={pending?.kind === 'archive' ? 'This report cannot be archived' : 'This report cannot be deleted'}
        onClose={() => setPending(null)}
      >
        {MESSAGES.reportInDistribution}
      </NoticeDialog>
      <ConfirmDialog
        open={pending !== null && pending.report.distribution_id === null}
        title={pending?.kind === 'archive' ? 'Archive this expense report?' : 'Delete this expense report?'}
        confirmLabel={pending?.kind === 'archive' ? 'Archive' : 'Delete'}
        destructive={pending?.kind === 'delete'}
        busy={act.isPending}
        onClose={() => setPending(null)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        {pending?.kind === 'archive'
          ? `Report #${pending.report.id} of ${pending.report.user_name} leaves this list. It stays on record.`
          : `Report #${pending?.report.id} of ${pending?.report.user_name} and its receipts will be removed. This cannot be undone.`}
      </ConfirmDialog>
    </>
  );
}
