import { Navigate } from 'react-router';
import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const DistributionFormPage = lazyPage(() => import('./DistributionFormPage'), 'DistributionFormPage');
const DistributionsPage = lazyPage(() => import('./DistributionsPage'), 'DistributionsPage');

/** docs/product.md §2.1: the list and the form for staff; the form for anyone signed in (read-only rules inside). */
export const distributionRoutes: FeatureRoutes = {
  staff: [
    { path: '/admin/distributions', element: <Navigate to="/admin/distributions/approved" replace /> },
    { path: '/admin/distributions/:status', element: <DistributionsPage /> },
    { path: '/admin/distribution-form', element: <DistributionFormPage /> },
    { path: '/admin/distribution-form/:id', element: <DistributionFormPage /> },
  ],
  user: [
    { path: '/distribution-form', element: <DistributionFormPage /> },
    { path: '/distribution-form/:id', element: <DistributionFormPage /> },
  ],
};
