import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const DenariImportPage = lazyPage(() => import('./DenariImportPage'), 'DenariImportPage');
const DonationsPage = lazyPage(() => import('./DonationsPage'), 'DonationsPage');

export const donationRoutes: FeatureRoutes = {
  staff: [
    { path: '/admin/denari-import', element: <DenariImportPage /> },
    { path: '/admin/donations', element: <DonationsPage /> },
  ],
};
