import { z } from 'zod';
import { contracts, deleteRoute, fileResponse, listRoute, ZDate, ZDollars, ZId, ZTimestamp } from '../contract';
import { dateField, idField } from '../fields';
import { listQuerySchema } from '../list-query';
import { BANK_ACCOUNT_TYPES, bankFieldsSchema, PAYOUT_METHODS } from './bank-details';
import { LINE_STATUSES } from './line-status';
import { PAYMENT_SETTING_FIELDS, paymentSettingsSchema } from './payment-settings';
import { recordReturnSchema } from './returns';

/** Bank details as every answer shows them: account numbers, IBAN and routing masked to their last 4. */
export const ZBankDetailsViewSchema = z
  .object({
    payout_method: z.enum(PAYOUT_METHODS),
    bank_routing_number: z.string().nullable(),
    bank_account_number: z.string().nullable(),
    bank_account_type: z.enum(BANK_ACCOUNT_TYPES).nullable(),
    beneficiary_name: z.string().nullable(),
    bank_country: z.string().nullable(),
    bank_currency: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    bank_name: z.string().nullable(),
    changed_at: ZTimestamp.nullable(),
    /** Held in the next batch: changed since the last released batch, or a payment to them came back. */
    held_reason: z.string().nullable(),
  })
  .meta({ id: 'BankDetails' });
export type TBankDetailsView = z.infer<typeof ZBankDetailsViewSchema>;

export const ZPaymentSettingsSchema = z
  .object(Object.fromEntries(PAYMENT_SETTING_FIELDS.map((field) => [field, z.string().nullable()])))
  .meta({ id: 'PaymentSettings' });

export const ZPaymentLineSchema = z.object({
  id: ZId,
  user_id: ZId,
  user_name: z.string(),
  missionary_number: z.string().nullable(),
  amount: ZDollars,
  method: z.enum(PAYOUT_METHODS),
  currency: z.string().nullable(),
  masked_account: z.string().nullable(),
  held: z.boolean(),
  held_reason: z.string().nullable(),
  status: z.enum(LINE_STATUSES),
  distribution_ids: z.array(ZId),
  report_ids: z.array(ZId),
  return_code: z.string().nullable(),
  return_reason: z.string().nullable(),
  return_date: ZDate.nullable(),
});
export type TPaymentLine = z.infer<typeof ZPaymentLineSchema>;

export const ZBatchTotalSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  currency: z.string(),
  count: z.number().int(),
  amount: ZDollars,
});

export const ZPaymentFileSchema = z.object({
  kind: z.enum(['nacha', 'pain001', 'checks']),
  filename: z.string(),
  path: z.string(),
});

export const ZPaymentBatchSchema = z
  .object({
    id: ZId,
    status: z.enum(['draft', 'released']),
    mat_date: ZDate,
    effective_date: ZDate.nullable(),
    /** What the release pays (or paid): lines pending or paid; prenotes move no money. */
    total: ZDollars,
    totals: z.array(ZBatchTotalSchema),
    held_count: z.number().int(),
    prenote_count: z.number().int(),
    returned_total: ZDollars,
    created_at: ZTimestamp,
    released_at: ZTimestamp.nullable(),
    released_by: z.string().nullable(),
    files: z.array(ZPaymentFileSchema),
    lines: z.array(ZPaymentLineSchema),
  })
  .meta({ id: 'PaymentBatch' });
export type TPaymentBatch = z.infer<typeof ZPaymentBatchSchema>;

export const ZPaymentBatchRowSchema = z.object({
  id: ZId,
  status: z.enum(['draft', 'released']),
  mat_date: ZDate,
  effective_date: ZDate.nullable(),
  total: ZDollars,
  line_count: z.number().int(),
  held_count: z.number().int(),
  created_at: ZTimestamp,
  released_at: ZTimestamp.nullable(),
});
export type TPaymentBatchRow = z.infer<typeof ZPaymentBatchRowSchema>;

export const PAYMENT_BATCH_SORTS = ['id', 'mat_date', 'created_at'] as const;

/** POST /payment-batches: the distributions to pay, or a MAT date (every approved one of it not yet in a batch). */
export const createBatchSchema = z
  .object({
    distribution_ids: z
      .array(idField('Distribution'), { error: 'Distributions must be a list of ids.' })
      .min(1, 'Choose at least one distribution.')
      .max(10_000, 'At most 10,000 distributions in one batch.')
      .optional(),
    mat_date: dateField('MAT date').optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.distribution_ids === undefined) === (value.mat_date === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['mat_date'],
        message: 'Give either a MAT date or a list of distributions.',
      });
    }
  });
export type CreateBatchInput = z.input<typeof createBatchSchema>;

const ZBatchParams = z.object({ id: idField('Batch') });
const ZLineParams = z.object({ id: idField('Batch'), line_id: idField('Line') });
const ZUserParams = z.object({ id: idField('User id') });

export const paymentsContract = contracts('Payments', {
  getBankDetails: {
    method: 'GET',
    path: '/user/:id/bank-details',
    summary: "A user's bank details, masked (staff: anyone; others: their own).",
    request: { params: ZUserParams },
    responses: { 200: ZBankDetailsViewSchema },
  },
  saveBankDetails: {
    method: 'POST',
    path: '/user/:id/bank-details',
    summary: 'Enter or change bank details (a user for themselves; an admin for anyone). Audited and mailed.',
    request: { params: ZUserParams, body: bankFieldsSchema },
    responses: { 200: ZBankDetailsViewSchema },
  },
  getPaymentSettings: {
    method: 'GET',
    path: '/settings/payments',
    summary: 'Organisation payment settings (admin).',
    request: {},
    responses: { 200: ZPaymentSettingsSchema },
  },
  updatePaymentSettings: {
    method: 'PATCH',
    path: '/settings/payments',
    summary: 'Change organisation payment settings (admin); absent fields keep their value, blank clears.',
    request: { body: paymentSettingsSchema },
    responses: { 200: ZPaymentSettingsSchema },
  },
  createBatch: {
    method: 'POST',
    path: '/payment-batches',
    summary: 'Draft a payment batch from approved distributions (and unpaid office payouts of their payees).',
    request: { body: createBatchSchema },
    responses: { 201: ZPaymentBatchSchema },
  },
  listBatches: listRoute(
    '/payment-batches',
    'One page of payment batches (staff).',
    listQuerySchema(PAYMENT_BATCH_SORTS, { limit: 10, orderBy: 'id', order: 'desc' }),
    ZPaymentBatchRowSchema,
  ),
  getBatch: {
    method: 'GET',
    path: '/payment-batches/:id',
    summary: 'One payment batch with its lines (staff).',
    request: { params: ZBatchParams },
    responses: { 200: ZPaymentBatchSchema },
  },
  deleteBatch: deleteRoute('/payment-batches/:id', 'Discard a draft batch (admin).', ZBatchParams),
  clearLine: {
    method: 'POST',
    path: '/payment-batches/:id/lines/:line_id/clear',
    summary: 'Clear a held line (or a prenote, paying at once) of a draft batch (admin).',
    request: { params: ZLineParams },
    responses: { 200: ZPaymentBatchSchema },
  },
  leaveOutLine: deleteRoute(
    '/payment-batches/:id/lines/:line_id',
    'Leave a line out of a draft batch (admin): what it pays goes to a later batch.',
    ZLineParams,
    ZPaymentBatchSchema,
  ),
  releaseBatch: {
    method: 'POST',
    path: '/payment-batches/:id/release',
    summary: 'Release a draft batch (admin, second factor within 15 minutes): freezes it and makes its files.',
    request: { params: ZBatchParams },
    responses: { 200: ZPaymentBatchSchema },
  },
  nachaFile: {
    method: 'GET',
    path: '/payment-batches/:id/nacha',
    summary: 'The NACHA file of a released batch (admin).',
    description: 'The token may travel as `api_token` or a single-use `download_token` in the query.',
    request: { params: ZBatchParams },
    responses: { 200: fileResponse('The ACH file.', 'text/plain') },
  },
  painFile: {
    method: 'GET',
    path: '/payment-batches/:id/pain001',
    summary: 'The ISO 20022 pain.001.001.09 file of the wires of a released batch (admin).',
    description: 'The token may travel as `api_token` or a single-use `download_token` in the query.',
    request: { params: ZBatchParams },
    responses: { 200: fileResponse('The wire file.', 'application/xml') },
  },
  checkRegister: {
    method: 'GET',
    path: '/payment-batches/:id/checks',
    summary: 'The check register (CSV) of the check payees of a released batch (admin).',
    description: 'The token may travel as `api_token` or a single-use `download_token` in the query.',
    request: { params: ZBatchParams },
    responses: { 200: fileResponse('The check register.', 'text/csv') },
  },
  recordReturn: {
    method: 'POST',
    path: '/payment-batches/:id/returns',
    summary: "Record a returned payment (admin): the amount goes back to the missionary's fund.",
    request: { params: ZBatchParams, body: recordReturnSchema },
    responses: { 201: ZPaymentBatchSchema },
  },
});
