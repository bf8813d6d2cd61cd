import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { type Cents, fromDollars } from '../../../domain/money';
import { advanceRequests, holdAccounts } from '../../db/schema';
import { jpeg } from '../expense-fixtures';
import { accountsOf, always, amount, command, fail, pick, user } from './command';
import { owe } from './payment-model';
import { call, dollars, type Model, type ModelLine, monthRange, type Real } from './world';

/**
 * The office's actions as fast-check commands: each runs REAL API calls (world.ts `call`), updates
 * the model with what must have happened, asserts what the answer must be, then `checkStep` runs
 * the ledger check and compares balances. Amounts are small whole dollars so sequences stay cheap.
 */

/**
 * A reimbursement report of 1–4 lines, each on the general fund or on one of the missionary's open
 * hold accounts (`hold` picks which), dated on any of the first days of November so the report's
 * line order (date, then entry) differs from the order typed; submitted.
 */
const report = fc
  .record({
    who: fc.nat(),
    lines: fc.array(
      fc.record({ amount, hold: fc.option(fc.nat(), { nil: null }), day: fc.integer({ min: 1, max: 9 }) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
  })
  .map(({ who, lines }) =>
    command(
      `report(${who}, ${lines.map((l) => `${l.amount}${l.hold === null ? '' : `h${l.hold}`}@${l.day}`).join('+')})`,
      always,
      async (model, real) => {
        const owner = user(real, who);
        const accounts = accountsOf(model).filter(
          (id) => model.holdOwner.get(id) === owner.id && !model.archived.has(id),
        );
        const created = await call(real, 'POST', '/api/expense-report', {
          token: owner.token,
          form: { type: 'reimbursement', distance_type: 'none', user_id: owner.id },
        });
        let general = 0;
        let total = 0;
        const modelLines: ModelLine[] = [];
        for (const line of lines) {
          const account = line.hold === null || accounts.length === 0 ? null : pick(accounts, line.hold);
          const date = `2026-11-0${line.day}`;
          const added = await call(real, 'POST', '/api/expense', {
            token: owner.token,
            form: {
              date,
              field_currency: String(line.amount),
              exchange_rate: '1',
              expense_code: real.categories.expense,
              expense_report_id: created.body.id,
              ...(account !== null && { hold_account_id: account }),
            },
          });
          if (added.status !== 201) fail(`expense answered ${added.status}`);
          modelLines.push({ id: added.body.id, date, amount: fromDollars(line.amount), holdAccountId: account });
          total += fromDollars(line.amount);
          if (account === null) general += fromDollars(line.amount);
        }
        const submitted = await call(real, 'PATCH', `/api/submit/expense-report/${created.body.id}`, {
          token: owner.token,
        });
        if (submitted.status !== 200) fail(`submit answered ${submitted.status}`);
        model.reports.push({
          id: created.body.id,
          userId: owner.id,
          type: 'reimbursement',
          general,
          total,
          state: 'submitted',
          advanceId: null,
          lines: modelLines,
        });
      },
    ),
  );

/** Process a submitted report: a reimbursement with a payout (paid at once), or an advance report (closes it). */
const processReport = fc
  .record({ which: fc.nat(), percent: fc.integer({ min: 0, max: 100 }) })
  .map(({ which, percent }) =>
    command(
      `process(${which}, ${percent}%)`,
      (model) => model.reports.some((r) => r.state === 'submitted'),
      async (model, real) => {
        const target = pick(
          model.reports.filter((r) => r.state === 'submitted'),
          which,
        );
        const payout = Math.round((target.total * percent) / 100);
        // The model's own plan: general lines first, then held lines in line order, each taken only
        // when its account still holds the whole line; the payout must be refused above what it covers.
        const plan = target.type === 'reimbursement' ? modelPlan(model, target.lines ?? [], payout) : null;
        const answer = await call(real, 'PATCH', `/api/process-expense-report/${target.id}`, {
          token: real.admin.token,
          form: target.type === 'reimbursement' ? { payout: dollars(payout) } : {},
        });
        // (A 409 — the report is in a pending distribution — says nothing about the payout.)
        const decided = answer.status === 200 || answer.status === 422;
        if (plan && decided && (answer.status === 422) !== payout > plan.payable) {
          fail(
            `payout ${dollars(payout)} of at most ${dollars(plan.payable)} payable answered ${answer.status}${
              answer.status === 422 ? ` "${JSON.stringify(answer.body.errors)}"` : ''
            }`,
          );
        }
        if (answer.status !== 200) return;
        target.state = 'processed';
        if (target.type === 'advance') {
          const advance = model.advances.find((a) => a.id === target.advanceId)!;
          advance.state = 'closed';
          // Fund invariant (decision 34): the cash given back lands on the fund, once, at processing.
          const back = target.cashReturned ?? 0;
          model.fund.set(target.userId, model.fund.get(target.userId)! + back);
          return;
        }
        target.payout = payout;
        // An office payout: a payment batch pays it unless it is recorded as paid by check or cash.
        owe(model.payments, { key: `r:${target.id}`, userId: target.userId, amount: payout, matDate: null });
        const generalPaid = Math.min(payout, target.general);
        model.fund.set(target.userId, model.fund.get(target.userId)! - generalPaid);
        // Each hold account pays what the model's plan says (checkStep compares it with the database).
        for (const [id, paid] of plan?.paid ?? []) model.hold.set(id, model.hold.get(id)! - paid);
      },
    ),
  );

/**
 * What a payout takes from each hold account, written apart from the app's planner: general lines
 * first; then the held lines by date, then entry; a held line is set against its account in full when
 * the account still holds it (paying what is left of the payout, up to the line), else it stays owed.
 */
function modelPlan(model: Model, lines: readonly ModelLine[], payout: Cents) {
  const general = lines.filter((l) => l.holdAccountId === null).reduce((total, l) => total + l.amount, 0);
  let left = Math.max(0, payout - general);
  let payable = general;
  const room = new Map<number, Cents>();
  const paid = new Map<number, Cents>();
  const ordered = [...lines].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  for (const line of ordered) {
    if (line.holdAccountId === null) continue;
    const id = line.holdAccountId;
    const holds = room.get(id) ?? model.hold.get(id) ?? 0;
    if (line.amount > holds) continue;
    room.set(id, holds - line.amount);
    payable += line.amount;
    const take = Math.min(left, line.amount);
    left -= take;
    paid.set(id, (paid.get(id) ?? 0) + take);
  }
  return { payable, paid };
}

/** Hold balances moved by the engine or a payout: taken from the database (the ledger check vouches). */
export async function resyncHolds(model: Model, real: Real, userId: number) {
  const rows = await real.t.ctx.db
    .select({ id: holdAccounts.id, balance: holdAccounts.balance })
    .from(holdAccounts)
    .where(eq(holdAccounts.userId, userId));
  for (const row of rows) if (model.hold.has(row.id)) model.hold.set(row.id, row.balance);
}

const requestAdvance = fc.record({ who: fc.nat(), amount }).map(({ who, amount: requested }) =>
  command(`requestAdvance(${who}, ${requested})`, always, async (model, real) => {
    const owner = user(real, who);
    // Decision 34: the same amount asked again on the same (frozen) day is asked about first.
    const again = model.advances.some((a) => a.userId === owner.id && a.requested === fromDollars(requested));
    const form = { amount_requested: String(requested), status: 'requested', user_id: owner.id };
    const first = await call(real, 'POST', '/api/advance-request', { token: owner.token, form });
    if (first.status !== (again ? 409 : 201)) fail(`advance request answered ${first.status} (a repeat: ${again})`);
    const created = again
      ? await call(real, 'POST', '/api/advance-request', {
          token: owner.token,
          form: { ...form, confirm_duplicate: 1 },
        })
      : first;
    if (created.status !== 201) fail(`confirmed advance request answered ${created.status}`);
    model.advances.push({
      id: created.body.id,
      userId: owner.id,
      requested: fromDollars(requested),
      approved: null,
      state: 'requested',
      paid: 0,
    });
  }),
);

/** Approve a requested advance outside any distribution, with or without the MAT date it is due. */
const approveAdvance = fc
  .record({ which: fc.nat(), percent: fc.integer({ min: 1, max: 100 }), dated: fc.boolean() })
  .map(({ which, percent, dated }) =>
    command(
      `approveAdvance(${which}, ${percent}%${dated ? ', dated' : ''})`,
      (model) => model.advances.some((a) => a.state === 'requested'),
      async (model, real) => {
        const target = pick(
          model.advances.filter((a) => a.state === 'requested'),
          which,
        );
        const approved = Math.max(100, Math.round((target.requested * percent) / 10_000) * 100);
        const due = monthRange(model.month.get(target.userId)!).start_date.replace(/01$/, '15');
        const answer = await call(real, 'PATCH', `/api/advance-request/${target.id}`, {
          token: real.admin.token,
          form: { amount_approved: dollars(approved), status: 'approved', ...(dated && { mat_date: due }) },
        });
        if (answer.status !== 200) return;
        target.state = 'approved';
        target.approved = approved;
      },
    ),
  );

/**
 * The missionary reports an approved advance (receipt, expenses) and submits the report; `back`
 * percent of it (whole dollars) is declared as cash returned and the expenses make up the rest.
 */
const reportAdvance = fc.record({ which: fc.nat(), back: fc.integer({ min: 0, max: 100 }) }).map(({ which, back }) =>
  command(
    `reportAdvance(${which}, ${back}% back)`,
    (model) => model.advances.some((a) => a.state === 'approved'),
    async (model, real) => {
      const target = pick(
        model.advances.filter((a) => a.state === 'approved'),
        which,
      );
      const owner = real.missionaries.find((m) => m.id === target.userId)!;
      const created = await call(real, 'POST', '/api/expense-report', {
        token: owner.token,
        form: { type: 'advance', distance_type: 'none', user_id: owner.id, advance_request_id: target.id },
      });
      if (created.status !== 201) return;
      const cashReturned = Math.floor((target.approved! * back) / 10_000) * 100;
      const spent = target.approved! - cashReturned;
      await call(real, 'POST', '/api/expense', {
        token: owner.token,
        form: {
          date: '2026-11-10',
          field_currency: dollars(spent),
          exchange_rate: '1',
          expense_code: real.categories.advance,
          expense_report_id: created.body.id,
        },
      });
      await call(real, 'POST', '/api/fileUpload', {
        token: owner.token,
        multipart: {
          expense_report_id: String(created.body.id),
          file: { content: jpeg(), filename: 'r.jpg', type: 'image/jpeg' },
        },
      });
      const submitted = await call(real, 'PATCH', `/api/submit/expense-report/${created.body.id}`, {
        token: owner.token,
        form: { cash_returned: dollars(cashReturned) },
      });
      if (submitted.status !== 200) {
        const [stored] = await real.t.ctx.db.select().from(advanceRequests).where(eq(advanceRequests.id, target.id));
        fail(
          `advance report submit answered ${submitted.status}: the model approved ${dollars(target.approved!)}, the database ${JSON.stringify(stored)}`,
        );
      }
      target.state = 'submitted';
      model.reports.push({
        id: created.body.id,
        userId: owner.id,
        type: 'advance',
        general: 0,
        total: spent,
        state: 'submitted',
        advanceId: target.id,
        cashReturned,
      });
    },
  ),
);

export const reportCommands = [report, processReport, requestAdvance, approveAdvance, reportAdvance];
