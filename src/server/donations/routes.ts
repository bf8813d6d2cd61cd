import { z } from 'zod';
import { approveDonationSchema, donationUploadSchema, updateDonationSchema } from '../../domain/donations/schemas';
import { AppError, type FieldErrors } from '../../domain/errors';
import { idField, optionalId } from '../../domain/fields';
import { MESSAGES } from '../../domain/messages';
import { ADMIN, STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { parseListQuery } from '../http/pagination';
import { type AnyRoute, isUploadedFile, route, type UploadedFile } from '../http/routes';
import { fieldErrorsOf, parse } from '../http/validate';
import {
  approveDonation,
  DONATION_SORTS,
  deleteDonation,
  getDonation,
  listDonations,
  listUploadNames,
  paginateDonations,
  updateDonation,
} from './donations';
import { ImportRefused, importDonationFile, importResponse, previewDonationFile } from './import-donations';
import { FILE_FIELD } from './read-file';

const idParams = z.object({ id: idField('Donation id') });
const listFilter = z.object({
  user_id: optionalId('Missionary'),
  upload_name: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z.string().optional(),
  ),
  hold_account_id: optionalId('Hold account'),
});

/** Upload name and file together, so a form missing both shows both messages at once. */
function parseUpload(body: Record<string, unknown>, query: Record<string, unknown>) {
  const fields = donationUploadSchema.safeParse({
    upload_name: body.upload_name,
    preview: body.preview ?? query.preview,
  });
  const errors: FieldErrors = fields.success ? {} : fieldErrorsOf(fields.error);
  const candidate = body[FILE_FIELD] ?? body.file;
  const file = isUploadedFile(candidate) && candidate.filename !== '' ? candidate : null;
  if (!file) errors[FILE_FIELD] = [MESSAGES.noFileChosen];
  if (!fields.success || !file) throw AppError.validation(errors);
  return { uploadName: fields.data.upload_name, preview: fields.data.preview, file: file as UploadedFile };
}

export function donationRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({
      method: 'POST',
      url: '/donation/denari-upload',
      access: ADMIN,
      handler: async (request, reply) => {
        const input = parseUpload(request.body, request.query);
        if (input.preview) return previewDonationFile(ctx, input);
        try {
          const result = await importDonationFile(ctx, request.user, input);
          reply.code(201);
          return importResponse(ctx.db, result);
        } catch (error) {
          if (error instanceof ImportRefused) {
            reply.code(422);
            return error.body(input.file.filename, input.uploadName);
          }
          throw error;
        }
      },
    }),
    route({
      method: 'GET',
      url: '/donation',
      access: 'user',
      handler: async (request) => {
        const filter = parse(listFilter, request.query);
        return listDonations(ctx.db, request.user, {
          userId: filter.user_id,
          uploadName: filter.upload_name,
          holdAccountId: filter.hold_account_id,
        });
      },
    }),
    route({
      method: 'GET',
      url: '/paginated_donation',
      access: 'user',
      handler: async (request) => {
        const query = parseListQuery(request.query, DONATION_SORTS, { limit: 100 });
        const filter = parse(listFilter, request.query);
        return paginateDonations(ctx.db, request.user, query, {
          userId: filter.user_id,
          uploadName: filter.upload_name,
          holdAccountId: filter.hold_account_id,
        });
      },
    }),
    route({
      method: 'GET',
      url: '/donation/upload-names',
      access: STAFF,
      handler: async () => listUploadNames(ctx.db),
    }),
    route({
      method: 'GET',
      url: '/donation/:id',
      access: 'user',
      handler: async (request) => getDonation(ctx.db, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'PATCH',
      url: '/donation/:id',
      access: ADMIN,
      handler: async (request) => {
        const { id } = parse(idParams, request.params);
        return updateDonation(ctx, request.user, id, parse(updateDonationSchema, request.body));
      },
    }),
    route({
      method: 'DELETE',
      url: '/donation/:id',
      access: ADMIN,
      handler: async (request) => deleteDonation(ctx, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'PATCH',
      url: '/donation/:id/approve',
      access: ADMIN,
      handler: async (request) => {
        const { id } = parse(idParams, request.params);
        return approveDonation(ctx, request.user, id, parse(approveDonationSchema, request.body).approved);
      },
    }),
  ];
}
