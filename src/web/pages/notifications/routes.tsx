import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const OutboxPage = lazyPage(() => import('./OutboxPage'), 'OutboxPage');

export const notificationRoutes: FeatureRoutes = {
  staff: [{ path: '/admin/outbox', element: <OutboxPage /> }],
};
