import { distributionsContract as api } from '../../domain/distributions/contract';
import { reversalContract } from '../../domain/distributions/reversal-contract';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { listQueryOf, sendBoundedList } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { queueDistributionMails } from '../notifications/distribution-mails';
import { sessionTokenOf } from '../second-factor/freshness';
import { batchDistributions } from './batch';
import { batchApprove } from './batch-approve';
import { distributionContext, getDistribution, listDistributions, paginateDistributions } from './read';
import { reversalPreview, reverseDistribution } from './reverse';
import { createDistribution, deleteDistribution, updateDistribution } from './save';

/**
 * docs/product.md §7 distribution calls, plus GET /distribution-context (the form's preview data). Admins
 * create, edit, delete and approve; staff read everything; a missionary reads only their own approved
 * distributions (checked in the services).
 */
export function distributionRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.distributionContext, {
      access: 'user',
      // The service tells an absent donation_upload_name (keep the saved one) from a blank one (none).
      rawInput: ['query'],
      handler: async (request) => distributionContext(ctx.db, request.user, request.query),
    }),
    route(api.listDistributions, {
      access: 'user',
      handler: async (request, reply) =>
        sendBoundedList(reply, await listDistributions(ctx.db, request.user, request.query)),
    }),
    route(api.paginateDistributions, {
      access: 'user',
      handler: async ({ user, query }) => paginateDistributions(ctx.db, user, listQueryOf(query), query),
    }),
    route(api.getDistribution, {
      access: 'user',
      handler: async (request) => getDistribution(ctx.db, request.user, request.params.id),
    }),
    route(api.createDistribution, {
      idempotency: 'route',
      access: ADMIN,
      handler: async (request) => createDistribution(ctx, request.user, request.body),
    }),
    route(api.updateDistribution, {
      access: ADMIN,
      handler: async (request) => updateDistribution(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteDistribution, {
      access: ADMIN,
      handler: async (request) => deleteDistribution(ctx, request.user, request.params.id),
    }),
    route(api.batchApprove, {
      access: ADMIN,
      // approve.ts reports a bad list under distribution_ids with its first message (being rewritten).
      rawInput: ['body'],
      handler: async (request, reply) => {
        const result = await batchApprove(ctx, request.user, request.body);
        // Decision 21: each approved missionary gets a mail with the statement (queued, never blocking).
        await queueDistributionMails(ctx, result.body.approved);
        reply.code(result.status);
        return result.body;
      },
    }),
    route(api.batchDistributions, {
      idempotency: 'route',
      access: ADMIN,
      handler: async (request) => batchDistributions(ctx, request.user, request.body),
    }),
    route(reversalContract.reversalPreview, {
      access: ADMIN,
      handler: async (request) =>
        reversalPreview(ctx, request.user, sessionTokenOf(request.raw.headers), request.params.id),
    }),
    route(reversalContract.reverseDistribution, {
      access: ADMIN,
      handler: async (request) =>
        reverseDistribution(
          ctx,
          request.user,
          sessionTokenOf(request.raw.headers),
          request.params.id,
          request.body.reason,
        ),
    }),
  ];
}
