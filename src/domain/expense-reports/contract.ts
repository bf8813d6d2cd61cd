import { z } from 'zod';
import { ZAdvanceSchema } from '../advances/contract';
import {
  contracts,
  deleteRoute,
  fileField,
  fileResponse,
  listRoute,
  ZDate,
  ZDollars,
  ZFlag,
  ZId,
  ZTimestamp,
} from '../contract';
import { optionalId } from '../fields';
import { listQuerySchema, queryFlag } from '../list-query';
import { ZUserSchema } from '../users/contract';
import { DISTANCE_TYPES } from './calculations';
import {
  createExpenseSchema,
  createMileageSchema,
  createReportSchema,
  expenseSchema,
  fileUploadSchema,
  mileageSchema,
  PAYOUT_PAID_METHODS,
  payoutPaidSchema,
  processReportSchema,
  REPORT_TYPES,
  requiredId,
  returnReportSchema,
  saveReportSchema,
  submitReportSchema,
} from './schemas';
import { REPORT_STATUS_LABELS, type ReportStatus } from './status-labels';

const ZCategoryRefSchema = z.object({ id: ZId, expense_category: z.string() });
const ZHoldAccountRefSchema = z.object({ id: ZId, fund_name: z.string() });

/** A report in lists (docs/product.md §3 without the item lists); flags 0/1, money in dollars. */
export const ZReportSummarySchema = z
  .object({
    id: ZId,
    type: z.enum(REPORT_TYPES),
    user_id: ZId,
    user_name: z.string(),
    missionary_number: z.string().nullable(),
    status: z.enum(Object.keys(REPORT_STATUS_LABELS) as [ReportStatus, ...ReportStatus[]]),
    total_amount: ZDollars,
    unreimbursed_amount: ZDollars,
    payout: ZDollars.nullable(),
    /** An advance report's unspent cash given back (decision 34); 0 on a reimbursement. */
    cash_returned: ZDollars,
    start_date: ZDate.nullable(),
    end_date: ZDate.nullable(),
    date_submitted: ZDate.nullable(),
    submitted: ZFlag,
    processed: ZFlag,
    processed_at: ZTimestamp.nullable(),
    /** Who processed it: the admin, or the approver of the distribution that paid it. */
    processed_by: ZId.nullable(),
    processed_by_name: z.string().nullable(),
    distance_type: z.enum(DISTANCE_TYPES),
    advance_request_id: ZId.nullable(),
    distribution_id: ZId.nullable(),
    dist_amount_reimbursed: ZDollars.nullable(),
    dist_hold_account_withdrawals: ZDollars.nullable(),
    dist_amount_unreimbursed: ZDollars.nullable(),
    archived_at: ZTimestamp.nullable(),
    /** Set while the report is sent back to its missionary (decision 20). */
    returned_at: ZTimestamp.nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'ExpenseReportSummary' });

/** One line of a report's history (decision 20); id null for a step derived from the report itself. */
export const ZReportEventSchema = z
  .object({
    id: ZId.nullable(),
    action: z.enum(['submitted', 'returned', 'processed']),
    actor_id: ZId.nullable(),
    actor_name: z.string().nullable(),
    comment: z.string().nullable(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'ExpenseReportEvent' });

export const ZExpenseSchema = z
  .object({
    id: ZId,
    expense_report_id: ZId,
    date: ZDate,
    expense_code: ZId.nullable(),
    category: ZCategoryRefSchema.nullable(),
    description: z.string().nullable(),
    /** The amount in the field currency (2 decimals). */
    field_currency: z.number(),
    exchange_rate: z.number().nullable(),
    /** ISO 4217 (decision 22); null when unknown (sent without one at a rate other than 1). */
    currency: z.string().nullable(),
    usd_amount: ZDollars,
    hold_account_id: ZId.nullable(),
    hold_account: ZHoldAccountRefSchema.nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Expense' });

export const ZMileageSchema = z
  .object({
    id: ZId,
    expense_report_id: ZId,
    date: ZDate,
    odometer_start: z.number().nullable(),
    odometer_end: z.number().nullable(),
    total_distance: z.number(),
    distance: z.number(),
    /** The distance in miles (the unit of the mileage rate), or null while the report has no unit. */
    miles: z.number().nullable(),
    total_cost: ZDollars,
    type: ZId.nullable(),
    category: ZCategoryRefSchema.nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'Mileage' });

/** A receipt; served only through the authorised address in file_url. */
export const ZFileUploadSchema = z
  .object({
    id: ZId,
    expense_report_id: ZId,
    filename: z.string(),
    file_url: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int().nonnegative(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'FileUpload' });

/** GET /expense-report/{id}: the summary with its items, receipts, advance and user. */
export const ZFullReportSchema = ZReportSummarySchema.extend({
  expense: z.array(ZExpenseSchema),
  mileage: z.array(ZMileageSchema),
  file_upload: z.array(ZFileUploadSchema),
  advance_request: ZAdvanceSchema.nullable(),
  user: ZUserSchema.nullable(),
  /** The history, oldest first: submitted, returned (with the comment), processed. */
  events: z.array(ZReportEventSchema),
  /** While returned: the comment that says what to fix. */
  return_comment: z.string().nullable(),
  /** The payout made at processing, recorded as paid by check or cash (so no payment batch pays it). */
  payout_paid: z
    .object({
      method: z.enum(PAYOUT_PAID_METHODS),
      reference: z.string(),
      recorded_at: ZTimestamp,
      /** "paid by check 1042", as the statement says it. */
      label: z.string(),
    })
    .nullable(),
}).meta({ id: 'ExpenseReport' });

export type TReportSummary = z.infer<typeof ZReportSummarySchema>;
export type TExpense = z.infer<typeof ZExpenseSchema>;
export type TMileage = z.infer<typeof ZMileageSchema>;
export type TFileUpload = z.infer<typeof ZFileUploadSchema>;
export type TFullReport = z.infer<typeof ZFullReportSchema>;
export type TReportEvent = z.infer<typeof ZReportEventSchema>;
export type THoldAccountChoice = z.infer<typeof ZHoldAccountRefSchema>;

export const REPORT_SORTS = [
  'id',
  'user_name',
  'missionary_number',
  'type',
  'total_amount',
  'unreimbursed_amount',
  'start_date',
  'end_date',
  'date_submitted',
  'submitted',
  'processed',
  'created_at',
] as const;

export const ZReportListQuerySchema = listQuerySchema(
  REPORT_SORTS,
  { limit: 10 },
  {
    submitted: queryFlag('Submitted'),
    processed: queryFlag('Processed'),
    archived: queryFlag('Archived'),
    user_id: optionalId('User'),
  },
);

const idParams = (label: string) => z.object({ id: requiredId(label) });
const ZReportIdParamsSchema = idParams('Expense report id');
const ZExpenseIdParamsSchema = idParams('Expense id');
const ZMileageIdParamsSchema = idParams('Mileage id');
const ZFileIdParamsSchema = idParams('File id');

export const expenseReportsContract = contracts('Expense reports', {
  listReports: {
    method: 'GET',
    path: '/expense-report',
    summary: 'Every expense report (staff).',
    request: {},
    responses: { 200: z.array(ZReportSummarySchema) },
  },
  listReportsByProcessed: {
    method: 'GET',
    path: '/expense-report/processed/:id',
    summary: 'Submitted reports, processed (1) or not (0) (staff).',
    request: { params: z.object({ id: z.enum(['0', '1'], { error: 'Use 0 or 1.' }) }) },
    responses: { 200: z.array(ZReportSummarySchema) },
  },
  listUserReports: {
    method: 'GET',
    path: '/expense-report/user/:userId',
    summary: 'The reports of one user (a missionary: their own).',
    request: { params: z.object({ userId: requiredId('User id') }) },
    responses: { 200: z.array(ZReportSummarySchema) },
  },
  paginateReports: listRoute(
    '/paginated_expense_report',
    'One page of reports (a missionary sees only their own).',
    ZReportListQuerySchema,
    ZReportSummarySchema,
  ),
  getReport: {
    method: 'GET',
    path: '/expense-report/:id',
    summary: 'One report with its expenses, mileage, receipts, advance and user.',
    request: { params: ZReportIdParamsSchema },
    responses: { 200: ZFullReportSchema },
  },
  createReport: {
    method: 'POST',
    path: '/expense-report',
    summary:
      'Start a reimbursement report, or the report of an approved advance (missionary). With an Idempotency-Key header a retry answers with the first request’s row (see POST /expense).',
    request: { body: createReportSchema },
    responses: { 201: ZFullReportSchema },
  },
  saveReport: {
    method: 'PATCH',
    path: '/save/expense-report/:id',
    summary: 'Finish later, change the distance unit, or (an advance report) declare the cash returned.',
    request: { params: ZReportIdParamsSchema, body: saveReportSchema },
    responses: { 200: ZFullReportSchema },
  },
  submitReport: {
    method: 'PATCH',
    path: '/submit/expense-report/:id',
    summary: 'Submit a report for processing; an advance report may declare its cash returned here too (decision 34).',
    request: { params: ZReportIdParamsSchema, body: submitReportSchema },
    responses: { 200: ZFullReportSchema },
  },
  processReport: {
    method: 'PATCH',
    path: '/process-expense-report/:id',
    summary: 'Process a submitted report with its payout (admin).',
    request: { params: ZReportIdParamsSchema, body: processReportSchema },
    responses: { 200: ZFullReportSchema },
  },
  recordPayoutPaid: {
    method: 'POST',
    path: '/expense-report/:id/payout-paid',
    summary:
      'Record that the payout made at processing was paid by check or cash (admin), so a payment batch will not pay it again; 409 when there is no payout or it is already recorded.',
    request: { params: ZReportIdParamsSchema, body: payoutPaidSchema },
    responses: { 200: ZFullReportSchema },
  },
  returnReport: {
    method: 'PATCH',
    path: '/return-expense-report/:id',
    summary: 'Send a submitted report back to its missionary with a comment (staff, decision 20).',
    request: { params: ZReportIdParamsSchema, body: returnReportSchema },
    responses: { 200: ZFullReportSchema },
  },
  deleteUnsubmittedReport: deleteRoute(
    '/expense-report/unsubmitted/:id',
    'Delete an unsubmitted report (its owner).',
    ZReportIdParamsSchema,
  ),
  deleteReport: deleteRoute(
    '/expense-report/:id',
    'Delete a report that no distribution has paid (admin).',
    ZReportIdParamsSchema,
  ),
  archiveReport: deleteRoute(
    '/expense-report/processed/:id',
    'Archive a processed report (admin).',
    ZReportIdParamsSchema,
    ZFullReportSchema,
  ),
  createExpense: {
    method: 'POST',
    path: '/expense',
    summary:
      'Add an expense to an unsubmitted report. With an Idempotency-Key header (remembered per user for 24 hours) a retry with the same body answers with the first expense; another body with that key is 409.',
    request: { body: createExpenseSchema },
    responses: { 201: ZExpenseSchema },
  },
  getExpense: {
    method: 'GET',
    path: '/expense/:id',
    summary: 'One expense.',
    request: { params: ZExpenseIdParamsSchema },
    responses: { 200: ZExpenseSchema },
  },
  updateExpense: {
    method: 'PATCH',
    path: '/expense/:id',
    summary: 'Change an expense of an unsubmitted report.',
    request: { params: ZExpenseIdParamsSchema, body: expenseSchema },
    responses: { 200: ZExpenseSchema },
  },
  deleteExpense: deleteRoute(
    '/expense/:id',
    'Remove an expense from an unsubmitted report.',
    ZExpenseIdParamsSchema,
    ZExpenseSchema,
  ),
  createMileage: {
    method: 'POST',
    path: '/mileage',
    summary:
      'Add a trip to an unsubmitted report. With an Idempotency-Key header a retry answers with the first request’s row (see POST /expense).',
    request: { body: createMileageSchema },
    responses: { 201: ZMileageSchema },
  },
  getMileage: {
    method: 'GET',
    path: '/mileage/:id',
    summary: 'One trip.',
    request: { params: ZMileageIdParamsSchema },
    responses: { 200: ZMileageSchema },
  },
  updateMileage: {
    method: 'PATCH',
    path: '/mileage/:id',
    summary: 'Change a trip of an unsubmitted report.',
    request: { params: ZMileageIdParamsSchema, body: mileageSchema },
    responses: { 200: ZMileageSchema },
  },
  deleteMileage: deleteRoute(
    '/mileage/:id',
    'Remove a trip from an unsubmitted report.',
    ZMileageIdParamsSchema,
    ZMileageSchema,
  ),
  uploadReceipt: {
    method: 'POST',
    path: '/fileUpload',
    summary:
      'Attach a receipt (PDF, JPEG, PNG, at most 5 MB) to an unsubmitted report. With an Idempotency-Key header a retry answers with the first request’s row (see POST /expense).',
    request: { body: fileUploadSchema.extend({ file: fileField() }), encoding: 'multipart' },
    responses: { 201: ZFileUploadSchema },
  },
  getReceipt: {
    method: 'GET',
    path: '/fileUpload/:id',
    summary: 'A receipt file.',
    request: { params: ZFileIdParamsSchema },
    responses: { 200: fileResponse('The receipt.', 'application/pdf', 'image/jpeg', 'image/png') },
  },
  deleteReceipt: deleteRoute(
    '/fileUpload/:id',
    'Remove a receipt from an unsubmitted report.',
    ZFileIdParamsSchema,
    ZFileUploadSchema.extend({ message: z.string() }),
  ),
  holdAccountChoices: {
    method: 'GET',
    path: '/user/:id/hold-accounts',
    summary: 'The active hold accounts an expense or advance of this user may name.',
    request: { params: idParams('User id') },
    responses: { 200: z.array(ZHoldAccountRefSchema) },
  },
});
