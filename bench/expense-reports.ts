/**
 * Benchmark of the expense report lists and edits on a scratch PostgreSQL database:
 * - the staff queue (`GET /paginated_expense_report?submitted=1&processed=0`, sorted, searched) through
 *   the real list code, against the same page read with one hand-written SQL statement;
 * - adding an expense to a draft that already holds many items (lock, checks, insert, recompute of the
 *   totals), against a bare INSERT of the same row.
 * Prints milliseconds per call (median of the runs) and the ratio to the baseline measured in the same
 * run. Run: node --import tsx bench/expense-reports.ts (BENCH_REPORTS, BENCH_ITEMS, BENCH_RUNS,
 * BENCH_DATABASE_URL to change).
 */
import pg from 'pg';
import type { Database } from '../src/server/db/client';
import { categories, expenseReports, expenses, users } from '../src/server/db/schema';
import { createExpense } from '../src/server/expense-reports/items';
import { paginateReports } from '../src/server/expense-reports/list-reports';
import { ensureDefaultSettings } from '../src/server/settings/settings';
import { benchContext, run, medianMs as time, withScratchDatabase } from './support';

const REPORTS = Number(process.env.BENCH_REPORTS ?? 50_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const MISSIONARIES = 2000;

async function main() {
  await withScratchDatabase('expenses', 4, async (database, url) => {
    const raw = new pg.Client({ connectionString: url });
    try {
      await measure(database, raw);
    } finally {
      await raw.end().catch(() => undefined);
    }
  });
}

async function measure(database: Database, raw: pg.Client) {
  const db = database.db;
  await ensureDefaultSettings(db);
  const [category] = await db
    .insert(categories)
    .values({ expenseCategory: 'Lodging', description: 'Rooms', expense: true })
    .returning();
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: MISSIONARIES }, (_, i) => ({
        name: `Missionary ${String(i).padStart(4, '0')}`,
        email: `m${i}@bench.example`,
        passwordHash: 'x',
        role: 'missionary',
        missionaryNumber: `M${i}`,
      })),
    )
    .returning({ id: users.id });
  for (let offset = 0; offset < REPORTS; offset += 5000) {
    const batch = Array.from({ length: Math.min(5000, REPORTS - offset) }, (_, j) => {
      const i = offset + j;
      const submitted = i % 4 !== 0;
      return {
        type: 'reimbursement',
        userId: people[i % MISSIONARIES].id,
        totalAmount: (i * 7919) % 500_000,
        unreimbursedAmount: (i * 7919) % 500_000,
        startDate: '2026-03-01',
        endDate: '2026-03-20',
        submitted,
        processed: submitted && i % 3 === 0,
        dateSubmitted: submitted ? '2026-03-21' : null,
      };
    });
    await db.insert(expenseReports).values(batch);
  }
  const ownerId = people[0].id;
  const [draft] = await db.insert(expenseReports).values({ type: 'reimbursement', userId: ownerId }).returning();
  await db.insert(expenses).values(
    Array.from({ length: ITEMS }, (_, i) => ({
      expenseReportId: draft.id,
      date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
      expenseCode: category.id,
      fieldCurrency: '10.00',
      exchangeRate: '1',
      usdAmount: 1000,
    })),
  );
  await raw.connect();
  await raw.query('analyze');

  const bench = benchContext(database);
  const ctx = bench.context;
  const actor = { id: ownerId, name: 'Missionary 0000', email: 'm0@bench.example', role: 'missionary' as const };

  const pageOf = (run: number) => ({
    page: Math.max(0, run) % 20,
    limit: 30,
    orderBy: 'total_amount' as const,
    cursor: null,
    order: 'desc' as const,
    q: null,
  });
  const listMs = await time(RUNS, (run) => paginateReports(db, pageOf(run), { submitted: true, processed: false }));
  const listSql = await time(RUNS, (run) =>
    Promise.all([
      raw.query(
        `select r.*, u.name, u.missionary_number from expense_reports r join users u on u.id = r.user_id
           where r.archived_at is null and r.submitted and not r.processed
           order by r.total_amount desc, r.id desc limit 30 offset $1`,
        [(Math.max(0, run) % 20) * 30],
      ),
      raw.query(
        'select count(*) from expense_reports r join users u on u.id = r.user_id where r.archived_at is null and r.submitted and not r.processed',
      ),
    ]),
  );
  const searchMs = await time(RUNS, () =>
    paginateReports(db, { ...pageOf(0), q: 'missionary 0042' }, { submitted: true, processed: false }),
  );

  const addMs = await time(RUNS, () =>
    createExpense(ctx, actor, {
      expense_report_id: draft.id,
      date: '2026-03-05',
      expense_code: category.id,
      field_currency: 1999,
      exchange_rate: '3.75',
    }),
  );
  const insertMs = await time(RUNS, () =>
    raw.query(
      `insert into expenses (expense_report_id, date, expense_code, field_currency, exchange_rate, usd_amount)
         values ($1, '2026-03-05', $2, 19.99, 3.75, 5.33)`,
      [draft.id, category.id],
    ),
  );

  const line = (name: string, ms: number, base?: number) =>
    console.log(
      `${name.padEnd(58)} ${ms.toFixed(2).padStart(8)} ms${base ? `   ×${(ms / base).toFixed(1)} of baseline` : ''}`,
    );
  console.log(
    `${REPORTS} reports of ${MISSIONARIES} missionaries; a draft of ${ITEMS}+ expenses; median of ${RUNS} runs`,
  );
  line('staff queue page (30 rows, by total, with count), baseline SQL', listSql);
  line('staff queue page through paginateReports', listMs, listSql);
  line('staff queue page with a name search', searchMs, listSql);
  line('add an expense, baseline bare INSERT', insertMs);
  line('add an expense through createExpense (lock, checks, recompute)', addMs, insertMs);
  bench.dispose();
}

run(main);
