import { z } from 'zod';
import { categorySchema } from '../../domain/categories/schemas';
import { idField } from '../../domain/fields';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';

const idParams = z.object({ id: idField('Category id') });

export function categoryRoutes(ctx: AppContext): AnyRoute[] {
  const update = route({
    method: 'PATCH',
    url: '/categories/:id/update',
    access: ADMIN,
    handler: async (request) =>
      updateCategory(
        ctx.db,
        request.user.id,
        parse(idParams, request.params).id,
        parse(categorySchema, request.body),
        ctx.clock.now(),
      ),
  });
  return [
    route({ method: 'GET', url: '/categories', access: 'user', handler: async () => listCategories(ctx.db) }),
    route({
      method: 'POST',
      url: '/categories',
      access: ADMIN,
      handler: async (request, reply) => {
        const input = parse(categorySchema, request.body);
        reply.code(201);
        return createCategory(ctx.db, request.user.id, input);
      },
    }),
    update,
    // The same update under /categories/{id}, for clients that PATCH the resource itself.
    { ...update, url: '/categories/:id' },
    route({
      method: 'DELETE',
      url: '/categories/:id',
      access: ADMIN,
      handler: async (request) => deleteCategory(ctx.db, request.user.id, parse(idParams, request.params).id),
    }),
  ];
}
