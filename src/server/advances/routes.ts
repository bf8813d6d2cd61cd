import { z } from 'zod';
import { advanceRequestSchema, advanceStatusFilter, processAdvanceSchema } from '../../domain/advances/schemas';
import { AppError } from '../../domain/errors';
import { requiredId } from '../../domain/expense-reports/schemas';
import { optionalId } from '../../domain/fields';
import { ADMIN, isStaff, MISSIONARY, STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { parseListQuery } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { advanceFor } from './access';
import { archiveAdvance, createAdvance, deleteAdvance, processAdvance } from './advances';
import { ADVANCE_SORTS, findAdvance, listAdvances, paginateAdvances, scopeToViewer } from './list-advances';

const advanceId = z.object({ id: requiredId('Advance request id') });

const listFilter = z.object({
  status: advanceStatusFilter,
  user_id: optionalId('User'),
  archived: z.preprocess(
    (value) => (value === undefined || value === '' ? undefined : String(value)),
    z
      .enum(['0', '1', 'true', 'false'], { error: 'Archived must be 0 or 1.' })
      .transform((value) => value === '1' || value === 'true')
      .optional(),
  ),
});

export function advanceRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/advance-request',
      access: STAFF,
      handler: async () => listAdvances(ctx.db, {}),
    }),
    route({
      method: 'GET',
      url: '/advance-request/user/:userId',
      access: 'user',
      handler: async (request) => {
        const { userId } = parse(z.object({ userId: requiredId('User id') }), request.params);
        if (!isStaff(request.user.role) && request.user.id !== userId) throw AppError.forbidden();
        return listAdvances(ctx.db, { userId });
      },
    }),
    route({
      method: 'GET',
      url: '/paginated_advance_request',
      access: 'user',
      handler: async (request) => {
        const query = parseListQuery(request.query, ADVANCE_SORTS, { limit: 10 });
        const filter = parse(listFilter, request.query);
        return paginateAdvances(ctx.db, query, {
          status: filter.status,
          archived: filter.archived,
          userId: scopeToViewer(request.user, filter.user_id),
        });
      },
    }),
    route({
      method: 'GET',
      url: '/advance-request/:id',
      access: 'user',
      handler: async (request) => {
        const { id } = parse(advanceId, request.params);
        await advanceFor(ctx.db, id, 'view', request.user);
        return findAdvance(ctx.db, id);
      },
    }),
    route({
      method: 'POST',
      url: '/advance-request',
      access: MISSIONARY,
      handler: async (request, reply) => {
        const input = parse(advanceRequestSchema, request.body);
        reply.code(201);
        return createAdvance(ctx, request.user, input);
      },
    }),
    route({
      method: 'PATCH',
      url: '/advance-request/:id',
      access: ADMIN,
      handler: async (request) =>
        processAdvance(
          ctx,
          request.user,
          parse(advanceId, request.params).id,
          parse(processAdvanceSchema, request.body),
        ),
    }),
    route({
      method: 'DELETE',
      url: '/advance-request/:id',
      access: 'user',
      handler: async (request) => deleteAdvance(ctx, request.user, parse(advanceId, request.params).id),
    }),
    route({
      method: 'DELETE',
      url: '/advance-request/closed/:id',
      access: ADMIN,
      handler: async (request) => archiveAdvance(ctx, request.user, parse(advanceId, request.params).id),
    }),
  ];
}
