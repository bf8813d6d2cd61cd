import type { FeatureRoutes } from '../../routes';
import { HoldAccountsPage } from './HoldAccountsPage';

export const holdAccountRoutes: FeatureRoutes = {
  staff: [{ path: '/admin/hold-accounts', element: <HoldAccountsPage /> }],
};
