import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IsoDate } from '../../domain/dates';
import type { CashReturn } from '../../domain/reports/cash-returned';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/query-rows';
import { centsFromDatabase } from '../db/schema/columns';
import { CASH_RETURNED_REASON } from '../journal/journal';
import { processKey, statementWindow } from './load-office-payouts';

/**
 * Cash returned from advances as the statement and the accounting journal show it
 * (src/domain/reports/cash-returned.ts), read from the journal rows processing wrote, so what is
 * shown is what was booked.
 */
const ZReturnRow = z.object({
  report_id: z.coerce.number(),
  advance_id: z.coerce.number(),
  user_id: z.coerce.number(),
  user_name: z.string(),
  missionary_number: z.string().nullable(),
  paid_on: z.string(),
  amount: z.string(),
});

async function returnsWhere(db: DbOrTx, condition: SQL): Promise<CashReturn[]> {
  const rows = await queryRows(
    db,
    sql`select r.id as report_id, r.advance_request_id as advance_id, r.user_id, u.name as user_name,
        u.missionary_number, to_char(r.processed_at at time zone 'UTC', 'YYYY-MM-DD') as paid_on,
        sum(j.amount)::text as amount
      from journal_entries j
      join expense_reports r on r.id = j.ref_id
      join users u on u.id = r.user_id
      where j.account = 'user_fund' and j.reason = ${CASH_RETURNED_REASON} and j.ref_type = 'expense_report'
        and r.processed_at is not null and r.advance_request_id is not null and ${condition}
      group by r.id, u.id
      order by r.processed_at, r.id`,
    ZReturnRow,
  );
  return rows
    .map((row) => ({
      reportId: row.report_id,
      advanceId: row.advance_id,
      userId: row.user_id,
      userName: row.user_name,
      missionaryNumber: row.missionary_number,
      date: row.paid_on,
      amount: centsFromDatabase(row.amount),
    }))
    .filter((item) => item.amount !== 0);
}

/** The cash returns on one distribution's statement: those processed inside its window. */
export async function statementCashReturns(db: DbOrTx, distribution: { id: number; userId: number }) {
  const window = await statementWindow(db, distribution);
  if (window.key === null) return [];
  return returnsWhere(
    db,
    sql`r.user_id = ${distribution.userId} and ${processKey} < ${window.key} and ${processKey} > ${window.previousKey}`,
  );
}

/** The cash returns a MAT Day's journal carries: deposited after `after` (exclusive) up to `upTo`. */
export async function journalCashReturns(db: DbOrTx, after: IsoDate | null, upTo: IsoDate): Promise<CashReturn[]> {
  const day = sql`(r.processed_at at time zone 'UTC')::date`;
  return returnsWhere(
    db,
    after === null ? sql`${day} <= ${upTo}::date` : sql`${day} > ${after}::date and ${day} <= ${upTo}::date`,
  );
}
