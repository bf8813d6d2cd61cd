import { paymentsContract as api } from '../../domain/payments/contract';
import { ADMIN, STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import { sessionTokenOf } from '../second-factor/freshness';
import { getBankDetails, saveOwnBankDetails } from './bank-details';
import { createBatch } from './create-batch';
import { sendBatchFile } from './files';
import { clearBatchLine, deleteBatch, leaveOutLine } from './lines';
import { loadPaymentSettings, updatePaymentSettings } from './payment-settings';
import { listBatches, readBatch } from './read-batch';
import { releaseBatch } from './release';
import { recordReturn } from './returns';

export function paymentRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.getBankDetails, {
      access: 'user',
      serviceDenies: ['missionary'], // only their own user id
      handler: async (request) => getBankDetails(ctx, request.user, request.params.id),
    }),
    route(api.saveBankDetails, {
      access: 'user',
      serviceDenies: ['missionary', 'employee'], // only their own user id; an admin for anyone
      handler: async (request) => saveOwnBankDetails(ctx, request.user, request.params.id, request.body),
    }),
    route(api.getPaymentSettings, { access: ADMIN, handler: async () => loadPaymentSettings(ctx.db) }),
    route(api.updatePaymentSettings, {
      access: ADMIN,
      handler: async (request) => updatePaymentSettings(ctx, request.user, request.body),
    }),
    route(api.createBatch, {
      access: ADMIN,
      idempotency: 'route',
      handler: async (request) => createBatch(ctx, request.user, request.body),
    }),
    route(api.listBatches, {
      access: STAFF,
      handler: async ({ query }) => listBatches(ctx.db, listQueryOf(query)),
    }),
    route(api.getBatch, {
      access: STAFF,
      handler: async (request) => readBatch(ctx.db, request.params.id),
    }),
    route(api.deleteBatch, {
      access: ADMIN,
      handler: async (request) => deleteBatch(ctx, request.user, request.params.id),
    }),
    route(api.clearLine, {
      access: ADMIN,
      handler: async (request) => clearBatchLine(ctx, request.user, request.params.id, request.params.line_id),
    }),
    route(api.leaveOutLine, {
      access: ADMIN,
      handler: async (request) => leaveOutLine(ctx, request.user, request.params.id, request.params.line_id),
    }),
    route(api.releaseBatch, {
      access: ADMIN,
      handler: async (request) =>
        releaseBatch(ctx, request.user, sessionTokenOf(request.raw.headers), request.params.id),
    }),
    route(api.nachaFile, {
      access: ADMIN,
      queryToken: true,
      handler: async (request, reply) => sendBatchFile(ctx, request.user, request.params.id, 'nacha', reply),
    }),
    route(api.painFile, {
      access: ADMIN,
      queryToken: true,
      handler: async (request, reply) => sendBatchFile(ctx, request.user, request.params.id, 'pain001', reply),
    }),
    route(api.checkRegister, {
      access: ADMIN,
      queryToken: true,
      handler: async (request, reply) => sendBatchFile(ctx, request.user, request.params.id, 'checks', reply),
    }),
    route(api.recordReturn, {
      access: ADMIN,
      idempotency: 'route',
      handler: async (request) => recordReturn(ctx, request.user, request.params.id, request.body),
    }),
  ];
}
