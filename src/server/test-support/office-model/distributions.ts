import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { allFlagsReviewed } from '../../../domain/distributions/review';
import { fromDollars } from '../../../domain/money';
import { distributions } from '../../db/schema';
import { always, command, fail, pick, user } from './command';
import { resyncHolds } from './commands';
import { owe } from './payment-model';
import { call, type Model, monthRange, type Real } from './world';

/** MAT Day for everyone, one missionary's distribution (ticking advances inside it), approval, donation edits. */

const uploadName = (model: Readonly<Model>, which: number | null) =>
  which === null || model.uploads.length === 0 ? undefined : pick(model.uploads, which).name;

const buildMatDay = fc.option(fc.nat(), { nil: null }).map((which) =>
  command(`buildMatDay(${which ?? 'no upload'})`, always, async (model, real) => {
    const month = Math.max(...model.month.values());
    const answer = await call(real, 'POST', '/api/batch-distributions', {
      token: real.admin.token,
      json: { ...monthRange(month), donation_upload_name: uploadName(model, which) },
    });
    if (answer.status !== 201) return;
    for (const key of model.month.keys()) model.month.set(key, month + 1);
    model.pending.push(...answer.body.created.map((d: { id: number }) => d.id));
  }),
);

/** One missionary's distribution ticking every open advance: requested ones are approved inside it. */
const distribution = fc.record({ who: fc.nat(), which: fc.option(fc.nat(), { nil: null }) }).map(({ who, which }) =>
  command(`distribution(${who}, ${which ?? 'no upload'})`, always, async (model, real) => {
    const owner = user(real, who);
    const month = model.month.get(owner.id)!;
    const open = model.advances.filter((a) => a.userId === owner.id && a.paid === 0);
    const answer = await call(real, 'POST', '/api/distribution', {
      token: real.admin.token,
      json: {
        user_id: owner.id,
        ...monthRange(month),
        donation_upload_name: uploadName(model, which),
        hold_account_transactions: [],
        advance_requests: open.map((a) => ({ id: a.id })),
      },
    });
    if (answer.status !== 201 && answer.status !== 200) return;
    model.month.set(owner.id, month + 1);
    model.pending.push(answer.body.id);
  }),
);

/** Approve every pending distribution; one refused because figures moved since it was saved is deleted. */
const approve = fc.constant(null).map(() =>
  command(
    'approvePending',
    (model) => model.pending.length > 0,
    async (model, real) => {
      const ids = [...model.pending];
      const before = await real.t.ctx.db.select().from(distributions).where(inArray(distributions.id, ids));
      const answer = await call(real, 'POST', '/api/batch-approve', {
        token: real.admin.token,
        // The model's office has looked at every review flag, so flagged months are approved too.
        json: {
          distribution_ids: ids,
          reviewed: allFlagsReviewed(
            before.map((d) => ({ id: d.id, review_flags: d.reviewFlags as Array<{ code: string }> })),
          ),
        },
      });
      const approved: number[] = answer.body.approved ?? [];
      for (const id of approved) await settle(model, real, before.find((d) => d.id === id)!);
      for (const id of ids.filter((id) => !approved.includes(id))) {
        await call(real, 'DELETE', `/api/distribution/${id}`, { token: real.admin.token });
      }
      model.pending = [];
    },
  ),
);

/**
 * What an approved distribution did, checked against the model: it started from the fund the model
 * expects and leaves its ending balance; every advance it paid was unpaid; its reports are processed.
 */
export async function settle(model: Model, real: Real, saved: typeof distributions.$inferSelect) {
  const [row] = await real.t.ctx.db.select().from(distributions).where(eq(distributions.id, saved.id));
  if (row.status !== 'approved') fail(`distribution #${row.id} answered approved but is ${row.status}`);
  const expected = model.fund.get(row.userId)!;
  if (row.startingBalance !== expected)
    fail(`distribution #${row.id} started from ${row.startingBalance}, not ${expected}`);
  model.fund.set(row.userId, row.endingBalance);
  await resyncHolds(model, real, row.userId);
  // What the statement calls "paid to you" is owed to the missionary until a batch pays it.
  owe(model.payments, {
    key: `d:${row.id}`,
    userId: row.userId,
    amount: row.totalFundsDisbursed - row.midMonthDisbursement,
    matDate: row.endDate,
  });
  for (const paid of row.processedAdvanceRequests as Array<{
    id: number;
    approved: number;
    dist_amount_approved: number;
  }>) {
    if (paid.approved !== 1 || paid.dist_amount_approved <= 0) continue;
    const advance = model.advances.find((a) => a.id === paid.id)!;
    if (advance.paid > 0) fail(`advance #${advance.id} paid a second time by distribution #${row.id}`);
    advance.paid = fromDollars(paid.dist_amount_approved);
    if (advance.state === 'requested') advance.state = 'approved';
    // docs/product.md §7 (distribution rules): a distribution grants at most the distributable funds, and
    // approving it records what it paid as the approved amount, so the report must match that.
    advance.approved = advance.paid;
  }
  for (const included of row.processedExpenseReports as Array<{ id: number }>) {
    const found = model.reports.find((r) => r.id === included.id);
    if (found) found.state = 'processed';
  }
}

/** Edit a donation's amount (refused once a distribution references it); it moves no balance. */
const editDonation = fc
  .record({ which: fc.nat(), amount: fc.integer({ min: -100, max: 400 }) })
  .map(({ which, amount }) =>
    command(
      `editDonation(${which}, ${amount})`,
      (model) => model.donations > 0,
      async (model, real) => {
        const id = (which % model.donations) + 1;
        const answer = await call(real, 'PATCH', `/api/donation/${id}`, {
          token: real.admin.token,
          json: { amount: String(amount), count: 1 },
        });
        if (answer.status !== 200 && answer.status !== 409) fail(`donation edit answered ${answer.status}`);
      },
    ),
  );

export const distributionCommands = [buildMatDay, distribution, approve, editDonation];
