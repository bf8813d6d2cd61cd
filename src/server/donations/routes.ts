import { donationsContract as api } from '../../domain/donations/contract';
import { ADMIN, STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { listQueryOf, sendBoundedList } from '../http/pagination';
import { type AnyRoute, isUploadedFile, route } from '../http/routes';
import { sendFile } from '../reports/send-file';
import { readSiteConfig } from '../site/routes';
import { deleteMapping, listMappings, saveMapping } from './column-mappings';
import {
  approveDonation,
  deleteDonation,
  getDonation,
  listDonations,
  listUploadNames,
  paginateDonations,
  updateDonation,
} from './donations';
import { ImportRefused, importDonationFile, importResponse, previewDonationFile } from './import-donations';
import { importTemplate } from './import-template';
import { listUploadMissionaryTotals } from './upload-totals';

export function donationRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.importDonations, {
      idempotency: 'route',
      access: ADMIN,
      handler: async (request, reply) => {
        const { upload_name, denari } = request.body;
        // The contract checked the file is there; this narrows its type for the import.
        if (!isUploadedFile(denari)) throw new Error('the contract lets only files through');
        const input = {
          uploadName: upload_name,
          preview: request.body.preview || request.query.preview,
          file: denari,
          columns: request.body.columns,
          amountColumn: request.body.amount_column,
          month: request.body.month,
          progressId: request.body.progress_id,
        };
        if (input.preview) return previewDonationFile(ctx, input);
        try {
          const result = await importDonationFile(ctx, request.user, input);
          reply.code(201);
          return importResponse(result);
        } catch (error) {
          if (error instanceof ImportRefused) {
            reply.code(422);
            return error.body(input.file.filename, input.uploadName);
          }
          throw error;
        }
      },
    }),
    route(api.listUploadMissionaryTotals, {
      access: STAFF,
      handler: async ({ params, query }) => listUploadMissionaryTotals(ctx.db, params.id, listQueryOf(query)),
    }),
    route(api.importTemplate, {
      access: ADMIN,
      queryToken: true,
      handler: async (request, reply) =>
        sendFile(
          reply,
          await importTemplate(request.query.format, { creator: readSiteConfig().title, now: ctx.clock.now() }),
        ),
    }),
    route(api.listColumnMappings, {
      access: ADMIN,
      handler: async (_request, reply) => sendBoundedList(reply, await listMappings(ctx.db)),
    }),
    route(api.saveColumnMapping, {
      access: ADMIN,
      handler: async (request) => saveMapping(ctx, request.user, request.body),
    }),
    route(api.deleteColumnMapping, {
      access: ADMIN,
      handler: async (request) => deleteMapping(ctx, request.user, request.params.id),
    }),
    route(api.listDonations, {
      access: 'user',
      handler: async ({ user, query }, reply) =>
        sendBoundedList(
          reply,
          await listDonations(ctx.db, user, {
            userId: query.user_id,
            uploadName: query.upload_name,
            holdAccountId: query.hold_account_id,
          }),
        ),
    }),
    route(api.paginateDonations, {
      access: 'user',
      handler: async ({ user, query }) =>
        paginateDonations(ctx.db, user, listQueryOf(query), {
          userId: query.user_id,
          uploadName: query.upload_name,
          holdAccountId: query.hold_account_id,
        }),
    }),
    route(api.listUploadNames, {
      access: STAFF,
      handler: async (_request, reply) => sendBoundedList(reply, await listUploadNames(ctx.db)),
    }),
    route(api.getDonation, {
      access: 'user',
      handler: async (request) => getDonation(ctx.db, request.user, request.params.id),
    }),
    route(api.updateDonation, {
      access: ADMIN,
      handler: async (request) => updateDonation(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteDonation, {
      access: ADMIN,
      handler: async (request) => deleteDonation(ctx, request.user, request.params.id),
    }),
    route(api.approveDonation, {
      access: ADMIN,
      handler: async (request) => approveDonation(ctx, request.user, request.params.id, request.body.approved),
    }),
  ];
}
