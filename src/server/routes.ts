import { accountablePlanRoutes } from './accountable-plan/routes';
import { advanceRoutes } from './advances/routes';
import { authRoutes } from './auth/routes';
import { categoryRoutes } from './categories/routes';
import type { AppContext } from './context';
import { distributionRoutes } from './distributions/routes';
import { donationRoutes } from './donations/routes';
import { undistributedRoutes } from './donations/undistributed';
import { exchangeRateRoutes } from './exchange-rates/routes';
import { expenseReportRoutes } from './expense-reports/routes';
import { healthRoutes } from './health/routes';
import { holdAccountRoutes } from './hold-accounts/routes';
import type { AnyRoute } from './http/routes';
import { journalPresetRoutes } from './journal-presets/routes';
import { ledgerRoutes } from './ledger/routes';
import { notificationRoutes } from './notifications/routes';
import { paymentRoutes } from './payments/routes';
import { progressRoutes } from './progress/routes';
import { reportRoutes } from './reports/routes';
import { passkeyRoutes } from './second-factor/passkey-routes';
import { secondFactorRoutes } from './second-factor/routes';
import { settingsRoutes } from './settings/routes';
import { setupRoutes } from './setup/routes';
import { statementRoutes } from './statements/routes';
import { supportRoutes } from './support/routes';
import { userRoutes } from './users/routes';
import { yearEndRoutes } from './year-end/routes';

/** Every API route of the product, one line per resource. */
export function apiRoutes(ctx: AppContext): AnyRoute[] {
  return [
    ...healthRoutes(ctx),
    ...authRoutes(ctx),
    ...secondFactorRoutes(ctx),
    ...passkeyRoutes(ctx),
    ...userRoutes(ctx),
    ...settingsRoutes(ctx),
    ...categoryRoutes(ctx),
    ...undistributedRoutes(ctx),
    ...donationRoutes(ctx),
    ...holdAccountRoutes(ctx),
    ...expenseReportRoutes(ctx),
    ...exchangeRateRoutes(ctx),
    ...advanceRoutes(ctx),
    ...distributionRoutes(ctx),
    ...reportRoutes(ctx),
    ...journalPresetRoutes(ctx),
    ...statementRoutes(ctx),
    ...supportRoutes(ctx),
    ...notificationRoutes(ctx),
    ...progressRoutes(ctx),
    ...setupRoutes(ctx),
    ...ledgerRoutes(ctx),
    ...accountablePlanRoutes(ctx),
    ...paymentRoutes(ctx),
    ...yearEndRoutes(ctx),
  ];
}
