import { z } from 'zod';
import { contracts, fileResponse, ZDate, ZDollars, ZId, ZTimestamp } from '../contract';
import { flag01, idField } from '../fields';
import { accountingQuerySchema, fieldWorkerExpensesQuerySchema, statementsQuerySchema } from './schemas';

const SPREADSHEET_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];

/** A monthly statement: an approved distribution and the address of its PDF. */
export const ZStatementSchema = z
  .object({
    id: ZId,
    distribution_id: ZId,
    user_id: ZId,
    user_name: z.string(),
    start_date: ZDate,
    end_date: ZDate,
    donation_upload_name: z.string().nullable(),
    total_donations: ZDollars,
    total_funds_disbursed: ZDollars,
    ending_balance: ZDollars,
    approved_at: ZTimestamp.nullable(),
    url: z.string(),
  })
  .meta({ id: 'Statement' });
export type TStatement = z.infer<typeof ZStatementSchema>;

export const ZTrendPointSchema = z.object({
  distribution_id: ZId,
  start_date: ZDate,
  end_date: ZDate,
  total_donations: ZDollars,
  ending_balance: ZDollars,
});
export const ZTrendResponseSchema = z.object({ user_id: ZId, points: z.array(ZTrendPointSchema) });
export type TTrendPoint = z.infer<typeof ZTrendPointSchema>;
export type TTrend = z.infer<typeof ZTrendResponseSchema>;

/** The MAT dates that have distributions of a status, newest first, with how many each. */
export const ZMatDatesQuerySchema = z.object({ status: accountingQuerySchema.shape.status });
export const ZMatDatesResponseSchema = z.object({
  data: z.array(z.object({ mat_date: ZDate, count: z.number().int().nonnegative() })),
});
export type TMatDates = z.infer<typeof ZMatDatesResponseSchema>;

export const reportsContract = contracts('Reports', {
  matDates: {
    method: 'GET',
    path: '/reports/mat-dates',
    summary: 'The MAT dates that have distributions of a status (staff), newest first, at most 120.',
    request: { query: ZMatDatesQuerySchema },
    responses: { 200: ZMatDatesResponseSchema },
  },
  fieldWorkerExpenses: {
    method: 'GET',
    path: '/reports/field-worker-expenses',
    summary: 'Expense lines of processed reports between two dates (staff), CSV or Excel.',
    description:
      'The token may travel as `api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser can open the download.',
    request: { query: fieldWorkerExpensesQuerySchema },
    responses: { 200: fileResponse('The report as a file.', ...SPREADSHEET_TYPES) },
  },
  accounting: {
    method: 'GET',
    path: '/reports/accounting',
    summary:
      'Distributions of a MAT Day (staff), CSV or Excel; 422 naming the dates that have some when none has this one.',
    description:
      'The token may travel as `api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser can open the download.',
    request: { query: accountingQuerySchema },
    responses: { 200: fileResponse('The report as a file.', ...SPREADSHEET_TYPES) },
  },
  accountingJournal: {
    method: 'GET',
    path: '/reports/accounting-journal',
    summary: 'The journal entries of a MAT Day (staff), CSV or Excel.',
    description:
      'The token may travel as `api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser can open the download.',
    request: { query: accountingQuerySchema },
    responses: { 200: fileResponse('The report as a file.', ...SPREADSHEET_TYPES) },
  },
});

export const statementsContract = contracts('Statements', {
  statementPdf: {
    method: 'GET',
    path: '/distribution/:id/statement.pdf',
    summary: 'The monthly statement of an approved distribution as a tagged PDF (download=1 to save it).',
    description:
      'The token may travel as `api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser can open the PDF.',
    request: {
      params: z.object({ id: idField('Distribution id') }),
      query: z.object({ download: flag01('Download').optional() }),
    },
    responses: { 200: fileResponse('The statement.', 'application/pdf') },
  },
  listStatements: {
    method: 'GET',
    path: '/statements',
    summary: 'The statements of a user (a missionary: their own).',
    request: { query: statementsQuerySchema },
    responses: { 200: z.array(ZStatementSchema) },
  },
  statementTrend: {
    method: 'GET',
    path: '/statements/trend',
    summary: 'Donations and ending balance per approved distribution, oldest first.',
    request: { query: statementsQuerySchema },
    responses: { 200: ZTrendResponseSchema },
  },
});
