import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const MySupportPage = lazyPage(() => import('./MySupportPage'), 'MySupportPage');

/** My Support (decision 36, docs/decisions.md): the missionary's own, or any missionary's for staff. */
export const supportRoutes: FeatureRoutes = {
  user: [{ path: '/support/:user_id', element: <MySupportPage /> }],
};
