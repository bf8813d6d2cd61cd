import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IsoDate } from '../../domain/dates';
import { PAYOUT_PAID_METHODS } from '../../domain/expense-reports/schemas';
import type { OfficePayout, OfficePayoutPart, PreviousStatement } from '../../domain/reports/office-payouts';
import type { DbOrTx } from '../db/client';
import { queryRow, queryRows } from '../db/query-rows';
import { centsFromDatabase } from '../db/schema/columns';
import { COLLATOR } from './load-distributions';

/**
 * Office payouts (payouts made when processing a report) as the statement and the journal show them
 * (src/domain/reports/office-payouts.ts). Their sources come from the journal rows processing wrote
 * (reason expense_report_payout): the missionary's fund row names the report, a hold-account row
 * names its withdrawal, whose expense names the report. So what is shown is what was booked.
 */

const ZPayoutRow = z.object({
  report_id: z.coerce.number(),
  user_id: z.coerce.number(),
  user_name: z.string(),
  missionary_number: z.string().nullable(),
  paid_on: z.string(),
  method: z.enum(PAYOUT_PAID_METHODS).nullable(),
  reference: z.string().nullable(),
});

const ZPartRow = z.object({
  report_id: z.coerce.number(),
  hold_account_id: z.coerce.number().nullable(),
  fund_name: z.string().nullable(),
  amount: z.string(),
});

/** The processing audit row's id: the order of payouts and approvals of one missionary (both take the profile's lock). */
export const processKey = sql`(select max(a.id) from audit_events a
  where a.entity_type = 'expense_report' and a.entity_id = r.id and a.action = 'process')`;

export async function payoutsWhere(db: DbOrTx, condition: SQL): Promise<OfficePayout[]> {
  const rows = await queryRows(
    db,
    sql`select r.id as report_id, r.user_id, u.name as user_name, u.missionary_number,
        to_char(r.processed_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on,
        r.payout_paid_method as method, r.payout_paid_reference as reference
      from expense_reports r join users u on u.id = r.user_id
      where r.type = 'reimbursement' and r.processed and r.distribution_id is null and r.payout > 0
        and r.processed_at is not null and ${condition}
      order by r.processed_at, r.id`,
    ZPayoutRow,
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.report_id);
  const parts = await queryRows(
    db,
    sql`select j.ref_id as report_id, null::int as hold_account_id, null::text as fund_name, (-sum(j.amount))::text as amount
        from journal_entries j
        where j.account = 'user_fund' and j.reason = 'expense_report_payout' and j.ref_type = 'expense_report'
          and j.ref_id = any(${sql.param(ids)}::int[])
        group by j.ref_id
      union all
      select e.expense_report_id, h.id, h.fund_name, (-sum(j.amount))::text
        from journal_entries j
        join hold_account_transactions t on t.id = j.ref_id
        join expenses e on e.id = t.expense_id
        join hold_accounts h on h.id = j.account_id
        where j.account = 'hold_account' and j.reason = 'expense_report_payout' and j.ref_type = 'hold_account_transaction'
          and e.expense_report_id = any(${sql.param(ids)}::int[])
        group by e.expense_report_id, h.id, h.fund_name`,
    ZPartRow,
  );
  const byReport = new Map<number, OfficePayoutPart[]>();
  for (const part of parts) {
    const list = byReport.get(part.report_id) ?? [];
    list.push({
      holdAccountId: part.hold_account_id,
      fundName: part.fund_name ?? '',
      amount: centsFromDatabase(part.amount),
    });
    byReport.set(part.report_id, list);
  }
  return rows
    .map((row) => ({
      reportId: row.report_id,
      userId: row.user_id,
      userName: row.user_name,
      missionaryNumber: row.missionary_number,
      date: row.paid_on,
      parts: (byReport.get(row.report_id) ?? [])
        .filter((part) => part.amount !== 0)
        .sort(
          (a, b) =>
            Number(a.holdAccountId !== null) - Number(b.holdAccountId !== null) ||
            COLLATOR.compare(a.fundName, b.fundName),
        ),
      paidOtherwise: row.method && row.reference ? { method: row.method, reference: row.reference } : null,
    }))
    .filter((payout) => payout.parts.length > 0);
}

/**
 * The window of one distribution's statement: after the missionary's previous approval and before
 * this one, by the order of the audit rows both write (processing and approving take the profile's
 * lock). `key` is null for a distribution approved before audit rows existed.
 */
export async function statementWindow(db: DbOrTx, distribution: { id: number; userId: number }) {
  const keys = await queryRow(
    db,
    sql`with mine as (
        select max(a.id) as key from audit_events a
        where a.entity_type = 'distribution' and a.action = 'approve' and a.entity_id = ${distribution.id}
      ), earlier as (
        select a.id as key, d.end_date, d.ending_balance from audit_events a
        join distributions d on d.id = a.entity_id
        where a.entity_type = 'distribution' and a.action = 'approve' and d.user_id = ${distribution.userId}
          and a.id < (select key from mine)
        order by a.id desc limit 1
      )
      select (select key from mine) as key, e.key as previous_key, e.end_date::text as end_date,
        e.ending_balance::text as ending_balance
      from (select 1) one left join earlier e on true`,
    z.object({
      key: z.coerce.number().nullable(),
      previous_key: z.coerce.number().nullable(),
      end_date: z.string().nullable(),
      ending_balance: z.string().nullable(),
    }),
  );
  const previous: PreviousStatement | null =
    keys.end_date !== null && keys.ending_balance !== null
      ? { endDate: keys.end_date, endingBalance: centsFromDatabase(keys.ending_balance) }
      : null;
  return { key: keys.key, previousKey: keys.previous_key ?? 0, previous };
}

/**
 * The payouts on one distribution's statement (those processed inside its window, statementWindow)
 * and that previous statement's ending balance. A distribution approved before audit rows existed
 * shows none.
 */
export async function statementPayouts(
  db: DbOrTx,
  distribution: { id: number; userId: number },
): Promise<{ payouts: OfficePayout[]; previous: PreviousStatement | null }> {
  const window = await statementWindow(db, distribution);
  if (window.key === null) return { payouts: [], previous: null };
  const payouts = await payoutsWhere(
    db,
    sql`r.user_id = ${distribution.userId} and ${processKey} < ${window.key} and ${processKey} > ${window.previousKey}`,
  );
  return { payouts, previous: window.previous };
}

/** The payouts a MAT Day's journal carries: paid after `after` (exclusive) up to `upTo` (inclusive). */
export async function journalPayouts(db: DbOrTx, after: IsoDate | null, upTo: IsoDate): Promise<OfficePayout[]> {
  const day = sql`(r.processed_at at time zone 'UTC')::date`;
  return payoutsWhere(
    db,
    after === null ? sql`${day} <= ${upTo}::date` : sql`${day} > ${after}::date and ${day} <= ${upTo}::date`,
  );
}

/**
 * Office payouts a payment batch still has to pay (docs/payments.md "Batches"): made up to `upTo`,
 * not recorded as paid by check or cash, not in a batch already; of these payees only when given.
 */
export async function unbatchedPayouts(
  db: DbOrTx,
  upTo: IsoDate,
  userIds: readonly number[] | null,
): Promise<OfficePayout[]> {
  const day = sql`(r.processed_at at time zone 'UTC')::date`;
  const payees = userIds === null ? sql`true` : sql`r.user_id = any(${sql.param([...userIds])}::int[])`;
  return payoutsWhere(
    db,
    sql`${day} <= ${upTo}::date and r.payout_paid_method is null and ${payees}
      and not exists (select 1 from payment_line_items i where i.expense_report_id = r.id)`,
  );
}
