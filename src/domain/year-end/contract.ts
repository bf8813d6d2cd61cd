import { z } from 'zod';
import { contracts, fileResponse, ZDate, ZDollars, ZId } from '../contract';
import { idField, moneyField, optionalText } from '../fields';
import { formatField } from '../reports/schemas';
import { taxYearBodySchema, taxYearParamSchema } from './tax-years';

/** Year end (decision 33, docs/decisions.md; docs/tax.md): tax figures by year, the report, the summaries. */

const SPREADSHEET_TYPES = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const DOWNLOAD_NOTE =
  'The token may travel as `api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser can open the download.';

export const ZTaxYearSchema = z
  .object({
    year: z.number().int(),
    social_security_wage_base: ZDollars,
    nec_threshold: ZDollars,
    elective_deferral_limit: ZDollars,
  })
  .meta({ id: 'TaxYear' });
export type TTaxYear = z.infer<typeof ZTaxYearSchema>;

export const yearQuerySchema = z.object({ year: taxYearParamSchema.shape.year });

export const ZYearEndRowSchema = z.object({
  user_id: ZId,
  user_name: z.string(),
  form: z.enum(['W-2', '1099-NEC', 'none']),
  reportable: z.boolean(),
  gross_pay: ZDollars,
  box_1: ZDollars,
  box_2: ZDollars,
  box_3: ZDollars,
  box_4: ZDollars,
  box_5: ZDollars,
  box_6: ZDollars,
  box_12_e: ZDollars,
  box_14: ZDollars,
  nec_box_1: ZDollars,
  nec_box_4: ZDollars,
  advances_as_wages: ZDollars,
  distribution_ids: z.array(ZId),
  advance_ids: z.array(ZId),
  notes: z.array(z.string()),
});
export type TYearEndRow = z.infer<typeof ZYearEndRowSchema>;

const totalsShape = ZYearEndRowSchema.pick({
  gross_pay: true,
  box_1: true,
  box_2: true,
  box_3: true,
  box_4: true,
  box_5: true,
  box_6: true,
  box_12_e: true,
  box_14: true,
  nec_box_1: true,
  nec_box_4: true,
  advances_as_wages: true,
});

/** An advance paid and still open on its 120th day, which the office may confirm as wages. */
export const ZAdvanceToReviewSchema = z.object({
  advance_id: ZId,
  user_id: ZId,
  user_name: z.string(),
  paid_on: ZDate,
  due_on: ZDate,
  amount: ZDollars,
  confirmed_amount: ZDollars.nullable(),
});
export type TAdvanceToReview = z.infer<typeof ZAdvanceToReviewSchema>;

export const ZYearEndResponseSchema = z.object({
  year: z.number().int(),
  tax_year: ZTaxYearSchema,
  rows: z.array(ZYearEndRowSchema),
  totals: totalsShape.extend({ people: z.number().int() }),
  /** What the year's approved, non-reversed distributions paid, straight from the table: the check. */
  distributions: z.object({ count: z.number().int(), gross_pay: ZDollars }),
  advances_to_review: z.array(ZAdvanceToReviewSchema),
});
export type TYearEnd = z.infer<typeof ZYearEndResponseSchema>;

/** One distribution behind a person's figures, with the fields the figures are made of. */
export const ZYearEndTraceSchema = z.object({
  user_id: ZId,
  year: z.number().int(),
  distributions: z.array(
    z.object({
      id: ZId,
      end_date: ZDate,
      tax_status: z.string().nullable(),
      gross_payroll: ZDollars,
      housing_allowance: ZDollars,
      housing_allowance_excluded: ZDollars,
      retirement: ZDollars,
      federal_income_tax: ZDollars,
      employee_ss: ZDollars,
      employee_mc: ZDollars,
      social_security_wages: ZDollars,
      medicare_wages: ZDollars,
    }),
  ),
});
export type TYearEndTrace = z.infer<typeof ZYearEndTraceSchema>;

export const ZHousingAllowanceSchema = z.object({
  user_id: ZId,
  minister: z.literal([0, 1]),
  designations: z.array(
    z.object({
      year: z.number().int(),
      amount: ZDollars,
      approved_on: ZDate,
      /** Housing allowance excluded under it by approved distributions. */
      paid: ZDollars,
      left: ZDollars,
    }),
  ),
  /** Housing allowance paid as taxable wages (no designation in time), per year. */
  taxable: z.array(z.object({ year: z.number().int(), amount: ZDollars })),
});
export type THousingAllowance = z.infer<typeof ZHousingAllowanceSchema>;

export const confirmWagesBodySchema = z.object({
  amount: moneyField('Amount').refine((v) => v > 0, 'Amount must be above zero.'),
  note: optionalText('Note', 500),
});

export const yearEndContract = contracts('Year end', {
  getTaxYear: {
    method: 'GET',
    path: '/settings/tax-years/:year',
    summary: "A year's tax figures: Social Security wage base, 1099-NEC threshold, 403(b) limit (staff).",
    request: { params: taxYearParamSchema },
    responses: { 200: ZTaxYearSchema },
  },
  putTaxYear: {
    method: 'PUT',
    path: '/settings/tax-years/:year',
    summary: "Set a year's tax figures (admin).",
    request: { params: taxYearParamSchema, body: taxYearBodySchema },
    responses: { 200: ZTaxYearSchema },
  },
  yearEnd: {
    method: 'GET',
    path: '/year-end',
    summary: "The year's W-2 and 1099-NEC figures per person, the totals and the advances to review (admin).",
    request: { query: yearQuerySchema },
    responses: { 200: ZYearEndResponseSchema },
  },
  yearEndTrace: {
    method: 'GET',
    path: '/year-end/trace',
    summary: "The distributions behind one person's year-end figures (admin).",
    request: { query: yearQuerySchema.extend({ user_id: idField('User') }) },
    responses: { 200: ZYearEndTraceSchema },
  },
  yearEndReport: {
    method: 'GET',
    path: '/reports/year-end',
    summary: "The year's W-2 and 1099-NEC figures as CSV or Excel, streamed (admin).",
    description: DOWNLOAD_NOTE,
    request: { query: yearQuerySchema.extend({ format: formatField }) },
    responses: { 200: fileResponse('The report as a file.', ...SPREADSHEET_TYPES) },
  },
  yearEndPdf: {
    method: 'GET',
    path: '/reports/year-end/summary.pdf',
    summary: "One person's year-end summary as a PDF (admin; a person may read their own). Not an IRS form.",
    description: DOWNLOAD_NOTE,
    request: { query: yearQuerySchema.extend({ user_id: idField('User') }) },
    responses: { 200: fileResponse('The summary.', 'application/pdf') },
  },
  housingAllowance: {
    method: 'GET',
    path: '/user/:id/housing-allowance',
    summary:
      "A minister's housing allowance designations with what was paid and what is left (staff; a person their own).",
    request: { params: z.object({ id: idField('User id') }) },
    responses: { 200: ZHousingAllowanceSchema },
  },
  confirmWages: {
    method: 'POST',
    path: '/advance-request/:id/confirm-wages',
    summary: 'Confirm an advance not accounted for within 120 days as wages (admin); it joins box 1.',
    request: { params: z.object({ id: idField('Advance request id') }), body: confirmWagesBodySchema },
    responses: { 200: z.object({ advance_id: ZId, year: z.number().int(), amount: ZDollars }) },
  },
});
