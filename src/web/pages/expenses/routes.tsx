import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const AdminAdvancesPage = lazyPage(() => import('../advances/AdminAdvancesPage'), 'AdminAdvancesPage');
const AdvanceRequestPage = lazyPage(() => import('../advances/AdvanceRequestPage'), 'AdvanceRequestPage');
const ExpenseDescriptionsPage = lazyPage(() => import('./ExpenseDescriptionsPage'), 'ExpenseDescriptionsPage');
const MissionaryDashboardPage = lazyPage(() => import('./MissionaryDashboardPage'), 'MissionaryDashboardPage');
const NewReportPage = lazyPage(() => import('./NewReportPage'), 'NewReportPage');
const ReportEditorPage = lazyPage(() => import('./ReportEditorPage'), 'ReportEditorPage');
const ReportViewPage = lazyPage(() => import('./ReportViewPage'), 'ReportViewPage');
const StaffReportsPage = lazyPage(() => import('./StaffReportsPage'), 'StaffReportsPage');

/** docs/product.md §2.1: expense reports and advance requests. */
export const expenseRoutes: FeatureRoutes = {
  missionary: [
    { path: '/dashboard/:auth_id/:forceUpdate?', element: <MissionaryDashboardPage /> },
    { path: '/new-report/:type', element: <NewReportPage /> },
    { path: '/new-report/advance/:advance_request_id', element: <NewReportPage /> },
    { path: '/expense-report/:expense_report_id/edit', element: <ReportEditorPage /> },
    { path: '/expense-report/:expense_report_id/advance/:advance_request_id/edit', element: <ReportEditorPage /> },
    { path: '/advance-request', element: <AdvanceRequestPage /> },
    { path: '/expense-descriptions/:kind', element: <ExpenseDescriptionsPage /> },
  ],
  user: [{ path: '/expense-report/:expense_report_id', element: <ReportViewPage /> }],
  staff: [
    { path: '/admin/dashboard', element: <StaffReportsPage mode="all" /> },
    { path: '/admin/expense-reports/processed', element: <StaffReportsPage mode="processed" /> },
    { path: '/admin/expense-reports/unprocessed', element: <StaffReportsPage mode="unprocessed" /> },
    { path: '/admin/advance-requests', element: <AdminAdvancesPage unprocessed={false} /> },
    { path: '/admin/advance-requests/unprocessed', element: <AdminAdvancesPage unprocessed /> },
  ],
};
