import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const PaymentScreens = lazyPage(() => import('./PaymentScreens'), 'PaymentScreens');

export const paymentRoutes: FeatureRoutes = {
  staff: [{ path: '/admin/payments/*', element: <PaymentScreens /> }],
};
