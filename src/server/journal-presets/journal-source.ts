import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { IsoDate } from '../../domain/dates';
import { type JournalLine, type JournalLinesSource, journalLines } from '../../domain/reports/journal';
import { JOURNAL_FIGURES, journalLinesSource } from '../../domain/reports/journal-figures';
import { officePayoutJournalLines } from '../../domain/reports/office-payouts';
import { type LedgerMove, ledgerMoveLines, reversalLines } from '../../domain/reports/presets/entries';
import type { Tx } from '../db/client';
import { queryRowsDirect } from '../db/query-rows';
import { centsFromDatabase } from '../db/schema/columns';
import { fundMovementsOf, ZPostedTransaction } from '../reports/load-distributions';
import { payoutsWhere } from '../reports/load-office-payouts';

/**
 * The journal of a date range, entry by entry, read through a database cursor so an export of a
 * year is never held whole (docs/reports.md "Accounting presets"). Four sources, in date order:
 *
 * 1. approvals: each approved (or later reversed) distribution whose MAT date is in the range, as
 *    MAT-{id} with the lines of docs/reports.md "The lines of one distribution";
 * 2. reversals: each distribution reversed in the range, as REV-{id}, every line of its MAT entry
 *    swapped, on the day of the reversal;
 * 3. office payouts made in the range, as PAYOUT-{report id};
 * 4. every other move of a missionary's fund or a hold account the journal rows record, whatever
 *    wrote it (a manual adjustment, a hold-account transaction, a payment or its return), grouped by
 *    posting (reason, reference, moment, missionary) as J-{first row id} against bank clearing,
 *    on the day it was recorded (a payment's return on the bank's return date).
 *
 * The rows of approvals, their reversals and payouts are left out of 4: 1–3 book them in full.
 * The unreimbursed sub-ledgers are amounts still owed, not money, and are not booked.
 */
/**
 * Heads fetched at a time. A page is in memory while it is written and, fetched ahead, while the page
 * before it is: 2 × 150 entries × the 35–40 KB the writers allocate for each ≈ 11 MB, less than
 * V8's young generation collects at a time (16 MB), so a page dies young instead of piling up in
 * the old generation until a full collection. With pages of 300 and 1,000 a year's peak RSS grew
 * by 20–60 and 60–100 MiB, several times a quarter's; with 150 about as much as a quarter's
 * (docs/performance.md "Journal export"). One fetch answers a page: a year is about 430 round trips.
 */
const PAGE = 150;

const day = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

/**
 * The day a journal row's move is booked: the day it was recorded, but a returned payment on the
 * day the bank returned it (the return's date on its payment line), whenever it was recorded.
 */
const moved = sql`coalesce(p.return_date, ${day(sql`j.created_at`)})`;

// The columns are not null (numeric(14,2) default 0), so concat_ws never skips one.
const figureText = sql.raw(`concat_ws(' ', ${JOURNAL_FIGURES.map((figure) => `d.${figure}`).join(', ')})`);

/**
 * Every entry of the range in date order, one row a head, with what its entry needs: for an approval
 * or a reversal (source 1, 2), the distribution's who and when, its JOURNAL_FIGURES as one text in
 * that order ("1234.50 0.00 …", not twenty columns) and its hold-account transactions; for a ledger
 * move (4), the journal row. The heads are sorted narrow, then each distribution's columns joined
 * (a nested loop keeps the order), so one fetch of the cursor answers a whole page.
 */
function headsQuery(from: IsoDate, to: IsoDate): SQL {
  const within = (column: SQL) => sql`${column} between ${from}::date and ${to}::date`;
  return sql`select h.source, h.key, h.day, h.grp, h.account, h.account_id, h.amount, h.reason, h.memo,
      coalesce(x.user_id, h.user_id) as user_id, coalesce(x.user_name, h.user_name) as user_name,
      case when x.user_id is null then h.missionary_number else x.missionary_number end as missionary_number,
      h.fund_name, x.start_date, x.end_date, x.figures, x.stored, x.posted
    from (
      select 1 as source, d.id as key, d.end_date as day, d.id as grp,
        null::text as account, null::int as account_id, null::text as amount, null::text as reason, null::text as memo,
        null::int as user_id, null::text as user_name, null::text as missionary_number, null::text as fund_name
      from distributions d where d.status in ('approved', 'reversed') and ${within(sql`d.end_date`)}
    union all
      select 2, d.id, ${day(sql`d.reversed_at`)}, d.id, null, null, null, null, null, null, null, null, null
      from distributions d
      where d.status = 'reversed' and d.reversed_at is not null and ${within(day(sql`d.reversed_at`))}
    union all
      select 3, r.id, ${day(sql`r.processed_at`)}, r.id, null, null, null, null, null, null, null, null, null
      from expense_reports r
      where r.type = 'reimbursement' and r.processed and r.distribution_id is null and r.payout > 0
        and r.processed_at is not null and ${within(day(sql`r.processed_at`))}
    union all
      select 4, j.id, ${moved},
        min(j.id) over (partition by j.reason, j.ref_type, j.ref_id, j.created_at, u.id),
        j.account, j.account_id, j.amount::text, j.reason, j.memo, u.id, u.name, u.missionary_number, h.fund_name
      from journal_entries j
      left join payment_lines p on j.reason = 'payment_return' and j.ref_type = 'payment_line' and p.id = j.ref_id
      left join hold_accounts h on j.account = 'hold_account' and h.id = j.account_id
      join users u on u.id = case when j.account = 'user_fund' then j.account_id else h.user_id end
      where j.account in ('user_fund', 'hold_account') and j.reason not like 'distribution\\_%'
        and j.reason <> 'expense_report_payout' and ${within(moved)}
    ) h
    left join lateral (
      select d.user_id, d.user_name, u.missionary_number, d.start_date::text as start_date, d.end_date::text as end_date,
        ${figureText} as figures, d.hold_account_transactions as stored,
        (select json_agg(json_build_object('hold_account_id', t.hold_account_id, 'fund_name', a.fund_name,
            'transaction_type', t.transaction_type, 'amount', t.amount_approved::text) order by t.id)
          from hold_account_transactions t join hold_accounts a on a.id = t.hold_account_id
          where t.distribution_id = d.id and t.amount_approved is not null) as posted
      from distributions d join users u on u.id = d.user_id
      where h.source <= 2 and d.id = h.key
    ) x on true
    order by h.day, h.source, h.grp, h.key`;
}

const ZHead = z.object({
  source: z.coerce.number(),
  key: z.coerce.number(),
  day: z.string().transform((text) => text.slice(0, 10)),
  grp: z.coerce.number(),
  account: z.enum(['user_fund', 'hold_account']).nullable(),
  account_id: z.coerce.number().nullable(),
  amount: z.string().nullable(),
  reason: z.string().nullable(),
  memo: z.string().nullable(),
  user_id: z.coerce.number().nullable(),
  user_name: z.string().nullable(),
  missionary_number: z.string().nullable(),
  fund_name: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  figures: z.string().nullable(),
  stored: z.unknown(),
  posted: z.array(ZPostedTransaction).nullable(),
});
type Head = z.output<typeof ZHead>;

function ledgerMove(head: Head): LedgerMove {
  return {
    id: head.key,
    date: head.day,
    account: head.account ?? 'user_fund',
    accountId: head.account_id ?? 0,
    amount: centsFromDatabase(head.amount),
    reason: head.reason ?? '',
    memo: head.memo,
    userId: head.user_id ?? 0,
    userName: head.user_name ?? '',
    missionaryNumber: head.missionary_number,
    fundName: head.fund_name,
  };
}

/** An approval's or reversal's head as journalLines reads the distribution (its funds still to come). */
function distributionSource(head: Head): JournalLinesSource | null {
  if (head.figures === null || head.start_date === null || head.end_date === null) return null;
  return journalLinesSource(
    {
      id: head.key,
      user_id: head.user_id ?? 0,
      user_name: head.user_name ?? '',
      missionary_number: head.missionary_number,
      start_date: head.start_date,
      end_date: head.end_date,
    },
    head.figures.split(' ').map((text) => centsFromDatabase(text)),
    null,
  );
}

/** A page's approvals and reversals, by distribution id, with their per-fund movements. */
async function distributionSources(tx: Tx, heads: readonly Head[]): Promise<Map<number, JournalLinesSource>> {
  const sources = new Map<number, { source: JournalLinesSource; head: Head }>();
  for (const head of heads) {
    if (head.source > 2 || sources.has(head.key)) continue;
    const source = distributionSource(head);
    if (source) sources.set(head.key, { source, head });
  }
  if (sources.size === 0) return new Map();
  // The posted transactions came with the heads; only a stored list naming another fund asks the database.
  const funds = await fundMovementsOf(
    tx,
    [...sources.values()].map(({ source, head }) => ({
      id: source.id,
      storedList: head.stored,
      totals: source,
      posted: head.posted ?? [],
    })),
  );
  const answer = new Map<number, JournalLinesSource>();
  for (const [id, { source }] of sources) {
    source.funds = funds.get(id) ?? null;
    answer.set(id, source);
  }
  return answer;
}

/**
 * A head and how to make its entry's lines. The lines are made only when the entry is written, so
 * they are garbage a moment later rather than a page of objects kept alive across the awaits.
 */
type PageItem = { head: Head; lines: () => JournalLine[] };

const noLines = (): JournalLine[] => [];

/** One page of heads with what their entries need, in the page's order (ledger moves still one per row). */
async function loadPage(tx: Tx): Promise<PageItem[]> {
  const heads = await queryRowsDirect(tx, sql.raw(`fetch ${PAGE} from journal_heads`), ZHead);
  const sources = await distributionSources(tx, heads);
  const payoutIds = [...new Set(heads.filter((h) => h.source === 3).map((h) => h.key))];
  const payouts = payoutIds.length === 0 ? [] : await payoutsWhere(tx, sql`r.id = any(${sql.param(payoutIds)}::int[])`);
  const byReport = new Map(payouts.map((p) => [p.reportId, p]));
  return heads.map((head) => {
    const source = head.source <= 2 ? sources.get(head.key) : undefined;
    const payout = head.source === 3 ? byReport.get(head.key) : undefined;
    if (source && head.source === 1) return { head, lines: () => journalLines(source) };
    if (source) return { head, lines: () => reversalLines(journalLines(source), head.day, head.key) };
    if (payout) return { head, lines: () => officePayoutJournalLines(payout) };
    return { head, lines: noLines };
  });
}

/** Starts loading the next page; its failure is thrown where it is awaited, never as an unhandled rejection. */
function prefetch(tx: Tx): Promise<PageItem[]> {
  const page = loadPage(tx);
  page.catch(() => {});
  return page;
}

/**
 * Every entry of the range, as the lines of one entry at a time, in date order. Runs inside the
 * caller's transaction (a cursor lives in one); `PAGE` heads are fetched at a time, and the next
 * page is read from the database while the caller writes this one.
 */
export async function* journalEntryLines(tx: Tx, from: IsoDate, to: IsoDate): AsyncGenerator<JournalLine[]> {
  await tx.execute(sql`declare journal_heads no scroll cursor for ${headsQuery(from, to)}`);
  let moves: LedgerMove[] = [];
  let movesGroup = -1;
  let next = prefetch(tx);
  for (;;) {
    const page = await next;
    const last = page.length < PAGE;
    if (!last) next = prefetch(tx);
    for (const { head, lines } of page) {
      if (head.source === 4 && head.grp === movesGroup) {
        moves.push(ledgerMove(head));
        continue;
      }
      if (moves.length > 0) {
        const grouped = ledgerMoveLines(moves);
        if (grouped.length > 0) yield grouped;
      }
      moves = head.source === 4 ? [ledgerMove(head)] : [];
      movesGroup = head.source === 4 ? head.grp : -1;
      if (head.source !== 4) {
        const entry = lines();
        if (entry.length > 0) yield entry;
      }
    }
    if (last) break;
  }
  if (moves.length > 0) {
    const grouped = ledgerMoveLines(moves);
    if (grouped.length > 0) yield grouped;
  }
  await tx.execute(sql`close journal_heads`);
}
