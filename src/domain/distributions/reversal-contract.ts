import { z } from 'zod';
import { contracts, ZDollars, ZId } from '../contract';
import { idField } from '../fields';
import { ZDistributionSummarySchema } from './contract';
import { REVERSAL_MESSAGES } from './reversal';

/** The reason a reversal is written with (required; shown on the page, the statement and the mail). */
export const ZReverseDistributionRequestSchema = z.object({
  reason: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : (value ?? '')),
    z
      .string({ error: REVERSAL_MESSAGES.reasonRequired })
      .min(1, REVERSAL_MESSAGES.reasonRequired)
      .max(1000, 'Reason must be at most 1000 characters.'),
  ),
});
export type TReverseDistributionRequest = z.input<typeof ZReverseDistributionRequestSchema>;

/** What reversing would do now, in money: the confirmation dialog's figures. */
export const ZReversalPreviewSchema = z
  .object({
    id: ZId,
    /** The sentence the dialog asks with. */
    sentence: z.string(),
    /** Positive: money goes back to the missionary's fund. */
    fund_change: ZDollars,
    fund_after: ZDollars,
    unreimbursed_change: ZDollars,
    unreimbursed_after: ZDollars,
    hold_accounts: z.array(z.object({ id: ZId, fund_name: z.string(), change: ZDollars, balance_after: ZDollars })),
    reports: z.number().int(),
    advances: z.number().int(),
    donations: z.number().int(),
    /** Null when it can be reversed now; else why not (the 409 the reversal would answer). */
    refusal: z.string().nullable(),
    /** The admin has a second factor and must verify it again before reversing. */
    second_factor_needed: z.boolean(),
  })
  .meta({ id: 'ReversalPreview' });
export type TReversalPreview = z.infer<typeof ZReversalPreviewSchema>;

export const ZReversedDistributionSchema = ZDistributionSummarySchema.extend({
  message: z.string(),
  journal_rows: z.number().int(),
});

const params = z.object({ id: idField('Distribution id') });

export const reversalContract = contracts('Distributions', {
  reversalPreview: {
    method: 'GET',
    path: '/distribution/:id/reverse',
    summary: 'What reversing this approved distribution would do now, in money (admin).',
    request: { params },
    responses: { 200: ZReversalPreviewSchema },
  },
  reverseDistribution: {
    method: 'POST',
    path: '/distribution/:id/reverse',
    summary:
      "Reverse the missionary's latest approved distribution: opposite journal rows, balances restored, what it paid payable again (admin).",
    description:
      '409 when it is pending, already reversed or not the latest approved one; 403 when the admin has a second ' +
      'factor not verified within the last 15 minutes (POST /account/second-factor/verify).',
    request: { params, body: ZReverseDistributionRequestSchema },
    responses: { 200: ZReversedDistributionSchema },
  },
});
