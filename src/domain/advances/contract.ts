import { z } from 'zod';
import { contracts, deleteRoute, listRoute, ZDate, ZDollars, ZFlag, ZId, ZTimestamp } from '../contract';
import { requiredId } from '../expense-reports/schemas';
import { optionalId } from '../fields';
import { listQuerySchema, queryFlag } from '../list-query';
import { advanceRequestSchema, advanceStatusFilter, processAdvanceSchema } from './schemas';
import { ADVANCE_STATUSES } from './states';

/** docs/product.md §3 Advance request with §2.3's row fields; money in dollars. */
export const ZAdvanceSchema = z
  .object({
    id: ZId,
    user_id: ZId,
    user_name: z.string(),
    missionary_number: z.string().nullable(),
    status: z.enum(ADVANCE_STATUSES),
    amount_requested: ZDollars,
    amount_approved: ZDollars.nullable(),
    dist_amount_approved: ZDollars.nullable(),
    approved: ZFlag,
    type: ZId.nullable(),
    category: z.object({ id: ZId, expense_category: z.string() }).nullable(),
    /** What it is for and when it is needed (decision 34); null on requests made before. */
    purpose: z.string().nullable(),
    needed_by: ZDate.nullable(),
    hold_account_id: ZId.nullable(),
    hold_account: z.object({ id: ZId, fund_name: z.string() }).nullable(),
    distribution_id: ZId.nullable(),
    date_submitted: ZDate.nullable(),
    mat_date: ZDate.nullable(),
    /** The day the distribution that paid it was approved (UTC); null while unpaid (decision 14). */
    paid_on: ZDate.nullable(),
    expense_report_id: ZId.nullable(),
    expense_report: z
      .object({ id: ZId, submitted: ZFlag, processed: ZFlag, total_amount: ZDollars, cash_returned: ZDollars })
      .nullable(),
    archived_at: ZTimestamp.nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'AdvanceRequest' });
export type TAdvance = z.infer<typeof ZAdvanceSchema>;

export const ADVANCE_SORTS = [
  'id',
  'user_name',
  'missionary_number',
  'status',
  'amount_requested',
  'amount_approved',
  'date_submitted',
  'mat_date',
  'expense_report_id',
  'distribution_id',
  'created_at',
] as const;

export const ZAdvanceListQuerySchema = listQuerySchema(
  ADVANCE_SORTS,
  { limit: 10 },
  {
    status: advanceStatusFilter,
    user_id: optionalId('User'),
    archived: queryFlag('Archived'),
  },
);

const ZAdvanceIdParamsSchema = z.object({ id: requiredId('Advance request id') });

export const advancesContract = contracts('Advance requests', {
  listAdvances: {
    method: 'GET',
    path: '/advance-request',
    summary: 'Every advance request (staff).',
    request: {},
    responses: { 200: z.array(ZAdvanceSchema) },
  },
  listUserAdvances: {
    method: 'GET',
    path: '/advance-request/user/:userId',
    summary: 'The advance requests of one user (a missionary: their own).',
    request: { params: z.object({ userId: requiredId('User id') }) },
    responses: { 200: z.array(ZAdvanceSchema) },
  },
  paginateAdvances: listRoute(
    '/paginated_advance_request',
    'One page of advance requests (a missionary sees only their own).',
    ZAdvanceListQuerySchema,
    ZAdvanceSchema,
  ),
  getAdvance: {
    method: 'GET',
    path: '/advance-request/:id',
    summary: 'One advance request.',
    request: { params: ZAdvanceIdParamsSchema },
    responses: { 200: ZAdvanceSchema },
  },
  createAdvance: {
    method: 'POST',
    path: '/advance-request',
    summary:
      'Request an advance (missionary). A second request for the same amount on the same day answers 409 with errors.confirm_duplicate; send confirm_duplicate=1 to ask again.',
    request: { body: advanceRequestSchema },
    responses: { 201: ZAdvanceSchema },
  },
  processAdvance: {
    method: 'PATCH',
    path: '/advance-request/:id',
    summary: 'Approve an advance with an amount and MAT date, or deny it (admin).',
    request: { params: ZAdvanceIdParamsSchema, body: processAdvanceSchema },
    responses: { 200: ZAdvanceSchema },
  },
  deleteAdvance: deleteRoute(
    '/advance-request/:id',
    'Delete a request that is not yet approved (its owner) or any open one (admin).',
    ZAdvanceIdParamsSchema,
  ),
  archiveAdvance: deleteRoute(
    '/advance-request/closed/:id',
    'Archive a closed advance request (admin).',
    ZAdvanceIdParamsSchema,
    ZAdvanceSchema.extend({ message: z.string() }),
  ),
});
