import type { FeatureRoutes } from '../../routes';
import { ReportsPage } from './ReportsPage';

export const reportRoutes: FeatureRoutes = {
  staff: [{ path: '/reports', element: <ReportsPage /> }],
};
