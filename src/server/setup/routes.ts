import { ADMIN, STAFF } from '../../domain/roles';
import { setupContract as api } from '../../domain/setup/contract';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { addDefaultCategories, getSetupChecklist } from './checklist';

/** The admin dashboard's setup checklist and its "Add default categories" offer. */
export function setupRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.getSetupChecklist, { access: STAFF, handler: async () => getSetupChecklist(ctx.db) }),
    route(api.addDefaultCategories, {
      access: ADMIN,
      handler: async (request) => addDefaultCategories(ctx.db, request.user.id),
    }),
  ];
}
