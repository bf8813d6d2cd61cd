import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const ReportsPage = lazyPage(() => import('./ReportsPage'), 'ReportsPage');

export const reportRoutes: FeatureRoutes = {
  staff: [{ path: '/reports', element: <ReportsPage /> }],
};
