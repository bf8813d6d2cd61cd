import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const ChangePasswordPage = lazyPage(() => import('./ChangePasswordPage'), 'ChangePasswordPage');
const SecurityPage = lazyPage(() => import('./SecurityPage'), 'SecurityPage');

export const accountRoutes: FeatureRoutes = {
  user: [
    { path: '/account/password', element: <ChangePasswordPage /> },
    { path: '/account/security', element: <SecurityPage /> },
  ],
};
