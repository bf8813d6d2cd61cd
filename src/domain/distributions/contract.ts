import { z } from 'zod';
import { ZAdvanceSchema } from '../advances/contract';
import { ADVANCE_STATUSES } from '../advances/states';
import {
  contracts,
  deleteRoute,
  listRoute,
  ZDate,
  ZDollars,
  ZErrorResponseSchema,
  ZFlag,
  ZId,
  ZTimestamp,
} from '../contract';
import { isIsoDate } from '../dates';
import { ZDonationSchema } from '../donations/contract';
import { ZReportSummarySchema } from '../expense-reports/contract';
import { dateField, idField, optionalEnum, optionalId } from '../fields';
import { listQuerySchema } from '../list-query';
import { MESSAGES } from '../messages';
import { progressIdField } from '../progress/contract';
import { ROLES } from '../roles';
import { ZUserSchema } from '../users/contract';
import { TAX_STATUSES } from '../users/schemas';
import { ZDistributionPayloadSchema } from './payload-contract';
import { ZYearToDateSchema } from './payroll-year-wire';
import { REVIEW_FLAG_CODES } from './review';
import { distributionRequestSchema, jsonList } from './schemas';
import { STORED_MONEY_FIELDS, type StoredMoneyField } from './types';
import { checkUploadNames, uploadNameFields, withUploadNames } from './upload-names';

export const DISTRIBUTION_STATUSES = ['pending', 'approved', 'reversed'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

export const ZReviewFlagSchema = z.object({
  code: z.enum(REVIEW_FLAG_CODES),
  message: z.string(),
});

/** Every stored money figure of a distribution, in dollars. */
const moneyFields = Object.fromEntries(STORED_MONEY_FIELDS.map((field) => [field, ZDollars])) as Record<
  StoredMoneyField,
  typeof ZDollars
>;

/** A distribution in lists (docs/product.md §3 without the JSON text lists and related objects). */
export const ZDistributionSummarySchema = z
  .object({
    id: ZId,
    status: z.enum(DISTRIBUTION_STATUSES),
    user_id: ZId,
    user_name: z.string(),
    user_email: z.string(),
    missionary_number: z.string().nullable(),
    start_date: ZDate,
    end_date: ZDate,
    /** The first of donation_upload_names (the older single name). */
    donation_upload_name: z.string().nullable(),
    /** The uploads whose donations it takes (docs/distribution.md "Several uploads in a month"). */
    donation_upload_names: z.array(z.string()),
    ...moneyFields,
    /** docs/product.md §3: the same values as ministry_reimbursement and ministry_advance. */
    ministry_expense_reimbursement: ZDollars,
    ministry_expense_advance: ZDollars,
    fica_tax: ZFlag,
    tax_status: z.string().nullable(),
    comments: z.string().nullable(),
    review_flags: z.array(ZReviewFlagSchema),
    batch: ZFlag,
    approved_at: ZTimestamp.nullable(),
    approved_by: ZId.nullable(),
    /** A reversed approval: when, by whom and why (docs/distribution.md "Reversing an approval"). */
    reversed_at: ZTimestamp.nullable(),
    reversed_by: ZId.nullable(),
    reversal_reason: z.string().nullable(),
    created_by: ZId.nullable(),
    created_at: ZTimestamp,
    updated_at: ZTimestamp,
  })
  .meta({ id: 'DistributionSummary' });
export type TDistributionSummary = z.infer<typeof ZDistributionSummarySchema>;

export { type TDistributionPayload, ZDistributionPayloadSchema } from './payload-contract';

/** GET /distribution/{id}: the summary, the JSON text lists, the saved payload and related records. */
export const ZDistributionDetailSchema = ZDistributionSummarySchema.extend({
  processedExpenseReports: z.string().meta({ description: 'JSON text of a list.' }),
  processedAdvanceRequests: z.string().meta({ description: 'JSON text of a list.' }),
  hold_account_transactions: z.string().meta({ description: 'JSON text of a list.' }),
  payload: ZDistributionPayloadSchema,
  user: ZUserSchema.nullable(),
  expense_report: z.array(ZReportSummarySchema),
  advance_request: z.array(ZAdvanceSchema),
  donations: z.array(ZDonationSchema),
  reversed_by_name: z.string().nullable(),
}).meta({ id: 'Distribution' });
export type TDistributionDetail = z.infer<typeof ZDistributionDetailSchema>;

export const ZSavedDistributionSchema = ZDistributionDetailSchema.extend({ message: z.string() });

/** What the form previews with (src/domain/distributions/context.ts, wire form). */
export const ZDistributionContextResponseSchema = z
  .object({
    user: z.object({
      id: ZId,
      name: z.string(),
      email: z.string(),
      role: z.enum([...ROLES, 'none']),
      missionary_number: z.string().nullable(),
    }),
    start_date: ZDate,
    end_date: ZDate,
    donation_upload_name: z.string().nullable(),
    donation_upload_names: z.array(z.string()),
    /** Percentages as exact decimal strings (null = the setting). */
    profile: z.object({
      tax_status: z.enum(TAX_STATUSES).nullable(),
      fica_tax: ZFlag,
      net_salary: ZDollars,
      housing_allowance: ZDollars,
      retirement_amount: ZDollars,
      federal_income_tax: ZDollars,
      wire_fee: ZDollars,
      insurance_amount: ZDollars,
      social_security: z.string().nullable(),
      medicare: z.string().nullable(),
      admin_fee_percentage: z.string().nullable(),
      admin_fee_cap: ZDollars.nullable(),
      fund_balance: ZDollars,
      unreimbursed_amount: ZDollars,
    }),
    settings: z.object({
      mileage_reimbursement: z.string(),
      admin_fee_percentage: z.string(),
      admin_fee_cap: ZDollars,
      social_security_percentage: z.string(),
      medicare_percentage: z.string(),
    }),
    donations: z.array(
      z.object({
        id: ZId,
        amount: ZDollars,
        hold_account_id: ZId.nullable(),
        fund_name: z.string().nullable(),
        approved: ZFlag,
      }),
    ),
    hold_accounts: z.array(
      z.object({
        id: ZId,
        fund_name: z.string(),
        balance: ZDollars,
        unreimbursed_amount: ZDollars,
        mat_day_recurring_deposit: ZDollars,
        mat_day_recurring_transfer: ZDollars,
        mat_day_recurring_withdrawal: ZDollars,
      }),
    ),
    expense_reports: z.array(
      z.object({
        id: ZId,
        date: ZDate,
        date_submitted: ZDate.nullable(),
        total_amount: ZDollars,
        hold_account_charges: z.array(z.object({ expense_id: ZId, hold_account_id: ZId, amount: ZDollars })),
      }),
    ),
    advance_requests: z.array(
      z.object({
        id: ZId,
        status: z.enum(ADVANCE_STATUSES),
        amount_requested: ZDollars,
        amount_approved: ZDollars.nullable(),
        date_submitted: ZDate.nullable(),
        mat_date: ZDate.nullable(),
      }),
    ),
    previous: z.object({ id: ZId, total_donations: ZDollars, unreimbursed_amount_ending: ZDollars }).nullable(),
    distribution: z
      .object({ id: ZId, status: z.enum(DISTRIBUTION_STATUSES), payload: ZDistributionPayloadSchema })
      .nullable(),
    /** The year's limits (payroll-year.ts); absent from contexts frozen before they existed. */
    year_to_date: ZYearToDateSchema,
  })
  .meta({ id: 'DistributionContext' });

/** GET /distribution-context: a new distribution's choices, or distribution_id for a saved one. */
export const ZDistributionContextQuerySchema = z
  .object({
    user_id: optionalId('Field worker'),
    start_date: z.preprocess((value) => (value === '' ? undefined : value), dateField('Start date').optional()),
    end_date: z.preprocess((value) => (value === '' ? undefined : value), dateField('End date').optional()),
    ...uploadNameFields,
    distribution_id: optionalId('Distribution'),
  })
  .superRefine(checkUploadNames)
  .superRefine((query, ctx) => {
    if (query.distribution_id !== undefined) return;
    if (query.user_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['user_id'], message: 'Field worker is required.' });
    }
    if (query.start_date === undefined) {
      ctx.addIssue({ code: 'custom', path: ['start_date'], message: 'Start date is required.' });
    }
    if (query.end_date === undefined) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'End date is required.' });
    }
  })
  .superRefine((query, ctx) => {
    if (isIsoDate(query.start_date) && isIsoDate(query.end_date) && query.end_date < query.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: MESSAGES.endBeforeStart });
    }
  })
  .transform(withUploadNames);

export const DISTRIBUTION_SORTS = [
  'id',
  'status',
  'user_name',
  'missionary_number',
  'start_date',
  'end_date',
  'donation_upload_name',
  'total_donations',
  'ending_balance',
  'total_funds_disbursed',
  'unreimbursed_amount_ending',
  'created_at',
  'approved_at',
] as const;

const distributionFilters = {
  status: optionalEnum('Status', DISTRIBUTION_STATUSES),
  user_id: optionalId('Field worker'),
};
export const ZDistributionFilterQuerySchema = z.object(distributionFilters);
export const ZDistributionListQuerySchema = listQuerySchema(DISTRIBUTION_SORTS, { limit: 100 }, distributionFilters);

/**
 * POST /batch-approve: ids as a JSON array, JSON text or repeated form fields; `reviewed` names, per
 * distribution, the review flags the approver has looked at (a flagged one needs all of them).
 */
export const ZBatchApproveRequestSchema = z.object({
  distribution_ids: jsonList(idField('Distribution'), 'Distribution ids'),
  reviewed: jsonList(
    z.object({
      id: idField('Distribution'),
      flags: z.array(z.enum(REVIEW_FLAG_CODES, { error: 'Unknown review flag.' })),
    }),
    'Reviewed flags',
  ).optional(),
});
export type TBatchApproveRequest = z.input<typeof ZBatchApproveRequestSchema>;

export const ZBatchApproveResponseSchema = z.object({
  message: z.string(),
  approved: z.array(ZId),
  failed: z.array(z.object({ id: ZId, status: z.number().int(), message: z.string() })),
});

/** A refused batch: the per-id outcome, or the usual error body when the request itself is wrong. */
const ZBatchApproveFailureSchema = z.union([ZBatchApproveResponseSchema, ZErrorResponseSchema]);

/** POST /batch-distributions: MAT Day for everyone. */
export const ZBatchDistributionsRequestSchema = z
  .object({
    start_date: dateField('Start date'),
    end_date: dateField('End date'),
    /** The uploads whose undistributed donations it takes (upload-names.ts). */
    ...uploadNameFields,
    /** A UUID the browser made up: GET /progress/{id} says how far the build has got (decision 18). */
    progress_id: progressIdField,
  })
  .superRefine((input, ctx) => {
    if (isIsoDate(input.start_date) && isIsoDate(input.end_date) && input.end_date < input.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: MESSAGES.endBeforeStart });
    }
    checkUploadNames(input, ctx);
  })
  .transform(withUploadNames);

export const ZBatchDistributionsResponseSchema = z.object({
  message: z.string(),
  start_date: ZDate,
  end_date: ZDate,
  donation_upload_name: z.string().nullable(),
  donation_upload_names: z.array(z.string()),
  created: z.array(ZDistributionSummarySchema),
  flagged_count: z.number().int(),
  /** distribution_id: the overlapping distribution; null when skipped for another reason (no tax status). */
  skipped: z.array(
    z.object({ user_id: ZId, user_name: z.string(), distribution_id: ZId.nullable(), reason: z.string() }),
  ),
  failed: z.array(
    z.object({
      user_id: ZId,
      user_name: z.string(),
      message: z.string(),
      errors: z.record(z.string(), z.array(z.string())).optional(),
    }),
  ),
});

const ZDistributionIdParamsSchema = z.object({ id: idField('Distribution id') });

export const distributionsContract = contracts('Distributions', {
  distributionContext: {
    method: 'GET',
    path: '/distribution-context',
    summary: 'The data a distribution is computed from (staff; a missionary: their own approved one).',
    request: { query: ZDistributionContextQuerySchema },
    responses: { 200: ZDistributionContextResponseSchema },
  },
  listDistributions: {
    method: 'GET',
    path: '/distribution',
    summary: 'Distributions (a missionary: their own approved ones).',
    request: { query: ZDistributionFilterQuerySchema },
    responses: { 200: z.array(ZDistributionSummarySchema) },
  },
  paginateDistributions: listRoute(
    '/paginated_distribution',
    'One page of distributions (a missionary: their own approved ones).',
    ZDistributionListQuerySchema,
    ZDistributionSummarySchema,
  ),
  getDistribution: {
    method: 'GET',
    path: '/distribution/:id',
    summary: 'One distribution with every figure, its payload and related records.',
    request: { params: ZDistributionIdParamsSchema },
    responses: { 200: ZDistributionDetailSchema },
  },
  createDistribution: {
    method: 'POST',
    path: '/distribution',
    summary: 'Save a pending distribution from the staff’s choices; the server computes every amount (admin).',
    request: { body: distributionRequestSchema },
    responses: { 201: ZSavedDistributionSchema },
  },
  updateDistribution: {
    method: 'PATCH',
    path: '/distribution/:id',
    summary: 'Change a pending distribution; recomputed from today’s data (admin).',
    request: { params: ZDistributionIdParamsSchema, body: distributionRequestSchema },
    responses: { 200: ZSavedDistributionSchema },
  },
  deleteDistribution: deleteRoute(
    '/distribution/:id',
    'Delete a pending distribution, releasing what it referenced (admin).',
    ZDistributionIdParamsSchema,
  ),
  batchApprove: {
    method: 'POST',
    path: '/batch-approve',
    summary: 'Approve pending distributions, each in its own transaction (admin).',
    description:
      '200 when every one was approved; otherwise the status of the failures (409 when they differ), with ' +
      'the approved ids and each failure with its status and message.',
    request: { body: ZBatchApproveRequestSchema },
    responses: {
      200: ZBatchApproveResponseSchema,
      400: ZBatchApproveFailureSchema,
      403: ZBatchApproveFailureSchema,
      404: ZBatchApproveFailureSchema,
      409: ZBatchApproveFailureSchema,
      422: ZBatchApproveFailureSchema,
      500: ZBatchApproveFailureSchema,
    },
  },
  batchDistributions: {
    method: 'POST',
    path: '/batch-distributions',
    summary: 'Build pending distributions for every missionary of a MAT Day (admin).',
    request: { body: ZBatchDistributionsRequestSchema },
    responses: { 201: ZBatchDistributionsResponseSchema },
  },
});
