import type { FeatureRoutes } from '../../routes';
import { DenariImportPage } from './DenariImportPage';
import { DonationsPage } from './DonationsPage';

export const donationRoutes: FeatureRoutes = {
  staff: [
    { path: '/admin/denari-import', element: <DenariImportPage /> },
    { path: '/admin/donations', element: <DonationsPage /> },
  ],
};
