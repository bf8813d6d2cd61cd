import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const YearEndPage = lazyPage(() => import('./YearEndPage'), 'YearEndPage');

export const yearEndRoutes: FeatureRoutes = {
  staff: [{ path: '/admin/year-end', element: <YearEndPage /> }],
};
