import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const SettingsPage = lazyPage(() => import('./SettingsPage'), 'SettingsPage');

export const settingsRoutes: FeatureRoutes = {
  staff: [{ path: '/admin/settings', element: <SettingsPage /> }],
};
