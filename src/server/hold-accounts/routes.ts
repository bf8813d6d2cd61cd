import { holdAccountsContract as api } from '../../domain/hold-accounts/contract';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { sendBoundedList } from '../http/pagination';
import { type AnyRoute, route } from '../http/routes';
import {
  createHoldAccount,
  deleteHoldAccount,
  getHoldAccount,
  listHoldAccounts,
  toggleArchive,
  updateHoldAccount,
} from './hold-accounts';
import { deleteTransaction, listTransactions, postTransaction } from './transactions';

/** Admin changes everything; staff read all; a missionary reads only their own accounts (docs/product.md §6). */
export function holdAccountRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route(api.listHoldAccounts, {
      access: 'user',
      handler: async ({ user, query }, reply) =>
        sendBoundedList(reply, await listHoldAccounts(ctx.db, user, { status: query.status, userId: query.user_id })),
    }),
    route(api.createHoldAccount, {
      idempotency: 'route',
      access: ADMIN,
      handler: async (request) => createHoldAccount(ctx, request.user, request.body),
    }),
    route(api.getHoldAccount, {
      access: 'user',
      handler: async (request) => getHoldAccount(ctx.db, request.user, request.params.id),
    }),
    route(api.updateHoldAccount, {
      access: ADMIN,
      handler: async (request) => updateHoldAccount(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteHoldAccount, {
      access: ADMIN,
      handler: async (request) => deleteHoldAccount(ctx, request.user, request.params.id),
    }),
    route(api.toggleArchive, {
      access: ADMIN,
      handler: async (request) => toggleArchive(ctx, request.user, request.params.id),
    }),
    route(api.listTransactions, {
      access: 'user',
      handler: async (request, reply) =>
        sendBoundedList(reply, await listTransactions(ctx.db, request.user, request.params.id)),
    }),
    route(api.postTransaction, {
      idempotency: 'route',
      access: ADMIN,
      handler: async (request) => postTransaction(ctx, request.user, request.params.id, request.body),
    }),
    route(api.deleteTransaction, {
      access: ADMIN,
      handler: async (request) => deleteTransaction(ctx, request.user, request.params.id),
    }),
  ];
}
