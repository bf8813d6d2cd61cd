import { z } from 'zod';
import { contracts, fileResponse, ZDate, ZDollars, ZId } from '../contract';
import { idField } from '../fields';

const ZMonthSchema = z.object({
  month: z.string().meta({ description: 'YYYY-MM' }),
  total: ZDollars,
  designated: ZDollars,
  general: ZDollars,
  givers: z.number().int(),
  new_givers: z.number().int(),
  stopped_givers: z.number().int(),
});

/** A giver: `name` is null when the viewer may not see donor names (decision 36, docs/decisions.md). */
const ZGiverSchema = z.object({
  name: z.string().nullable(),
  total: ZDollars,
  gifts: z.number().int(),
  first_gift_date: ZDate,
  last_gift_date: ZDate,
});

/** A missionary's support page: 24 months of giving, new and stopped givers (decision 36). */
export const ZSupportResponseSchema = z
  .object({
    user_id: ZId,
    /** Whether this viewer sees donor names (staff always; the missionary when the setting is on). */
    names_shown: z.boolean(),
    months: z.array(ZMonthSchema),
    total: ZDollars,
    designated: ZDollars,
    general: ZDollars,
    new_givers: z.array(ZGiverSchema.extend({ amount_this_month: ZDollars })),
    stopped_givers: z.array(ZGiverSchema.extend({ months_given: z.number().int() })),
    /** Everyone who gave in the 24 months, largest total first; empty when names are not shown. */
    givers: z.array(ZGiverSchema),
  })
  .meta({ id: 'Support' });
export type TSupport = z.infer<typeof ZSupportResponseSchema>;

const params = z.object({ id: idField('User id') });

export const supportContract = contracts('Support', {
  getSupport: {
    method: 'GET',
    path: '/user/:id/support',
    summary: "A missionary's support: giving per month for 24 months, new and stopped givers (themselves, or staff).",
    request: { params },
    responses: { 200: ZSupportResponseSchema },
  },
  supportDonorsCsv: {
    method: 'GET',
    path: '/user/:id/support/donors.csv',
    summary:
      'The givers of the last 24 months as CSV for thank-you letters (staff; the missionary when donor names are shown).',
    description:
      'The token may travel as `api_token` in the query, or a single-use `download_token` from POST /download-token, so a browser can open the download.',
    request: { params },
    responses: { 200: fileResponse('The givers as CSV.', 'text/csv') },
  },
});
