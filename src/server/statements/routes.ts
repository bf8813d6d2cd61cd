import { statementsContract as api } from '../../domain/reports/contract';
import { payStubContract } from '../../domain/reports/pay-stub-contract';
import type { AppContext } from '../context';
import { sendBoundedList } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { sendFile } from '../reports/send-file';
import { readSiteConfig } from '../site/routes';
import { payStub } from './pay-stub';
import { listStatements, statementPdf, statementTrend } from './statements';

/**
 * Monthly statements: the PDF of an approved distribution (api_token in the query accepted so the
 * browser can open it), a user's list of statements and the donations-over-time series.
 */
export function statementRoutes(ctx: AppContext): AnyRoute[] {
  const site = readSiteConfig();
  return [
    route(api.statementPdf, {
      access: 'user',
      queryToken: true,
      handler: async (request, reply) => {
        const file = await statementPdf(ctx.db, request.user, request.params.id, site, ctx.clock.now());
        return sendFile(reply, { ...file, type: 'pdf', inline: !request.query.download });
      },
    }),
    route(payStubContract.payStub, {
      access: 'user',
      handler: async (request) => payStub(ctx.db, request.user, request.params.id, site),
    }),
    route(api.listStatements, {
      access: 'user',
      handler: async (request, reply) =>
        sendBoundedList(reply, await listStatements(ctx.db, request.user, request.query.user_id)),
    }),
    route(api.statementTrend, {
      access: 'user',
      handler: async (request) => statementTrend(ctx.db, request.user, request.query.user_id),
    }),
  ];
}
