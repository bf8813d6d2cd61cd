import type { FeatureRoutes } from '../../routes';
import { AdminAdvancesPage } from '../advances/AdminAdvancesPage';
import { AdvanceRequestPage } from '../advances/AdvanceRequestPage';
import { ExpenseDescriptionsPage } from './ExpenseDescriptionsPage';
import { MissionaryDashboardPage } from './MissionaryDashboardPage';
import { NewReportPage } from './NewReportPage';
import { ReportEditorPage } from './ReportEditorPage';
import { ReportViewPage } from './ReportViewPage';
import { StaffReportsPage } from './StaffReportsPage';

/** SPEC.md §2.1: expense reports and advance requests. */
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
