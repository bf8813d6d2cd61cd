import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { rowsOfResult } from '../db/query-rows';
import { centsFromDatabase } from '../db/schema/columns';

export interface JournalMismatch {
  account: 'hold_account' | 'hold_account_unreimbursed' | 'user_fund';
  id: number;
  stored: number;
  fromJournal: number;
}

/**
 * docs/decisions.md: balance = opening_balance + Σ journal rows of that hold account, its
 * unreimbursed amount = Σ its hold_account_unreimbursed rows, and a user's fund balance = Σ its
 * user_fund rows. Returns every account where that does not hold (cents); empty means balanced.
 */
export async function journalMismatches(db: DbOrTx): Promise<JournalMismatch[]> {
  const result = await db.execute(sql`
    select 'hold_account' as account, h.id, h.balance as stored,
           h.opening_balance + coalesce((select sum(j.amount) from journal_entries j
             where j.account = 'hold_account' and j.account_id = h.id), 0) as from_journal
    from hold_accounts h
    union all
    select 'hold_account_unreimbursed', h.id, h.unreimbursed_amount,
           coalesce((select sum(j.amount) from journal_entries j
             where j.account = 'hold_account_unreimbursed' and j.account_id = h.id), 0)
    from hold_accounts h
    union all
    select 'user_fund', p.user_id, p.fund_balance,
           coalesce((select sum(j.amount) from journal_entries j
             where j.account = 'user_fund' and j.account_id = p.user_id), 0)
    from profiles p`);
  const rows = rowsOfResult(
    result,
    z.object({
      account: z.string(),
      id: z.coerce.number(),
      stored: z.coerce.string(),
      from_journal: z.coerce.string(),
    }),
  );
  return rows
    .map((row) => ({
      account: row.account as JournalMismatch['account'],
      id: Number(row.id),
      stored: centsFromDatabase(row.stored),
      fromJournal: centsFromDatabase(row.from_journal),
    }))
    .filter((row) => row.stored !== row.fromJournal);
}
