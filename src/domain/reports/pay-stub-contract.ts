import { z } from 'zod';
import { contracts, ZDate, ZDollars, ZId } from '../contract';
import { idField } from '../fields';

/** A line of the pay stub: a label, an amount in dollars (null: words only), how it is set, a hint under it. */
export const ZPayStubLineSchema = z.object({
  label: z.string(),
  amount: ZDollars.nullable(),
  style: z.enum(['balance', 'item', 'subtotal', 'total', 'note']),
  hint: z.string().nullable(),
});

export const ZPayStubSchema = z
  .object({
    distribution_id: ZId,
    user_id: ZId,
    user_name: z.string(),
    start_date: ZDate,
    /** The MAT date: the distribution's end date. */
    mat_date: ZDate,
    approved_on: ZDate.nullable(),
    reversal: z.object({ on: ZDate, reason: z.string() }).nullable(),
    /** What MAT Day paid to the missionary (after anything paid mid-month). */
    paid_on_mat_day: ZDollars,
    balances: z.array(z.object({ label: z.string(), before: ZDollars, after: ZDollars })),
    groups: z.array(
      z.object({
        key: z.enum(['came_in', 'pay', 'paid_to_you', 'paid_between', 'how_paid', 'held', 'fund']),
        title: z.string(),
        intro: z.string().nullable(),
        lines: z.array(ZPayStubLineSchema),
      }),
    ),
    /** The statement PDF of the same distribution. */
    statement_url: z.string(),
  })
  .meta({ id: 'PayStub' });
export type TPayStub = z.infer<typeof ZPayStubSchema>;
export type TPayStubLine = z.infer<typeof ZPayStubLineSchema>;

/** Its own module, so the pay-stub page's chunk carries this schema and not every report's. */
export const payStubContract = contracts('Statements', {
  payStub: {
    method: 'GET',
    path: '/distribution/:id/pay-stub',
    summary: 'An approved distribution as its missionary reads it: what came in, what was paid and how, what is held.',
    description:
      'A missionary reads only their own approved or reversed distributions (another’s: 403; a pending one: 404); staff read any that is not pending. No review flags or office comments.',
    request: { params: z.object({ id: idField('Distribution id') }) },
    responses: { 200: ZPayStubSchema },
  },
});
