import type { FeatureRoutes } from '../../routes';
import { SettingsPage } from './SettingsPage';

export const settingsRoutes: FeatureRoutes = {
  staff: [{ path: '/admin/settings', element: <SettingsPage /> }],
};
