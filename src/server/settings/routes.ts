import { ADMIN } from '../../domain/roles';
import { settingsContract as api } from '../../domain/settings/contract';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { recordAudit } from '../journal/journal';
import { listSettings, updateSettings } from './settings';

export function settingsRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.listSettings, { access: 'user', handler: async () => listSettings(ctx.db) }),
    route(api.updateSettings, {
      access: ADMIN,
      handler: async (request) => {
        const values = request.body;
        await ctx.db.transaction(async (tx) => {
          await updateSettings(tx, values, ctx.clock.now());
          await recordAudit(tx, {
            actorId: request.user.id,
            action: 'update',
            entityType: 'settings',
            details: values,
          });
        });
        return listSettings(ctx.db);
      },
    }),
  ];
}
