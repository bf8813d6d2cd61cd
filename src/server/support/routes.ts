import { MISSIONARY } from '../../domain/roles';
import { supportContract as api } from '../../domain/support/contract';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { sendFile } from '../reports/send-file';
import { writeCsv } from '../reports/write-csv';
import { getSupport, supportDonorsTable } from './support';

/** My Support (decision 36, docs/decisions.md): a missionary's own page, or any missionary's for staff. */
export function supportRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.getSupport, {
      access: 'user',
      serviceDenies: MISSIONARY, // only their own user id
      handler: async (request) => getSupport(ctx.db, request.user, request.params.id, ctx.clock.now()),
    }),
    route(api.supportDonorsCsv, {
      access: 'user',
      serviceDenies: MISSIONARY,
      queryToken: true,
      handler: async (request, reply) => {
        const { table, filename } = await supportDonorsTable(ctx.db, request.user, request.params.id, ctx.clock.now());
        return sendFile(reply, { content: writeCsv(table), filename, type: 'csv' });
      },
    }),
  ];
}
