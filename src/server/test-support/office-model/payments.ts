import fc from 'fast-check';
import { addDays, isoDateOf } from '../../../domain/dates';
import { fromDollars } from '../../../domain/money';
import { returnReasonsOf } from '../../../domain/payments/return-reasons';
import { command, fail, pick } from './command';
import { changeDetails } from './payees';
import {
  addTo,
  drafts,
  expectedStatus,
  type ModelBatch,
  type ModelPaymentLine,
  type OwedItem,
  type PaymentModel,
  paymentStats,
  prenoteFirst,
} from './payment-model';
import { reversePaid } from './payment-reversals';
import { call, type Model, monthRange, type Real } from './world';

/**
 * Paying people in the office model (docs/payments.md): a batch built from the approved distributions
 * and office payouts the model owes, released by an admin (who has no second factor, so no code is
 * asked: docs/payments.md "Release"), returns recorded on released lines, payees changing their bank
 * details, drafts discarded. Each answer is compared line by line with what the model planned; after
 * every step `paymentProblems` (payment-model.ts) compares the stored batches and what they paid.
 */

type WireLine = { id: number; user_id: number; amount: number; method: string; status: string };
type WireBatch = {
  id: number;
  status: string;
  lines: Array<WireLine & { distribution_ids: number[]; report_ids: number[] }>;
};

const free = (p: PaymentModel) => [...p.owed.values()].filter((item) => item.batchId === null);
const itemsOf = (line: WireBatch['lines'][number]) =>
  [...line.distribution_ids.map((id) => `d:${id}`), ...line.report_ids.map((id) => `r:${id}`)].sort();

/** The lines the model expects a batch of these items to have: one per payee, by the payee's details. */
function plan(p: PaymentModel, items: readonly OwedItem[]): Map<number, Omit<ModelPaymentLine, 'id'>> {
  const lines = new Map<number, Omit<ModelPaymentLine, 'id'>>();
  for (const item of items) {
    const payee = p.payees.get(item.userId);
    const line: Omit<ModelPaymentLine, 'id'> = lines.get(item.userId) ?? {
      userId: item.userId,
      amount: 0,
      method: payee?.method ?? 'none',
      ...expectedStatus(payee),
      version: payee?.version ?? 0,
      items: [],
    };
    line.amount += item.amount;
    line.items.push(item.key);
    lines.set(item.userId, line);
  }
  return lines;
}

/** The answer's lines are the model's, payee by payee: amount, method, status and what each pays. */
function compareBatch(answer: WireBatch, batch: ModelBatch, when: string) {
  const problems: string[] = [];
  if (answer.lines.length !== batch.lines.length)
    problems.push(`${answer.lines.length} lines, the model has ${batch.lines.length}`);
  for (const line of batch.lines) {
    const got = answer.lines.find((l) => l.id === line.id);
    const want = `${line.userId} ${line.amount} ${line.method} ${line.status} [${[...line.items].sort()}]`;
    const have = got && `${got.user_id} ${fromDollars(got.amount)} ${got.method} ${got.status} [${itemsOf(got)}]`;
    if (have !== want) problems.push(`line #${line.id} is ${have ?? 'missing'}, the model expects ${want}`);
  }
  if (answer.status !== batch.status) problems.push(`batch is ${answer.status}, the model's ${batch.status}`);
  if (problems.length > 0) fail(`${when} batch #${batch.id}: ${problems.join('; ')}`);
}

type BuildChoice = { byIds: boolean; which: number; count: number };

/**
 * Builds a batch of what the model owes and is free: by MAT date (`which` picks one it owes
 * distributions of, and every free office payout comes along) or of `count` distributions by id
 * (their payees' payouts come along). The answer must be the model's plan; the model's draft, or null.
 */
async function buildBatch(model: Model, real: Real, { byIds, which, count }: BuildChoice): Promise<ModelBatch | null> {
  const p = model.payments;
  const open = free(p);
  const distributions = open.filter((item) => item.matDate !== null);
  const payouts = open.filter((item) => item.matDate === null);
  let json: { mat_date: string } | { distribution_ids: number[] };
  let chosen: OwedItem[];
  if (byIds && distributions.length > 0) {
    const picked = [...new Set(Array.from({ length: count }, (_, i) => pick(distributions, which + i)))];
    const payees = new Set(picked.map((item) => item.userId));
    json = { distribution_ids: picked.map((item) => Number(item.key.slice(2))) };
    chosen = [...picked, ...payouts.filter((item) => payees.has(item.userId))];
  } else {
    const dates = [...new Set(distributions.map((item) => item.matDate ?? ''))].sort();
    const matDate = dates.length > 0 ? pick(dates, which) : monthRange(0).end_date;
    json = { mat_date: matDate };
    // Every office payout of the model was made on the clock's day, before any MAT date.
    chosen = [...distributions.filter((item) => item.matDate === matDate), ...payouts];
  }
  const planned = plan(p, chosen);
  const answer = await call(real, 'POST', '/api/payment-batches', { token: real.admin.token, json });
  // Nothing to pay for that MAT date is a 422 on it (a pick of free items always finds some).
  if (answer.status !== (planned.size > 0 ? 201 : 422)) {
    fail(`building a batch of ${planned.size} planned lines answered ${answer.status}`);
  }
  if (answer.status !== 201) return null;
  const body: WireBatch = answer.body;
  const batch: ModelBatch = {
    id: body.id,
    status: 'draft',
    releasedOn: null,
    lines: [...planned.values()].map((line) => ({
      ...line,
      id: body.lines.find((l) => l.user_id === line.userId)?.id ?? 0,
    })),
  };
  compareBatch(body, batch, 'built');
  p.batches.push(batch);
  for (const key of chosen.map((item) => item.key)) p.owed.get(key)!.batchId = batch.id;
  paymentStats.built += 1;
  return batch;
}

const buildChoice = fc.record({ byIds: fc.boolean(), which: fc.nat(), count: fc.integer({ min: 1, max: 3 }) });
const buildLabel = ({ byIds, which, count }: BuildChoice) =>
  `${byIds ? `${count} distributions` : 'MAT date'}, ${which}`;

const build = buildChoice.map((choice) =>
  command(
    `buildBatch(${buildLabel(choice)})`,
    (model) => free(model.payments).length > 0,
    async (model, real) => {
      await buildBatch(model, real, choice);
    },
  ),
);

/** A line left out of a draft: what it held is free for a later batch. */
async function leaveOut(p: PaymentModel, real: Real, batch: ModelBatch, line: ModelPaymentLine) {
  const answer = await call(real, 'DELETE', `/api/payment-batches/${batch.id}/lines/${line.id}`, {
    token: real.admin.token,
  });
  if (answer.status !== 200) fail(`leaving out line #${line.id} answered ${answer.status}`);
  batch.lines = batch.lines.filter((l) => l !== line);
  for (const key of line.items) p.owed.get(key)!.batchId = null;
  compareBatch(answer.body, batch, 'after leaving a line out of');
}

async function clear(real: Real, batch: ModelBatch, line: ModelPaymentLine, to: ModelPaymentLine['status']) {
  const answer = await call(real, 'POST', `/api/payment-batches/${batch.id}/lines/${line.id}/clear`, {
    token: real.admin.token,
  });
  if (answer.status !== 200) fail(`clearing ${line.status} line #${line.id} answered ${answer.status}`);
  line.status = to;
  line.heldCode = null;
  compareBatch(answer.body, batch, 'after clearing a line of');
}

/** A draft discarded: everything it held is free again. */
async function discardDraft(p: PaymentModel, real: Real, batch: ModelBatch) {
  const answer = await call(real, 'DELETE', `/api/payment-batches/${batch.id}`, { token: real.admin.token });
  if (answer.status !== 200) fail(`discarding draft #${batch.id} answered ${answer.status}`);
  for (const key of batch.lines.flatMap((line) => line.items)) p.owed.get(key)!.batchId = null;
  p.batches = p.batches.filter((b) => b !== batch);
  paymentStats.discarded += 1;
}

/**
 * Release a draft as the office would (with none, build one first): held lines whose details changed
 * are cleared (checked), lines that cannot be (no details, a return) left out; `waive` pays prenote
 * lines at once; `drop` leaves one more line out. Refused (409) when nothing is left to send. Now and
 * then (`discard`) the office discards the draft instead.
 */
const release = fc
  .record({
    which: fc.nat(),
    waive: fc.constantFrom(false, false, true),
    drop: fc.constantFrom(null, null, null, 0, 1),
    discard: fc.constantFrom(false, false, false, false, false, true),
    build: buildChoice,
  })
  .map(({ which, waive, drop, discard, build: choice }) =>
    command(
      `releaseBatch(${which}${waive ? ', pay prenotes now' : ''}${drop === null ? '' : `, leave out ${drop}`}${discard ? ', or discard it' : ''}; else build ${buildLabel(choice)})`,
      (model) => drafts(model.payments).length > 0 || free(model.payments).length > 0,
      async (model, real) => {
        const p = model.payments;
        if (discard && drafts(p).length > 0) return discardDraft(p, real, pick(drafts(p), which));
        // No draft to release: the office drafts one first, in the same step.
        const batch = drafts(p).length > 0 ? pick(drafts(p), which) : await buildBatch(model, real, choice);
        if (!batch) return;
        for (const line of [...batch.lines]) {
          const payee = p.payees.get(line.userId);
          if (line.status === 'held' && line.heldCode === 'details_changed') {
            await clear(real, batch, line, prenoteFirst(payee) ? 'prenote' : 'pending');
          } else if (line.status === 'held') await leaveOut(p, real, batch, line);
          if (waive && line.status === 'prenote') await clear(real, batch, line, 'pending');
        }
        if (drop !== null && batch.lines.length > 0) await leaveOut(p, real, batch, pick(batch.lines, drop));
        const sending = batch.lines.filter((line) => line.status === 'pending' || line.status === 'prenote');
        const answer = await call(real, 'POST', `/api/payment-batches/${batch.id}/release`, {
          token: real.admin.token,
        });
        if (answer.status !== (sending.length > 0 ? 200 : 409)) {
          fail(`releasing batch #${batch.id} sending ${sending.length} lines answered ${answer.status}`);
        }
        if (answer.status !== 200) return;
        released(p, batch, isoDateOf(real.t.clock.now()));
        compareBatch(answer.body, batch, 'released');
        paymentStats.released += 1;
      },
    ),
  );

/** What a release did in the model: pending lines paid, prenotes' items free, sent details proven. */
function released(p: PaymentModel, batch: ModelBatch, today: string) {
  batch.status = 'released';
  batch.releasedOn = today;
  for (const line of batch.lines) {
    if (line.status !== 'pending' && line.status !== 'prenote') continue;
    const payee = p.payees.get(line.userId);
    if (payee && payee.version === line.version) {
      payee.reviewed = line.version;
      payee.proven = line.version;
    }
    if (line.status === 'prenote') {
      for (const key of line.items) p.owed.get(key)!.batchId = null;
      line.items = [];
      paymentStats.prenotes += 1;
      continue;
    }
    line.status = 'paid';
    addTo(p.paidOut, line.userId, line.amount);
    for (const key of line.items) {
      if (p.paid.has(key)) fail(`${key} paid a second time, by batch #${batch.id}`);
      p.paid.add(key);
    }
    paymentStats.linesPaid += 1;
  }
}

/**
 * Record a return on a line of a released batch, with a code of the line's method (an ACH R-code,
 * a wire's ISO reason, VOID for a check), after trying to reverse the distribution it paid (refused,
 * payment-reversals.ts): 201 for a paid line — the amount back on the fund, the
 * payee held until the details change — and 409 for a prenote or a line already returned.
 */
const recordReturn = fc
  .record({ which: fc.nat(), code: fc.nat(), days: fc.integer({ min: 0, max: 20 }) })
  .map(({ which, code, days }) =>
    command(
      `recordReturn(${which}, code ${code}, +${days} days)`,
      (model) => model.payments.batches.some((b) => b.status === 'released' && b.lines.length > 0),
      async (model, real) => {
        const p = model.payments;
        const lines = p.batches
          .filter((b) => b.status === 'released')
          .flatMap((batch) => batch.lines.map((line) => ({ batch, line })));
        const { batch, line } = pick(lines, which);
        const paid = line.items.find((key) => key.startsWith('d:'));
        // An office that first tries to undo the month is refused and pointed to returns.
        if (paid) await reversePaid(model, real, Number(paid.slice(2)), line.userId);
        const codes = Object.keys(returnReasonsOf(line.method));
        if (codes.length === 0) fail(`line #${line.id} of released batch #${batch.id} has no payout method`);
        const url = `/api/payment-batches/${batch.id}/returns`;
        const json = { line_id: line.id, code: pick(codes, code) };
        // A return date after today is refused on the date alone (422, nothing kept); the office then
        // records it dated today. The model's clock stands still, so every later day is such a date.
        const today = isoDateOf(real.t.clock.now());
        const bankDate = addDays(batch.releasedOn!, days);
        if (bankDate > today && line.status === 'paid') {
          const early = await call(real, 'POST', url, { token: real.admin.token, json: { ...json, date: bankDate } });
          if (early.status !== 422) fail(`a return dated ${bankDate} (today ${today}) answered ${early.status}`);
        }
        const date = bankDate > today ? today : bankDate;
        const answer = await call(real, 'POST', url, { token: real.admin.token, json: { ...json, date } });
        const expected = line.status === 'paid' ? 201 : 409;
        if (answer.status !== expected) fail(`a return on ${line.status} line #${line.id} answered ${answer.status}`);
        if (answer.status !== 201) return;
        line.status = 'returned';
        model.fund.set(line.userId, model.fund.get(line.userId)! + line.amount);
        addTo(p.paidOut, line.userId, -line.amount);
        addTo(p.returned, line.userId, line.amount);
        const payee = p.payees.get(line.userId);
        if (payee && payee.version === line.version) payee.returned = line.version;
        compareBatch(answer.body, batch, 'after a return on');
        paymentStats.returned += 1;
      },
    ),
  );

/** An item the office no longer owes through a batch (reversed, or paid by check or cash): it must be free. */
export function settleOtherwise(model: Model, key: string) {
  const item = model.payments.owed.get(key);
  if (item && item.batchId !== null) fail(`${key} left the books while batch #${item.batchId} holds it`);
  model.payments.owed.delete(key);
}

export const paymentCommands = [build, release, recordReturn, changeDetails];
