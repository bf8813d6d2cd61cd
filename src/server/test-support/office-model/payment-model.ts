import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Cents, formatUSD } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import type { payeeBankDetails } from '../../db/schema';
import { centsFromDatabase } from '../../db/schema/columns';

/**
 * The payments side of the office model (docs/payments.md): what the office owes each missionary and
 * has not sent yet, the batches it drafted and released, and what the model expects each to have paid.
 * The commands (payments.ts) update it; `paymentProblems` compares it with the database after every step.
 */

export type Method = 'ach' | 'wire' | 'check' | 'none';
export type LineState = 'pending' | 'held' | 'prenote' | 'paid' | 'returned';

/** What a batch pays: an approved distribution's "paid to you" or an office payout. */
export interface OwedItem {
  /** `d:ID` a distribution, `r:ID` an office payout (its expense report). */
  key: string;
  userId: number;
  amount: Cents;
  /** A distribution's MAT date (its end date); null for an office payout. */
  matDate: string | null;
  /** The batch holding it, or null while it is free. */
  batchId: number | null;
}

export interface ModelPaymentLine {
  id: number;
  userId: number;
  amount: Cents;
  method: Method;
  status: LineState;
  heldCode: string | null;
  /** The payee's details version the line carries. */
  version: number;
  items: string[];
}

export interface ModelBatch {
  id: number;
  status: 'draft' | 'released';
  releasedOn: string | null;
  lines: ModelPaymentLine[];
}

/** A payee's details as the model knows them: the method and which version was reviewed, proven, returned. */
export interface ModelPayee {
  method: Method;
  version: number;
  reviewed: number;
  proven: number | null;
  returned: number | null;
}

export interface PaymentModel {
  owed: Map<string, OwedItem>;
  batches: ModelBatch[];
  /** Released batch lines less returns, per missionary: what left the bank and stayed out. */
  paidOut: Map<number, Cents>;
  returned: Map<number, Cents>;
  /** Items a released batch paid: paying one again fails the run. */
  paid: Set<string>;
  payees: Map<number, ModelPayee>;
  /** The last account number handed out, so every change of details is a change. */
  accounts: number;
}

/** How often each part ran (printed by `npm run check:model`). */
export const paymentStats = {
  built: 0,
  released: 0,
  linesPaid: 0,
  prenotes: 0,
  returned: 0,
  /** Reversals refused because a released batch holds the distribution, and because a draft does. */
  reversalsRefused: 0,
  reversalsRefusedDraft: 0,
  detailsChanged: 0,
  discarded: 0,
};

export type BankRow = typeof payeeBankDetails.$inferSelect;

/** A sequence's opening: nothing owed, no batch, every payee's details reviewed and proven. */
export function newPaymentModel(bankRows: readonly BankRow[]): PaymentModel {
  const payees = new Map<number, ModelPayee>();
  for (const row of bankRows) {
    payees.set(row.userId, {
      method: row.payoutMethod as Method,
      version: row.version,
      reviewed: row.version,
      proven: row.version,
      returned: null,
    });
  }
  return {
    owed: new Map(),
    batches: [],
    paidOut: new Map(),
    returned: new Map(),
    paid: new Set(),
    payees,
    accounts: 0,
  };
}

/** An approved distribution or a payout the office now owes; nothing to pay (≤ $0.00) is never in a batch. */
export function owe(model: PaymentModel, item: Omit<OwedItem, 'batchId'>): void {
  if (item.amount > 0) model.owed.set(item.key, { ...item, batchId: null });
}

export const drafts = (p: PaymentModel) => p.batches.filter((b) => b.status === 'draft');

export const heldBy = (model: PaymentModel, key: string): ModelBatch | null => {
  const id = model.owed.get(key)?.batchId ?? null;
  return id === null ? null : (model.batches.find((b) => b.id === id) ?? null);
};

/** A line's status for this payee as the model reads docs/payments.md "Holds" and "Prenotes". */
export function expectedStatus(payee: ModelPayee | undefined): { status: LineState; heldCode: string | null } {
  if (!payee || payee.method === 'none') return { status: 'held', heldCode: 'no_details' };
  if (payee.returned === payee.version) return { status: 'held', heldCode: 'returned' };
  if (payee.version !== payee.reviewed) return { status: 'held', heldCode: 'details_changed' };
  return { status: prenoteFirst(payee) ? 'prenote' : 'pending', heldCode: null };
}

export const prenoteFirst = (payee: ModelPayee | undefined) =>
  payee?.method === 'ach' && payee.proven !== payee.version;

export const addTo = (map: Map<number, Cents>, userId: number, amount: Cents) =>
  map.set(userId, (map.get(userId) ?? 0) + amount);

const ZStoredLine = z.object({
  id: z.coerce.number(),
  batch_id: z.coerce.number(),
  user_id: z.coerce.number(),
  status: z.string(),
  batch_status: z.string(),
  amount: z.string(),
  items: z.string(),
  items_amount: z.string(),
  journal_returned: z.string(),
});

/**
 * The payment invariants, read in SQL of its own: every stored line is the model's (status, amount,
 * items), no item is in two lines, a line that went out pays exactly its items, a returned line has
 * its journal row putting the amount back on the fund (and nothing else does), and per missionary
 * and in total: released lines less returns is what the model expects paid out.
 */
export async function paymentProblems(db: DbOrTx, model: PaymentModel): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select l.id, l.batch_id, l.user_id, l.status, b.status as batch_status, l.amount::text as amount,
        coalesce(string_agg(coalesce('d:' || i.distribution_id, 'r:' || i.expense_report_id), ','
          order by coalesce('d:' || i.distribution_id, 'r:' || i.expense_report_id)), '') as items,
        coalesce(sum(i.amount), 0)::text as items_amount,
        (select coalesce(sum(j.amount), 0) from journal_entries j
          where j.reason = 'payment_return' and j.ref_type = 'payment_line' and j.ref_id = l.id)::text as journal_returned
      from payment_lines l join payment_batches b on b.id = l.batch_id
      left join payment_line_items i on i.line_id = l.id
      group by l.id, b.status order by l.id`,
    ZStoredLine,
  );
  const problems: string[] = [];
  const expected = new Map(model.batches.flatMap((b) => b.lines.map((line) => [line.id, { batch: b, line }] as const)));
  const seen = new Set<string>();
  const paidOut = new Map<number, Cents>();
  for (const row of rows) {
    const amount = centsFromDatabase(row.amount);
    const items = row.items === '' ? [] : row.items.split(',');
    for (const key of items) {
      if (seen.has(key)) problems.push(`${key} is in two payment lines`);
      seen.add(key);
    }
    const went = row.batch_status === 'released' && (row.status === 'paid' || row.status === 'returned');
    if (went) addTo(paidOut, row.user_id, amount);
    if (row.status === 'returned') addTo(paidOut, row.user_id, -amount);
    if (went && centsFromDatabase(row.items_amount) !== amount)
      problems.push(`line #${row.id} paid ${formatUSD(amount)} for items of ${row.items_amount}`);
    const backOnFund = centsFromDatabase(row.journal_returned);
    if (backOnFund !== (row.status === 'returned' ? amount : 0))
      problems.push(`line #${row.id} (${row.status}) has ${formatUSD(backOnFund)} back on the fund in the journal`);
    const mine = expected.get(row.id);
    expected.delete(row.id);
    if (!mine) {
      problems.push(`line #${row.id} of batch #${row.batch_id} is not the model's`);
      continue;
    }
    const want = [...mine.line.items].sort().join(',');
    const state = `${row.batch_status} ${row.status} ${amount} [${row.items}]`;
    if (state !== `${mine.batch.status} ${mine.line.status} ${mine.line.amount} [${want}]`)
      problems.push(
        `line #${row.id} is ${state}, the model expects ${mine.batch.status} ${mine.line.status} ${mine.line.amount} [${want}]`,
      );
  }
  for (const id of expected.keys()) problems.push(`the model's line #${id} is not stored`);
  const users = new Set([...paidOut.keys(), ...model.paidOut.keys()]);
  for (const userId of users) {
    const stored = paidOut.get(userId) ?? 0;
    const wanted = model.paidOut.get(userId) ?? 0;
    if (stored !== wanted)
      problems.push(`user #${userId} was paid out ${formatUSD(stored)}, the model expects ${formatUSD(wanted)}`);
  }
  const total = (map: Map<number, Cents>) => [...map.values()].reduce((a, b) => a + b, 0);
  if (total(paidOut) !== total(model.paidOut))
    problems.push(`${formatUSD(total(paidOut))} paid out in all, the model expects ${formatUSD(total(model.paidOut))}`);
  return problems;
}
