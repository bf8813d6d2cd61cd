import { notificationsContract as api } from '../../domain/notifications/contract';
import { ADMIN, STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { getOfficeNotices, updateOfficeNotices } from './office-notices';
import { getOutboxMail, getPreferences, listOutbox, retryOutboxMail, updatePreferences } from './outbox';

export function notificationRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.getNotificationPreferences, {
      access: 'user',
      handler: async (request) => getPreferences(ctx, request.user.id),
    }),
    route(api.updateNotificationPreferences, {
      access: 'user',
      handler: async (request) => updatePreferences(ctx, request.user.id, request.body),
    }),
    route(api.getOfficeNotices, { access: STAFF, handler: async (request) => getOfficeNotices(ctx, request.user) }),
    route(api.updateOfficeNotices, {
      access: STAFF,
      handler: async (request) => updateOfficeNotices(ctx, request.user, request.body),
    }),
    route(api.listOutbox, { access: ADMIN, handler: async (request) => listOutbox(ctx, request.query) }),
    route(api.getOutboxMail, { access: ADMIN, handler: async (request) => getOutboxMail(ctx, request.params.id) }),
    route(api.retryOutboxMail, {
      access: ADMIN,
      handler: async (request) => retryOutboxMail(ctx, request.params.id),
    }),
  ];
}
