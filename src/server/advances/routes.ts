import { advancesContract as api } from '../../domain/advances/contract';
import { AppError } from '../../domain/errors';
import { ADMIN, isStaff, MISSIONARY, STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { listQueryOf, sendBoundedList } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { advanceFor } from './access';
import { archiveAdvance, createAdvance, deleteAdvance, processAdvance } from './advances';
import { findAdvance, listAdvances, paginateAdvances, scopeToViewer } from './list-advances';

export function advanceRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.listAdvances, {
      access: STAFF,
      handler: async (_request, reply) => sendBoundedList(reply, await listAdvances(ctx.db, {})),
    }),
    route(api.listUserAdvances, {
      access: 'user',
      serviceDenies: MISSIONARY, // only their own user id
      handler: async (request, reply) => {
        const { userId } = request.params;
        if (!isStaff(request.user.role) && request.user.id !== userId) throw AppError.forbidden();
        return sendBoundedList(reply, await listAdvances(ctx.db, { userId }));
      },
    }),
    route(api.paginateAdvances, {
      access: 'user',
      handler: async ({ user, query }) =>
        paginateAdvances(ctx.db, listQueryOf(query), {
          status: query.status,
          archived: query.archived,
          userId: scopeToViewer(user, query.user_id),
        }),
    }),
    route(api.getAdvance, {
      access: 'user',
      handler: async (request) => {
        await advanceFor(ctx.db, request.params.id, 'view', request.user);
        return findAdvance(ctx.db, request.params.id);
      },
    }),
    route(api.createAdvance, {
      idempotency: 'route',
      access: MISSIONARY,
      handler: async (request) => createAdvance(ctx, request.user, request.body),
    }),
    route(api.processAdvance, {
      access: ADMIN,
      handler: async (request) => processAdvance(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteAdvance, {
      access: 'user',
      handler: async (request) => deleteAdvance(ctx, request.user, request.params.id),
    }),
    route(api.archiveAdvance, {
      access: ADMIN,
      handler: async (request) => archiveAdvance(ctx, request.user, request.params.id),
    }),
  ];
}
