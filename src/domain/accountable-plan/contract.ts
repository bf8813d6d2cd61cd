import { z } from 'zod';
import { contracts, ZDate, ZDollars, ZId } from '../contract';
import { optionalId } from '../fields';

export const ZAccountableFlagSchema = z
  .object({
    kind: z.enum(['advance_not_reported', 'advance_not_returned', 'expense_late']),
    user_id: ZId,
    user_name: z.string(),
    /** Days counted so far (or taken, for an expense submitted late); always above `limit_days`. */
    days: z.number().int(),
    limit_days: z.number().int(),
    advance_id: ZId.nullable(),
    expense_report_id: ZId.nullable(),
    expense_id: ZId.nullable(),
    /** The day the count starts: the advance's payment or the expense's date. */
    since: ZDate,
    amount: ZDollars,
    message: z.string(),
  })
  .meta({ id: 'AccountableFlag' });
export type TAccountableFlag = z.infer<typeof ZAccountableFlagSchema>;

export const ZAccountablePlanResponseSchema = z.object({
  /** The server's day the days are counted to (UTC). */
  as_of: ZDate,
  flags: z.array(ZAccountableFlagSchema),
});
export type TAccountablePlanResponse = z.infer<typeof ZAccountablePlanResponseSchema>;

export const accountablePlanContract = contracts('Accountable plan', {
  accountablePlan: {
    method: 'GET',
    path: '/accountable-plan',
    summary:
      'Open items past the accountable-plan limits (docs/decisions.md "Accountable plan"): advances not reported within 60 days of payment or not settled within 120, expenses submitted more than 60 days after their date. Staff see every missionary (or one with user_id); a missionary sees their own.',
    request: { query: z.object({ user_id: optionalId('User') }) },
    responses: { 200: ZAccountablePlanResponseSchema },
  },
});
