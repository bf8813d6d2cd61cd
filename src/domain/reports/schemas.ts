import { z } from 'zod';
import { dateField, optionalId } from '../fields';

/** Query schemas of the report downloads (decision 6, docs/decisions.md); the Reports page uses them too. */

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const DISTRIBUTION_STATUSES = ['approved', 'pending'] as const;
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];

const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** `format`: csv (the default) or xlsx; the donation import template takes it too. */
export const formatField = z.preprocess(
  (value) => (blank(value) ? 'csv' : String(value).trim().toLowerCase()),
  z.enum(REPORT_FORMATS, { error: 'Format must be csv or xlsx.' }),
);

export const TO_BEFORE_FROM = 'To Date must be on or after From Date.';

/** GET /reports/field-worker-expenses?from&to[&format] */
export const fieldWorkerExpensesQuerySchema = z
  .object({ from: dateField('From Date'), to: dateField('To Date'), format: formatField })
  .refine((query) => query.to >= query.from, { path: ['to'], message: TO_BEFORE_FROM });

/** GET /reports/accounting and /reports/accounting-journal ?mat_to_date&status[&format] */
export const accountingQuerySchema = z.object({
  mat_to_date: dateField('MAT Processing Date'),
  status: z.preprocess(
    (value) => (blank(value) ? 'approved' : String(value).trim().toLowerCase()),
    z.enum(DISTRIBUTION_STATUSES, { error: 'Distribution Status must be approved or pending.' }),
  ),
  format: formatField,
});

/** GET /statements and /statements/trend ?user_id (a missionary may leave it out: their own). */
export const statementsQuerySchema = z.object({ user_id: optionalId('User') });

export type FieldWorkerExpensesQuery = z.output<typeof fieldWorkerExpensesQuerySchema>;
export type AccountingQuery = z.output<typeof accountingQuerySchema>;

/** File names of the downloads: what, which dates, which status. */
export function reportFilename(
  report: 'field-worker-expenses' | 'accounting' | 'accounting-journal',
  query: { from?: string; to?: string; mat_to_date?: string; status?: string },
  format: ReportFormat,
): string {
  const parts =
    report === 'field-worker-expenses'
      ? [report, query.from, 'to', query.to]
      : [report, query.mat_to_date, query.status];
  return `${parts.join('_')}.${format}`;
}

/** statement_{number}_{end date}.pdf — characters outside [A-Za-z0-9-] in the number become "-". */
export function statementFilename(missionaryNumber: string | null, userId: number, endDate: string): string {
  const who = (missionaryNumber?.trim() || `user-${userId}`).replace(/[^A-Za-z0-9-]+/g, '-');
  return `statement_${who}_${endDate}.pdf`;
}
