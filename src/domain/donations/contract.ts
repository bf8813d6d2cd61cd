import { z } from 'zod';
import {
  contracts,
  deleteRoute,
  fileField,
  fileResponse,
  listRoute,
  ZDate,
  ZDollars,
  ZErrorResponseSchema,
  ZFlag,
  ZId,
  ZPageSchema,
  ZTimestamp,
} from '../contract';
import { flag01, idField, optionalId } from '../fields';
import { listQuerySchema } from '../list-query';
import { MESSAGES } from '../messages';
import { progressIdField } from '../progress/contract';
import { formatField } from '../reports/schemas';
import { COLUMN_ROLES } from './columns';
import { MATCHED_BY } from './matcher';
import { approveDonationSchema, donationUploadSchema, saveColumnMappingSchema, updateDonationSchema } from './schemas';

/** docs/product.md §3 Donation: money in dollars, approved 0/1. */
export const ZDonationSchema = z
  .object({
    id: ZId,
    amount: ZDollars,
    count: z.number().int(),
    user_id: ZId.nullable(),
    user_name: z.string().nullable(),
    fund_name: z.string().nullable(),
    hold_account_id: ZId.nullable(),
    upload_id: ZId.nullable(),
    upload_name: z.string(),
    approved: ZFlag,
    distribution_id: ZId.nullable(),
    /** The giver (decision 24, docs/decisions.md); null for missionaries, who see no donors' names. */
    donor_name: z.string().nullable(),
    gift_date: ZDate.nullable(),
    created_at: ZTimestamp,
  })
  .meta({ id: 'Donation' });
export type TDonation = z.infer<typeof ZDonationSchema>;

/** Rows of the paginated list also carry the missionary's Account #. */
export const ZDonationRowSchema = ZDonationSchema.extend({ missionary_number: z.string().nullable() });
export type TDonationRow = z.infer<typeof ZDonationRowSchema>;

export const ZUploadNameSchema = z.object({
  upload_name: z.string(),
  donations: z.number().int(),
  total_amount: ZDollars,
  last_imported_at: ZTimestamp.nullable(),
});
export type TUploadName = z.infer<typeof ZUploadNameSchema>;

const ZPreviewRowSchema = z.object({
  row: z.number().int(),
  user_id: ZId,
  user_name: z.string(),
  missionary_number: z.string().nullable(),
  fund_name: z.string().nullable(),
  hold_account_id: ZId.nullable(),
  amount: ZDollars,
  count: z.number().int(),
  donor_name: z.string().nullable(),
  gift_date: ZDate.nullable(),
  /** What found the missionary (decision 12): a hold account's fund name, an Account #, or a name. */
  matched_by: z.enum(MATCHED_BY),
});

const ZProblemRowSchema = z.object({
  row: z.number().int(),
  fund_name: z.string().nullable(),
  account_number: z.string().nullable(),
  /** The Missionary column. */
  name: z.string().nullable(),
  donor: z.string().nullable(),
  /** The amount as written in the file (it may not be a number). */
  amount: z.string(),
  reasons: z.array(z.string()),
});

/** One missionary's control totals in a file (or, after the import, in its upload). */
export const ZMissionaryTotalSchema = z
  .object({
    user_id: ZId,
    user_name: z.string(),
    missionary_number: z.string().nullable(),
    rows: z.number().int(),
    count: z.number().int(),
    donors: z.number().int(),
    general: ZDollars,
    designated: ZDollars,
    total: ZDollars,
  })
  .meta({ id: 'DonationMissionaryTotal' });
export type TMissionaryTotal = z.infer<typeof ZMissionaryTotalSchema>;

/**
 * Per-missionary and grand control totals of a file. `by_missionary` is bounded (decisions 12 and
 * 18): the largest `by_missionary_limit` missionaries by amount, listed by name; `others` adds up the
 * rest (null when every one is listed), so listed + others = grand exactly. After an import every
 * missionary's totals are paged by GET /donation/upload/{id}/missionary-totals.
 */
export const ZImportTotalsSchema = z.object({
  by_missionary: z.array(ZMissionaryTotalSchema),
  /** How many missionaries the file names in all. */
  missionaries: z.number().int(),
  by_missionary_limit: z.number().int(),
  others: z
    .object({
      missionaries: z.number().int(),
      rows: z.number().int(),
      count: z.number().int(),
      general: ZDollars,
      designated: ZDollars,
      total: ZDollars,
    })
    .nullable(),
  grand: z.object({
    rows: z.number().int(),
    matched_rows: z.number().int(),
    problem_rows: z.number().int(),
    count: z.number().int(),
    skipped_rows: z.number().int(),
    skipped_count: z.number().int(),
    skipped_total: ZDollars,
    warning_rows: z.number().int(),
    donors: z.number().int(),
    file_total: ZDollars,
    matched_total: ZDollars,
  }),
});

const ZColumnRole = z.enum(COLUMN_ROLES);

/** A gift left out of the import (voided, refunded, failed, disputed) and why. */
const ZSkippedRowSchema = z.object({
  row: z.number().int(),
  fund_name: z.string().nullable(),
  donor: z.string().nullable(),
  amount: z.string(),
  reason: z.string(),
});

/** A row that imports but should be looked at (a gift date outside the upload's month). */
const ZWarningRowSchema = z.object({
  row: z.number().int(),
  fund_name: z.string().nullable(),
  donor: z.string().nullable(),
  warnings: z.array(z.string()),
});

/** How the file's columns were read: the mapping step and the amount choice are built from it. */
export const ZImportColumnsSchema = z.object({
  headers: z.array(z.string()),
  /** The first data rows as found, beside the mapping. */
  sample: z.array(z.array(z.string())),
  columns: z.array(z.object({ header: z.string(), role: ZColumnRole, source: z.enum(['name', 'mapping', 'unknown']) })),
  unknown_headers: z.array(z.string()),
  mapping_needed: z.boolean(),
  /** The saved mapping that was applied (its id), or null. */
  mapping_id: ZId.nullable(),
  amount_columns: z.array(z.string()),
  amount_column: z.string().nullable(),
  amount_choice_needed: z.boolean(),
  /** The month the gifts are for (from the request or the upload name), or null. */
  month: z.string().nullable(),
});

const previewShape = {
  preview: z.literal(true),
  upload_name: z.string(),
  file: z.string(),
  total_count: z.number().int(),
  can_import: z.boolean(),
  file_errors: z.array(z.string()),
  ignored_headers: z.array(z.string()),
  /** Each list holds at most this many rows (decision 18, docs/decisions.md); the totals count them all. */
  rows_limit: z.number().int(),
  matched: z.array(ZPreviewRowSchema),
  problems: z.array(ZProblemRowSchema),
  skipped: z.array(ZSkippedRowSchema),
  warnings: z.array(ZWarningRowSchema),
  columns: ZImportColumnsSchema,
  totals: ZImportTotalsSchema,
};

/** preview=1: what an import would post, and what it cannot read or match. */
export const ZImportPreviewResponseSchema = z
  .object({
    ...previewShape,
    format: z.enum(['csv', 'xlsx']),
    encoding: z.enum(['utf-8', 'utf-8-bom', 'utf-16le', 'utf-16be', 'windows-1252']).nullable(),
  })
  .meta({ id: 'DonationImportPreview' });

/** 422 of an import: the error body with the preview of the rows that stopped it. */
export const ZImportRefusedResponseSchema = ZErrorResponseSchema.extend(previewShape).meta({
  id: 'DonationImportRefused',
});

/** 201 of an import: a summary — the upload and its totals per missionary and in all (decision 12). */
export const ZImportResultResponseSchema = z
  .object({
    id: ZId,
    message: z.string(),
    file: z.string(),
    upload_name: z.string(),
    total_count: z.number().int(),
    total_amount: ZDollars,
    created_at: ZTimestamp,
    totals: ZImportTotalsSchema,
  })
  .meta({ id: 'DonationImportResult' });

export type TImportPreview = z.infer<typeof ZImportPreviewResponseSchema>;
export type TImportRefused = z.infer<typeof ZImportRefusedResponseSchema>;
export type TImportResult = z.infer<typeof ZImportResultResponseSchema>;

/** The file travels as `denari` (or `file`); a missing file and a missing name are reported together. */
export const ZDonationUploadRequestSchema = z.preprocess(
  (body) =>
    typeof body === 'object' && body !== null && !('denari' in body) && 'file' in body
      ? { ...body, denari: (body as { file: unknown }).file }
      : body,
  donationUploadSchema.extend({
    denari: fileField(MESSAGES.noFileChosen),
    progress_id: progressIdField, // GET /progress/{id} follows the import (decision 18)
  }),
);

export const DONATION_SORTS = [
  'id',
  'amount',
  'count',
  'user_name',
  'fund_name',
  'upload_name',
  'approved',
  'created_at',
] as const;

const donationFilters = {
  user_id: optionalId('Missionary'),
  upload_name: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined),
    z.string().optional(),
  ),
  hold_account_id: optionalId('Hold account'),
};
export const ZDonationFilterQuerySchema = z.object(donationFilters);
export const ZDonationListQuerySchema = listQuerySchema(DONATION_SORTS, { limit: 100 }, donationFilters);

const ZDonationIdParamsSchema = z.object({ id: idField('Donation id') });

export const MISSIONARY_TOTAL_SORTS = ['user_name', 'total', 'count', 'rows'] as const;
export const ZMissionaryTotalsQuerySchema = listQuerySchema(MISSIONARY_TOTAL_SORTS, {
  limit: 100,
  orderBy: 'user_name',
  order: 'asc',
});

/** A remembered column mapping (decision 24, docs/decisions.md). */
export const ZColumnMappingSchema = z
  .object({
    id: ZId,
    headers: z.array(z.string()),
    columns: z.record(z.string(), ZColumnRole),
    amount_column: z.string().nullable(),
    updated_at: ZTimestamp,
  })
  .meta({ id: 'DonationColumnMapping' });
export type TColumnMapping = z.infer<typeof ZColumnMappingSchema>;

export const donationsContract = contracts('Donations', {
  importDonations: {
    method: 'POST',
    path: '/donation/denari-upload',
    summary: 'Import a donor-system file (CSV or Excel) in one transaction; preview=1 only previews it (admin).',
    description:
      'Every row must match a missionary (and a hold account for designated gifts); otherwise nothing is ' +
      'imported and the 422 answer carries the preview with the reasons per row. Voided, refunded, failed ' +
      'and disputed gifts are skipped and listed. `columns` (JSON header → meaning) reads a file whose ' +
      'headers are not recognised and is remembered on import; `amount_column` chooses among several ' +
      'amount columns; `month` (YYYY-MM, else read from the upload name) turns gift dates outside it into warnings.',
    request: {
      body: ZDonationUploadRequestSchema,
      query: z.object({ preview: flag01('Preview').optional() }),
      encoding: 'multipart',
    },
    responses: {
      200: ZImportPreviewResponseSchema,
      201: ZImportResultResponseSchema,
      422: z.union([ZImportRefusedResponseSchema, ZErrorResponseSchema]),
    },
  },
  listUploadMissionaryTotals: {
    method: 'GET',
    path: '/donation/upload/:id/missionary-totals',
    summary: "One page of an upload's totals per missionary (staff).",
    description:
      'Rows, gifts, donors, general, designated and total per missionary among the donations the upload ' +
      'holds now; the import answer lists only the largest missionaries (decision 12). `q` searches names ' +
      'and Account #s; at most 100 per page (`limit`).',
    request: { params: z.object({ id: idField('Upload id') }), query: ZMissionaryTotalsQuerySchema },
    responses: { 200: ZPageSchema(ZMissionaryTotalSchema) },
  },
  importTemplate: {
    method: 'GET',
    path: '/donation/import-template',
    summary: 'An empty donation file the import reads without a mapping, CSV or Excel (admin).',
    description:
      'The header row of the per-fund totals layout (Fund, Account #, Missionary, Amount, Count); the Excel ' +
      'file adds a Columns sheet listing every header the import reads. The token may travel as ' +
      '`api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser ' +
      'can open the download.',
    request: { query: z.object({ format: formatField }) },
    responses: {
      200: fileResponse(
        'The template.',
        'text/csv',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    },
  },
  listColumnMappings: {
    method: 'GET',
    path: '/donation/column-mappings',
    summary: 'The column mappings remembered for donor exports, newest first (admin).',
    request: {},
    responses: { 200: z.array(ZColumnMappingSchema) },
  },
  saveColumnMapping: {
    method: 'POST',
    path: '/donation/column-mapping',
    summary: 'Remember (or change) the column mapping for files with these headers (admin).',
    description:
      'Every header is mapped to a meaning; the file needs an amount and a fund, Account # or Missionary ' +
      'column. Files with the same headers (in any order) are then read with it.',
    request: { body: saveColumnMappingSchema },
    responses: { 200: ZColumnMappingSchema, 422: ZErrorResponseSchema },
  },
  deleteColumnMapping: deleteRoute(
    '/donation/column-mapping/:id',
    'Forget a remembered column mapping (admin).',
    z.object({ id: idField('Column mapping id') }),
  ),
  listDonations: {
    method: 'GET',
    path: '/donation',
    summary: 'Donations (a missionary sees only their own).',
    request: { query: ZDonationFilterQuerySchema },
    responses: { 200: z.array(ZDonationSchema) },
  },
  paginateDonations: listRoute(
    '/paginated_donation',
    'One page of donations (a missionary sees only their own).',
    ZDonationListQuerySchema,
    ZDonationRowSchema,
  ),
  listUploadNames: {
    method: 'GET',
    path: '/donation/upload-names',
    summary: 'The names of imported files with their donation count and total (staff).',
    request: {},
    responses: { 200: z.array(ZUploadNameSchema) },
  },
  getDonation: {
    method: 'GET',
    path: '/donation/:id',
    summary: 'One donation.',
    request: { params: ZDonationIdParamsSchema },
    responses: { 200: ZDonationSchema },
  },
  updateDonation: {
    method: 'PATCH',
    path: '/donation/:id',
    summary: 'Correct the amount or count of a donation no distribution has used (admin).',
    request: { params: ZDonationIdParamsSchema, body: updateDonationSchema },
    responses: { 200: ZDonationSchema },
  },
  deleteDonation: deleteRoute(
    '/donation/:id',
    'Delete a donation no distribution has used (admin).',
    ZDonationIdParamsSchema,
    ZDonationSchema,
  ),
  approveDonation: {
    method: 'PATCH',
    path: '/donation/:id/approve',
    summary: 'Approve (1) or withhold (0) a designated donation (admin).',
    request: { params: ZDonationIdParamsSchema, body: approveDonationSchema },
    responses: { 200: ZDonationSchema },
  },
});
