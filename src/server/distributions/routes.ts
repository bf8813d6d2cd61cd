import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { parseListQuery } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { batchApprove } from './approve';
import { batchDistributions } from './batch';
import {
  DISTRIBUTION_SORTS,
  distributionContext,
  distributionFilterSchema,
  getDistribution,
  idParams,
  listDistributions,
  paginateDistributions,
} from './read';
import { createDistribution, deleteDistribution, updateDistribution } from './save';

/**
 * SPEC.md §7 distribution calls, plus GET /distribution-context (the form's preview data). Admins
 * create, edit, delete and approve; staff read everything; a missionary reads only their own approved
 * distributions (checked in the services).
 */
export function distributionRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/distribution-context',
      access: 'user',
      handler: async (request) => distributionContext(ctx.db, request.user, request.query),
    }),
    route({
      method: 'GET',
      url: '/distribution',
      access: 'user',
      handler: async (request) =>
        listDistributions(ctx.db, request.user, parse(distributionFilterSchema, request.query)),
    }),
    route({
      method: 'GET',
      url: '/paginated_distribution',
      access: 'user',
      handler: async (request) => {
        const query = parseListQuery(request.query, DISTRIBUTION_SORTS, { limit: 100 });
        return paginateDistributions(ctx.db, request.user, query, parse(distributionFilterSchema, request.query));
      },
    }),
    route({
      method: 'GET',
      url: '/distribution/:id',
      access: 'user',
      handler: async (request) => getDistribution(ctx.db, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'POST',
      url: '/distribution',
      access: ADMIN,
      handler: async (request, reply) => {
        const created = await createDistribution(ctx, request.user, request.body);
        reply.code(201);
        return created;
      },
    }),
    route({
      method: 'PATCH',
      url: '/distribution/:id',
      access: ADMIN,
      handler: async (request) =>
        updateDistribution(ctx, request.user, parse(idParams, request.params).id, request.body),
    }),
    route({
      method: 'DELETE',
      url: '/distribution/:id',
      access: ADMIN,
      handler: async (request) => deleteDistribution(ctx, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'POST',
      url: '/batch-approve',
      access: ADMIN,
      handler: async (request, reply) => {
        const result = await batchApprove(ctx, request.user, request.body);
        reply.code(result.status);
        return result.body;
      },
    }),
    route({
      method: 'POST',
      url: '/batch-distributions',
      access: ADMIN,
      handler: async (request, reply) => {
        const result = await batchDistributions(ctx, request.user, request.body);
        reply.code(201);
        return result;
      },
    }),
  ];
}
