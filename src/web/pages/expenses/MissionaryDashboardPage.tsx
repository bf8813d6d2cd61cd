import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, Paper, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { expenseReportsContract } from '../../../domain/expense-reports/contract';
import type { Dollars } from '../../../domain/money';
import type { usersContract } from '../../../domain/users/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { route } from '../../api/route';
import { DataTable } from '../../components/DataTable';
import { lazyPage } from '../../components/lazy-page';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { usePageTitle } from '../../site/site-config';
import { MissionaryStatementsPanel } from '../statements/MissionaryStatementsPanel';
// Reports started offline and what waits to be sent, read from IndexedDB.
import { OfflineReportsCard } from './OfflineReportsCard';
import { IconAction, reportColumns } from './report-columns';
import type { ReportSummary } from './types';
import { useDraftReportDelete } from './use-draft-report-delete';

// The missionary dashboard names its contracts as types only (src/web/api/route.ts says why).
const getUser = route<typeof usersContract.getUser>({ method: 'GET', path: '/user/:id' });
const reportsPage = route<typeof expenseReportsContract.paginateReports>({
  method: 'GET',
  path: '/paginated_expense_report',
});

// Loaded when a delete is asked for: the dashboard is the page a missionary's phone loads first.
const ConfirmDialog = lazyPage(() => import('../../components/ConfirmDialog'), 'ConfirmDialog');
// Lazy: most missionaries have nothing flagged, and the dashboard has a JS budget (test/web-budget.test.ts).
const AccountablePlanCard = lazyPage(() => import('../accountable-plan/AccountablePlanCard'), 'AccountablePlanCard');

const UNREIMBURSED_NOTE = (
  <Paper variant="outlined" sx={{ p: 1.5, mb: 2, bgcolor: 'transparent' }}>
    <Typography variant="body2" color="text.secondary">
      The unreimbursed amount is what the office still owes you from processed reports. It is paid down with your next
      distributions.
    </Typography>
  </Paper>
);

const editPath = (report: ReportSummary) =>
  report.advance_request_id
    ? `/expense-report/${report.id}/advance/${report.advance_request_id}/edit`
    : `/expense-report/${report.id}/edit`;

/** "Unreimbursed Amount: $x" ('…' while it loads), and the buttons that start a report or an advance request. */
function UnreimbursedHeader({ unreimbursed }: { unreimbursed: Dollars | undefined }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
      <Typography variant="h1" sx={{ flexGrow: 1 }}>
        Unreimbursed Amount: {unreimbursed === undefined ? '…' : money(unreimbursed)}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/new-report/reimbursement">
          New Expense Report
        </Button>
        <Button variant="outlined" component={RouterLink} to="/advance-request">
          Advance Request
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * /dashboard/:auth_id[/:forceUpdate]: "Unreimbursed Amount: $x", the history as the table "Dashboard"
 * on desktops and the list "My Expense Report History" on phones. A trailing true (after a submit)
 * reloads everything.
 */
export function MissionaryDashboardPage() {
  const { auth_id, forceUpdate } = useParams();
  const me = useCurrentUser();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { deleting, ask, cancel, confirm, busy } = useDraftReportDelete();
  usePageTitle('My Expense History');

  const profile = useQuery({
    queryKey: keys.users.one(me.id),
    queryFn: () => call(getUser, { params: { id: me.id } }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new forceUpdate segment reloads
  useEffect(() => {
    if (forceUpdate) {
      queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      queryClient.invalidateQueries({ queryKey: keys.users.one(me.id) });
    }
  }, [forceUpdate]);

  if (Number(auth_id) !== me.id) return <Navigate to={`/dashboard/${me.id}`} replace />;
  const unreimbursed = profile.data?.profile?.unreimbursed_amount ?? profile.data?.unreimbursed_amount;

  return (
    <>
      <UnreimbursedHeader unreimbursed={unreimbursed} />
      {UNREIMBURSED_NOTE}
      <Suspense fallback={null}>
        <OfflineReportsCard me={me} />
        <AccountablePlanCard />
      </Suspense>
      <DataTable<ReportSummary>
        title={phone ? 'My Expense Report History' : 'Dashboard'}
        queryKey={keys.expenseReports.mine(me.id)}
        fetchPage={(params) => call(reportsPage, { query: { ...params, user_id: me.id } })}
        columns={reportColumns({ owner: false })}
        rowKey={(report) => report.id}
        searchLabel="Search reports, categories, descriptions"
        emptyText="No expense reports yet. Start one with New Expense Report."
        onRowClick={(report) => navigate(report.submitted ? `/expense-report/${report.id}` : editPath(report))}
        actions={(report) =>
          report.submitted ? (
            <Button size="small" component={RouterLink} to={`/expense-report/${report.id}`}>
              View
            </Button>
          ) : (
            <>
              <Button size="small" component={RouterLink} to={editPath(report)}>
                Edit
              </Button>
              <IconAction
                label={`Delete report #${report.id}`}
                color="error"
                icon={<DeleteOutlineIcon fontSize="small" />}
                onClick={() => ask(report)}
              />
            </>
          )
        }
      />
      <Box sx={{ mt: 2 }}>
        <MissionaryStatementsPanel />
      </Box>
      {deleting && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title="Delete this expense report?"
            confirmLabel="Delete"
            destructive
            busy={busy}
            onClose={cancel}
            onConfirm={confirm}
          >
            Report #{deleting.id} and everything in it (expenses, trips and receipts) will be removed.
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
}
