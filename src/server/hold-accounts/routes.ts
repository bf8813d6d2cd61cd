import { z } from 'zod';
import { idField } from '../../domain/fields';
import {
  createHoldAccountSchema,
  holdAccountFilterSchema,
  holdAccountTransactionSchema,
  updateHoldAccountSchema,
} from '../../domain/hold-accounts/schemas';
import { ADMIN } from '../../domain/roles';
import type { AppContext } from '../context';
import { type AnyRoute, route } from '../http/routes';
import { parse } from '../http/validate';
import {
  createHoldAccount,
  deleteHoldAccount,
  getHoldAccount,
  listHoldAccounts,
  toggleArchive,
  updateHoldAccount,
} from './hold-accounts';
import { deleteTransaction, listTransactions, postTransaction } from './transactions';

const idParams = z.object({ id: idField('Hold account id') });
const transactionParams = z.object({ id: idField('Transaction id') });

/** Admin changes everything; staff read all; a missionary reads only their own accounts (SPEC.md §6). */
export function holdAccountRoutes(ctx: AppContext): AnyRoute[] {
  return [
    route({
      method: 'GET',
      url: '/hold-account',
      access: 'user',
      handler: async (request) => {
        const filter = parse(holdAccountFilterSchema, request.query);
        return listHoldAccounts(ctx.db, request.user, { status: filter.status, userId: filter.user_id });
      },
    }),
    route({
      method: 'POST',
      url: '/hold-account',
      access: ADMIN,
      handler: async (request, reply) => {
        const input = parse(createHoldAccountSchema, request.body);
        reply.code(201);
        return createHoldAccount(ctx, request.user, input);
      },
    }),
    route({
      method: 'GET',
      url: '/hold-account/:id',
      access: 'user',
      handler: async (request) => getHoldAccount(ctx.db, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'PATCH',
      url: '/hold-account/:id',
      access: ADMIN,
      handler: async (request) => {
        const { id } = parse(idParams, request.params);
        return updateHoldAccount(ctx, request.user, id, parse(updateHoldAccountSchema, request.body));
      },
    }),
    route({
      method: 'DELETE',
      url: '/hold-account/:id',
      access: ADMIN,
      handler: async (request) => deleteHoldAccount(ctx, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'GET',
      url: '/hold-account/:id/archive',
      access: ADMIN,
      handler: async (request) => toggleArchive(ctx, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'GET',
      url: '/hold-account/:id/transactions',
      access: 'user',
      handler: async (request) => listTransactions(ctx.db, request.user, parse(idParams, request.params).id),
    }),
    route({
      method: 'POST',
      url: '/hold-account/:id/transaction',
      access: ADMIN,
      handler: async (request, reply) => {
        const { id } = parse(idParams, request.params);
        const input = parse(holdAccountTransactionSchema, request.body);
        reply.code(201);
        return postTransaction(ctx, request.user, id, input);
      },
    }),
    route({
      method: 'DELETE',
      url: '/hold-account-transaction/:id',
      access: ADMIN,
      handler: async (request) => deleteTransaction(ctx, request.user, parse(transactionParams, request.params).id),
    }),
  ];
}
