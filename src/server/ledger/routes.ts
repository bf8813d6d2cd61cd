import { ledgerHolds } from '../../domain/ledger/check';
import { ledgerContract as api } from '../../domain/ledger/contract';
import { toDollars } from '../../domain/money';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { checkLiveLedger } from './read-ledger';

const SHOWN = 100;

/** GET /ledger-check (admin): the "Ledger check" card of the admin dashboard; `npm run check:ledger` runs the same. */
export function ledgerRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.ledgerCheck, {
      access: ADMIN,
      handler: async () => {
        const result = await checkLiveLedger(ctx.db);
        const t = result.totals;
        return {
          holds: ledgerHolds(result),
          checks: result.checks,
          violations: result.violations.slice(0, SHOWN),
          violation_count: result.violations.length,
          totals: {
            money: toDollars(t.money),
            openings: toDollars(t.openings),
            donations: toDollars(t.donations),
            paid_out: toDollars(t.paidOut),
          },
        };
      },
    }),
  ];
}
