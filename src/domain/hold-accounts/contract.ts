import { z } from 'zod';
import { contracts, deleteRoute, ZDollars, ZFlag, ZId, ZTimestamp } from '../contract';
import { idField } from '../fields';
import {
  createHoldAccountSchema,
  holdAccountFilterSchema,
  holdAccountTransactionSchema,
  TRANSACTION_TYPES,
  updateHoldAccountSchema,
} from './schemas';

/** docs/product.md §3 Hold account with its owner's name; money in dollars. */
export const ZHoldAccountSchema = z
  .object({
    id: ZId,
    user_id: ZId,
    user: z.object({ id: ZId, name: z.string(), missionary_number: z.string().nullable() }).nullable(),
    user_name: z.string().nullable(),
    fund_name: z.string(),
    opening_balance: ZDollars,
    balance: ZDollars,
    unreimbursed_amount: ZDollars,
    mat_day_recurring_deposit: ZDollars,
    mat_day_recurring_transfer: ZDollars,
    mat_day_recurring_withdrawal: ZDollars,
    status: z.enum(['active', 'archived']),
    archived_at: ZTimestamp.nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'HoldAccount' });
export type THoldAccount = z.infer<typeof ZHoldAccountSchema>;

/** docs/product.md §3 Hold account transaction (stored form), who entered it and whether it may be deleted. */
export const ZHoldAccountTransactionSchema = z
  .object({
    id: ZId,
    hold_account_id: ZId,
    transaction_type: z.enum(TRANSACTION_TYPES),
    transaction_amount: ZDollars,
    amount_approved: ZDollars.nullable(),
    added_unreimbursed_amount: ZDollars,
    description: z.string().nullable(),
    expense_id: ZId.nullable(),
    advance_request_id: ZId.nullable(),
    donation_id: ZId.nullable(),
    distribution_id: ZId.nullable(),
    recurring: ZFlag,
    approved: ZFlag,
    starting_balance: ZDollars.nullable(),
    starting_unreimbursed_amount: ZDollars.nullable(),
    ending_balance: ZDollars.nullable(),
    mat_date: z.string().nullable(),
    status: z.string(),
    created_by: ZId.nullable(),
    created_by_name: z.string().nullable(),
    created_at: ZTimestamp,
    deletable: z.boolean(),
  })
  .meta({ id: 'HoldAccountTransaction' });
export type THoldAccountTransaction = z.infer<typeof ZHoldAccountTransactionSchema>;

/** A posted or deleted transaction with the account as it is afterwards. */
export const ZTransactionWithAccountSchema = ZHoldAccountTransactionSchema.extend({ hold_account: ZHoldAccountSchema });

const ZHoldAccountIdParamsSchema = z.object({ id: idField('Hold account id') });

export const holdAccountsContract = contracts('Hold accounts', {
  listHoldAccounts: {
    method: 'GET',
    path: '/hold-account',
    summary: 'Hold accounts (status Active, Archived or all; a missionary sees only their own).',
    request: { query: holdAccountFilterSchema },
    responses: { 200: z.array(ZHoldAccountSchema) },
  },
  createHoldAccount: {
    method: 'POST',
    path: '/hold-account',
    summary: 'Open a hold account for a missionary (admin).',
    request: { body: createHoldAccountSchema },
    responses: { 201: ZHoldAccountSchema },
  },
  getHoldAccount: {
    method: 'GET',
    path: '/hold-account/:id',
    summary: 'One hold account.',
    request: { params: ZHoldAccountIdParamsSchema },
    responses: { 200: ZHoldAccountSchema },
  },
  updateHoldAccount: {
    method: 'PATCH',
    path: '/hold-account/:id',
    summary: 'Rename or change the recurring MAT Day amounts (admin).',
    request: { params: ZHoldAccountIdParamsSchema, body: updateHoldAccountSchema },
    responses: { 200: ZHoldAccountSchema },
  },
  deleteHoldAccount: deleteRoute(
    '/hold-account/:id',
    'Delete a hold account without history (admin).',
    ZHoldAccountIdParamsSchema,
    ZHoldAccountSchema,
  ),
  toggleArchive: {
    method: 'GET',
    path: '/hold-account/:id/archive',
    summary: 'Archive an active hold account or restore an archived one (admin).',
    request: { params: ZHoldAccountIdParamsSchema },
    responses: { 200: ZHoldAccountSchema },
  },
  listTransactions: {
    method: 'GET',
    path: '/hold-account/:id/transactions',
    summary: 'The transactions of a hold account, newest first.',
    request: { params: ZHoldAccountIdParamsSchema },
    responses: { 200: z.array(ZHoldAccountTransactionSchema) },
  },
  postTransaction: {
    method: 'POST',
    path: '/hold-account/:id/transaction',
    summary: 'Post a deposit, transfer or withdrawal now (admin).',
    request: { params: ZHoldAccountIdParamsSchema, body: holdAccountTransactionSchema },
    responses: { 201: ZTransactionWithAccountSchema },
  },
  deleteTransaction: deleteRoute(
    '/hold-account-transaction/:id',
    'Reverse a manual transaction (admin).',
    z.object({ id: idField('Transaction id') }),
    ZTransactionWithAccountSchema,
  ),
});
