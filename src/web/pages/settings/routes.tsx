import { lazyPage } from '../../components/lazy-page';
import type { FeatureRoutes } from '../../routes';

const SettingsPage = lazyPage(() => import('./SettingsPage'), 'SettingsPage');
const AccountingSettingsPage = lazyPage(() => import('./AccountingSettingsPage'), 'AccountingSettingsPage');
const ExchangeRatesPage = lazyPage(() => import('./ExchangeRatesPage'), 'ExchangeRatesPage');

export const settingsRoutes: FeatureRoutes = {
  staff: [
    { path: '/admin/settings', element: <SettingsPage /> },
    { path: '/admin/settings/accounting', element: <AccountingSettingsPage /> },
    { path: '/admin/settings/exchange-rates', element: <ExchangeRatesPage /> },
  ],
};
