import { z } from 'zod';
import { flag01, idField } from '../../domain/fields';
import { statementsQuerySchema } from '../../domain/reports/schemas';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import { sendFile } from '../reports/send-file';
import { readSiteConfig } from '../site/routes';
import { listStatements, statementPdf, statementTrend } from './statements';

const idParams = z.object({ id: idField('Distribution id') });
const pdfQuery = z.object({ download: flag01('Download').optional() });

/**
 * Monthly statements: the PDF of an approved distribution (api_token in the query accepted so the
 * browser can open it), a user's list of statements and the donations-over-time series.
 */
export function statementRoutes(ctx: AppContext): AnyRoute[] {
  const site = readSiteConfig();
  return [
    route({
      method: 'GET',
      url: '/distribution/:id/statement.pdf',
      access: 'user',
      queryToken: true,
      handler: async (request, reply) => {
        const { id } = parse(idParams, request.params);
        const { download } = parse(pdfQuery, request.query);
        const file = await statementPdf(ctx.db, request.user, id, site, ctx.clock.now());
        return sendFile(reply, { ...file, type: 'pdf', inline: !download });
      },
    }),
    route({
      method: 'GET',
      url: '/statements',
      access: 'user',
      handler: async (request) =>
        listStatements(ctx.db, request.user, parse(statementsQuerySchema, request.query).user_id),
    }),
    route({
      method: 'GET',
      url: '/statements/trend',
      access: 'user',
      handler: async (request) =>
        statementTrend(ctx.db, request.user, parse(statementsQuerySchema, request.query).user_id),
    }),
  ];
}
