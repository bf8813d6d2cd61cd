import type { RouteObject } from 'react-router';
import { MISSIONARY, STAFF } from '../domain/roles';
import { lazyPage } from './components/lazy-page';
import { accountRoutes } from './pages/account/routes';
import { LoginPage } from './pages/auth/LoginPage';
import { distributionRoutes } from './pages/distributions/routes';
import { donationRoutes } from './pages/donations/routes';
import { expenseRoutes } from './pages/expenses/routes';
import { HomePage } from './pages/HomePage';
import { holdAccountRoutes } from './pages/hold-accounts/routes';
import { notificationRoutes } from './pages/notifications/routes';
import { paymentRoutes } from './pages/payments/routes';
import { missionaryProfileRoutes } from './pages/profile/routes';
import { reportRoutes } from './pages/reports/routes';
import { settingsRoutes } from './pages/settings/routes';
import { supportRoutes } from './pages/support/routes';
import { userRoutes } from './pages/users/routes';
import { yearEndRoutes } from './pages/year-end/routes';
import { AppShell } from './shell/AppShell';
import { Guard } from './shell/guards';

const ForgotPasswordPage = lazyPage(() => import('./pages/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('./pages/auth/ResetPasswordPage'), 'ResetPasswordPage');
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/**
 * The route table of docs/product.md §2.1. Each feature exports its routes per group; the four page shells
 * are the one AppShell behind the guard of its group.
 */
export interface FeatureRoutes {
  public?: RouteObject[];
  missionary?: RouteObject[];
  user?: RouteObject[];
  staff?: RouteObject[];
}

const features: FeatureRoutes[] = [
  accountRoutes,
  notificationRoutes,
  userRoutes,
  settingsRoutes,
  missionaryProfileRoutes,
  expenseRoutes,
  donationRoutes,
  holdAccountRoutes,
  distributionRoutes,
  reportRoutes,
  supportRoutes,
  yearEndRoutes,
  // Last: its chunks' names join the end of the preload list instead of renumbering everyone's.
  paymentRoutes,
];

const group = (key: keyof FeatureRoutes) => features.flatMap((feature) => feature[key] ?? []);

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      ...group('public'),
      { element: <Guard roles={MISSIONARY} />, children: group('missionary') },
      { element: <Guard />, children: group('user') },
      { element: <Guard roles={STAFF} />, children: group('staff') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
