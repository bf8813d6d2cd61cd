import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const HoldAccountsPage = lazyPage(() => import('./HoldAccountsPage'), 'HoldAccountsPage');

export const holdAccountRoutes: FeatureRoutes = {
  staff: [{ path: '/admin/hold-accounts', element: <HoldAccountsPage /> }],
};
