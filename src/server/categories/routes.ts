import { categoriesContract as api } from '../../domain/categories/contract';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { createCategory, deleteCategory, listCategories, updateCategory } from './categories';

export function categoryRoutes(ctx: AppContext): AnyRoute[] {
  const update = (contract: typeof api.updateCategory | typeof api.updateCategoryResource) =>
    route(contract, {
      access: ADMIN,
      handler: async (request) =>
        updateCategory(ctx.db, request.user.id, request.params.id, request.body, ctx.clock.now()),
    });
  return [
    route(api.listCategories, { access: 'user', handler: async () => listCategories(ctx.db) }),
    route(api.createCategory, {
      idempotency: 'route',
      access: ADMIN,
      handler: async (request) => createCategory(ctx.db, request.user.id, request.body),
    }),
    update(api.updateCategory),
    update(api.updateCategoryResource),
    route(api.deleteCategory, {
      access: ADMIN,
      handler: async (request) => deleteCategory(ctx.db, request.user.id, request.params.id),
    }),
  ];
}
