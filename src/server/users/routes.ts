import { z } from 'zod';
import { idField, optionalEnum } from '../../domain/fields';
import { ADMIN, STAFF } from '../../domain/roles';
import { createUserSchema, USER_ROLES, updateUserSchema } from '../../domain/users/schemas';
import type { AppContext } from '../context';
import { parseListQuery } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { mailLinkBase } from '../mail/links';
import { deleteUser, restoreUser } from './archive-user';
import { createUser } from './create-user';
import { getUser } from './get-user';
import { listUsers, paginateUsers, searchUsers, USER_SORTS } from './list-users';
import { updateUser } from './update-user';

const idParams = z.object({ id: idField('User id') });
const roleFilter = z.object({ role: optionalEnum('Role', USER_ROLES), q: z.string().optional() });
const trashedFilter = z.object({
  trashed: z.preprocess((v) => v === '1' || v === 'true' || v === 1, z.boolean()),
  role: optionalEnum('Role', USER_ROLES),
});

export function userRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: '/user',
      access: ADMIN,
      handler: async (request, reply) => {
        const input = parse(createUserSchema, request.body);
        reply.code(201);
        return createUser(ctx, request.user.id, input, mailLinkBase(ctx.config, request.raw, input.baseUrl));
      },
    }),
    route({
      method: 'GET',
      url: '/user',
      access: STAFF,
      handler: async (request) => {
        const filter = parse(roleFilter, request.query);
        return listUsers(ctx.db, { archived: false, role: filter.role, q: filter.q?.trim().toLowerCase() });
      },
    }),
    route({
      method: 'GET',
      url: '/user/archived',
      access: STAFF,
      handler: async () => listUsers(ctx.db, { archived: true }),
    }),
    route({
      method: 'GET',
      url: '/paginated_user',
      access: STAFF,
      handler: async (request) => {
        const query = parseListQuery(request.query, USER_SORTS, { limit: 10 });
        const filter = parse(trashedFilter, request.query);
        return paginateUsers(ctx.db, query, { archived: filter.trashed, role: filter.role });
      },
    }),
    route({
      method: 'GET',
      url: '/search_user',
      access: STAFF,
      handler: async (request) => {
        const filter = parse(
          z.object({ q: z.string().default(''), role: optionalEnum('Role', USER_ROLES) }),
          request.query,
        );
        return searchUsers(ctx.db, filter.q, filter.role ?? 'missionary');
      },
    }),
    route({
      method: 'GET',
      url: '/user/:id',
      access: 'user',
      handler: async (request) => getUser(ctx.db, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'POST',
      url: '/user/:id',
      access: ADMIN,
      handler: async (request) => {
        const { id } = parse(idParams, request.params);
        return updateUser(ctx, request.user, id, parse(updateUserSchema, request.body));
      },
    }),
    route({
      method: 'PATCH',
      url: '/user/:id',
      access: ADMIN,
      handler: async (request) => {
        const { id } = parse(idParams, request.params);
        return updateUser(ctx, request.user, id, parse(updateUserSchema, request.body));
      },
    }),
    route({
      method: 'DELETE',
      url: '/user/:id',
      access: ADMIN,
      handler: async (request) => deleteUser(ctx, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'POST',
      url: '/user/:id/restore',
      access: ADMIN,
      handler: async (request) => restoreUser(ctx, request.user, parse(idParams, request.params).id),
    }),
  ];
}
