import { ADMIN } from '../../domain/roles';
import { updateSettingsSchema } from '../../domain/settings/settings';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { recordAudit } from '../journal/journal';
import { listSettings, updateSettings } from './settings';

export function settingsRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({ method: 'GET', url: '/settings', access: 'user', handler: async () => listSettings(ctx.db) }),
    route({
      method: 'PATCH',
      url: '/settings',
      access: ADMIN,
      handler: async (request) => {
        const values = parse(updateSettingsSchema, request.body);
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
