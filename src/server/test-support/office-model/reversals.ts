import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { STORED_MONEY_FIELDS } from '../../../domain/distributions/types';
import { type Cents, formatUSD } from '../../../domain/money';
import { queryRows } from '../../db/query-rows';
import { advanceRequests, distributions } from '../../db/schema';
import { centsFromDatabase } from '../../db/schema/columns';
import { columnOf } from '../../distributions/figures';
import { always, command, fail, user } from './command';
import { resyncHolds } from './commands';
import { settle } from './distributions';
import { latestApproval, refusedForBatch } from './payment-reversals';
import { settleOtherwise } from './payments';
import { call, checkStep, type Model, type Real } from './world';

/**
 * Reversing an approval (docs/distribution.md "Reversing an approval") in the office model: the
 * missionary's latest approved distribution is reversed, then rebuilt — saved again from the same
 * choices and approved. Invariants:
 * - right after the reversal every balance of the missionary (fund, unreimbursed, each hold account
 *   and its unreimbursed amount) is its balance before minus what the approval's journal rows moved
 *   it by: as if the reversed approval had never happened (and the step check's ledger check holds);
 * - after the rebuild, when nothing else moved those balances since the approval and the rebuilt
 *   distribution has the reversed one's figures, every balance — and each report's unpaid part — is
 *   exactly what it was before the reversal.
 */

/** How often each part ran (printed by `npm run check:model`). */
export const reversalStats = { reversed: 0, rebuilt: 0, comparedAfterRebuild: 0 };

/** Every balance of one missionary, keyed `fund`, `owed`, `hold:ID`, `hold_owed:ID`, `report:ID`. */
async function balancesOf(real: Real, userId: number): Promise<Map<string, Cents>> {
  const rows = await queryRows(
    real.t.ctx.db,
    sql`select 'user_fund:' || user_id as key, fund_balance::text as amount from profiles where user_id = ${userId}
      union all select 'user_unreimbursed:' || user_id, unreimbursed_amount::text from profiles where user_id = ${userId}
      union all select 'hold_account:' || id, balance::text from hold_accounts where user_id = ${userId}
      union all select 'hold_account_unreimbursed:' || id, unreimbursed_amount::text from hold_accounts where user_id = ${userId}
      union all select 'report:' || id, unreimbursed_amount::text from expense_reports where user_id = ${userId} and processed`,
    z.object({ key: z.string(), amount: z.string() }),
  );
  return new Map(rows.map((row) => [row.key, centsFromDatabase(row.amount)]));
}

/** What the approval's journal rows moved each account by, and whether any row came after them. */
async function approvalMoves(real: Real, distributionId: number, userId: number) {
  const rows = await queryRows(
    real.t.ctx.db,
    sql`with mine as (
        select j.* from journal_entries j
        where j.reverses_journal_id is null and j.reason like 'distribution\\_%'
          and ((j.ref_type = 'distribution' and j.ref_id = ${distributionId})
            or (j.ref_type = 'hold_account_transaction' and j.ref_id in (
              select id from hold_account_transactions where distribution_id = ${distributionId})))
      )
      select j.account || ':' || j.account_id as key, sum(j.amount)::text as amount,
        (select max(id) from mine) as last_mine,
        (select max(o.id) from journal_entries o
          where (o.account like 'user%' and o.account_id = ${userId})
            or (o.account like 'hold%' and o.account_id in (select id from hold_accounts where user_id = ${userId}))) as last_any
      from mine j group by 1`,
    z.object({ key: z.string(), amount: z.string(), last_mine: z.coerce.number(), last_any: z.coerce.number() }),
  );
  return {
    moves: new Map(rows.map((row) => [row.key, centsFromDatabase(row.amount)])),
    quiet: rows.length > 0 && rows[0].last_mine === rows[0].last_any,
  };
}

function compare(label: string, actual: Map<string, Cents>, expected: Map<string, Cents>, keys: Iterable<string>) {
  const problems = [...keys]
    .filter((key) => (actual.get(key) ?? 0) !== (expected.get(key) ?? 0))
    .map((key) => `${key} is ${formatUSD(actual.get(key) ?? 0)}, expected ${formatUSD(expected.get(key) ?? 0)}`);
  if (problems.length > 0) fail(`${label}: ${problems.join('; ')}`);
}

/** The model follows a reversal: the fund and hold accounts as stored, what it paid payable again. */
async function followReversal(model: Model, real: Real, reversed: typeof distributions.$inferSelect) {
  model.fund.set(reversed.userId, (await balancesOf(real, reversed.userId)).get(`user_fund:${reversed.userId}`)!);
  await resyncHolds(model, real, reversed.userId);
  for (const paid of reversed.processedAdvanceRequests as Array<{ id: number }>) {
    const advance = model.advances.find((a) => a.id === paid.id);
    if (!advance) continue;
    const [row] = await real.t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, paid.id));
    if (row.distAmountApproved !== null) fail(`advance #${row.id} is still paid after the reversal`);
    advance.paid = 0;
    advance.state = row.status as typeof advance.state;
    advance.approved = row.amountApproved;
  }
  for (const included of reversed.processedExpenseReports as Array<{ id: number }>) {
    const found = model.reports.find((r) => r.id === included.id);
    if (found) found.state = 'submitted';
  }
}

const sameFigures = (a: typeof distributions.$inferSelect, b: typeof distributions.$inferSelect) =>
  STORED_MONEY_FIELDS.every((field) => a[columnOf(field)] === b[columnOf(field)]);

/** Saves the reversed distribution's choices again and approves them; the approved row, or null. */
async function rebuild(model: Model, real: Real, reversed: typeof distributions.$inferSelect) {
  const saved = await call(real, 'POST', '/api/distribution', { token: real.admin.token, json: reversed.input });
  if (saved.status !== 201) return null;
  const reviewed = [{ id: saved.body.id, flags: saved.body.review_flags.map((f: { code: string }) => f.code) }];
  const approved = await call(real, 'POST', '/api/batch-approve', {
    token: real.admin.token,
    json: { distribution_ids: [saved.body.id], reviewed },
  });
  const [row] = await real.t.ctx.db.select().from(distributions).where(eq(distributions.id, saved.body.id));
  if (approved.status !== 200) {
    await call(real, 'DELETE', `/api/distribution/${row.id}`, { token: real.admin.token });
    return null;
  }
  await settle(model, real, row);
  return row;
}

const reverseAndRebuild = fc.nat().map((who) =>
  command(`reverseAndRebuild(${who})`, always, async (model, real) => {
    const owner = user(real, who);
    // A pending distribution of anyone would see its figures move; the model reverses between MAT Days.
    if (model.pending.length > 0) return;
    const latest = await latestApproval(real, owner.id);
    if (!latest) return;
    const before = await balancesOf(real, owner.id);
    const { moves, quiet } = await approvalMoves(real, latest.id, owner.id);
    const answer = await call(real, 'POST', `/api/distribution/${latest.id}/reverse`, {
      token: real.admin.token,
      json: { reason: 'Office model' },
    });
    if (refusedForBatch(model, latest.id, answer)) return;
    if (answer.status === 409) return;
    if (answer.status !== 200) fail(`reverse answered ${answer.status}`);
    reversalStats.reversed += 1;
    settleOtherwise(model, `d:${latest.id}`);
    const undone = new Map([...moves].map(([key, moved]) => [key, (before.get(key) ?? 0) - moved]));
    compare(`after reversing #${latest.id}`, await balancesOf(real, owner.id), undone, moves.keys());
    await followReversal(model, real, latest);
    await checkStep(real, model);

    const rebuilt = await rebuild(model, real, latest);
    if (!rebuilt) return;
    reversalStats.rebuilt += 1;
    if (!quiet || !sameFigures(latest, rebuilt)) return;
    reversalStats.comparedAfterRebuild += 1;
    const after = await balancesOf(real, owner.id);
    compare(
      `after rebuilding #${latest.id} as #${rebuilt.id}`,
      after,
      before,
      new Set([...before.keys(), ...after.keys()]),
    );
  }),
);

export const reversalCommands = [reverseAndRebuild];
