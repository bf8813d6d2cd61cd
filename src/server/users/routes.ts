import { ADMIN, MISSIONARY, STAFF } from '../../domain/roles';
import { usersContract as api } from '../../domain/users/contract';
import type { AppContext } from '../context';
import { listQueryOf, sendBoundedList } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { deleteUser, restoreUser } from './archive-user';
import { createUser } from './create-user';
import { getUser } from './get-user';
import { listUsers, paginateUsers, searchUsers } from './list-users';
import { updateUser } from './update-user';

export function userRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.createUser, {
      idempotency: 'route',
      access: ADMIN,
      handler: async (request) => createUser(ctx, request.user.id, request.body),
    }),
    route(api.listUsers, {
      access: STAFF,
      handler: async ({ query }, reply) =>
        sendBoundedList(
          reply,
          await listUsers(ctx.db, { archived: false, role: query.role, q: query.q?.trim().toLowerCase() }),
        ),
    }),
    route(api.listArchivedUsers, {
      access: STAFF,
      handler: async (_request, reply) => sendBoundedList(reply, await listUsers(ctx.db, { archived: true })),
    }),
    route(api.paginateUsers, {
      access: STAFF,
      handler: async ({ query }) =>
        paginateUsers(ctx.db, listQueryOf(query), { archived: query.trashed, role: query.role }),
    }),
    route(api.searchUsers, {
      access: STAFF,
      handler: async ({ query }) => searchUsers(ctx.db, query.q, query.role ?? 'missionary'),
    }),
    route(api.getUser, {
      access: 'user',
      serviceDenies: MISSIONARY, // only their own user id
      handler: async (request) => getUser(ctx, request.user, request.params.id),
    }),
    route(api.updateUserPost, {
      access: ADMIN,
      handler: async (request) => updateUser(ctx, request.user, request.params.id, request.body),
    }),
    route(api.updateUser, {
      access: ADMIN,
      handler: async (request) => updateUser(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteUser, {
      access: ADMIN,
      handler: async (request) => deleteUser(ctx, request.user, request.params.id),
    }),
    route(api.restoreUser, {
      access: ADMIN,
      handler: async (request) => restoreUser(ctx, request.user, request.params.id),
    }),
  ];
}
