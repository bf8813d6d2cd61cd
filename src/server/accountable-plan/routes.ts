import { accountablePlanContract as api } from '../../domain/accountable-plan/contract';
import { isoDateOf } from '../../domain/dates';
import { AppError } from '../../domain/errors';
import { isStaff, ROLES } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { readAccountableFlags } from './read-flags';

/** GET /accountable-plan: the flags card of the staff dashboards and of a missionary's own dashboard. */
export function accountablePlanRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.accountablePlan, {
      access: ROLES, // every role but none: staff see all, a missionary their own
      handler: async ({ user, query }) => {
        if (!isStaff(user.role) && query.user_id !== undefined && query.user_id !== user.id) {
          throw AppError.forbidden();
        }
        const userId = isStaff(user.role) ? query.user_id : user.id;
        const today = isoDateOf(ctx.clock.now());
        return { as_of: today, flags: await readAccountableFlags(ctx.db, today, userId) };
      },
    }),
  ];
}
