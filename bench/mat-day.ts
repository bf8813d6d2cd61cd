/**
 * MAT Day benchmark: a whole month for 1,000 missionaries through the real app.
 *
 * For each database — a scratch PostgreSQL database and an in-memory PGlite — it seeds 1,000
 * missionaries with realistic data (payroll profiles with journalled opening balances, one donation
 * upload with general and designated donations, hold accounts with recurring amounts, reimbursement
 * reports for some with expenses charged to hold accounts, advance requests for some, older unpaid
 * report remainders), then times through the HTTP routes (Fastify inject, real auth, real
 * transactions):
 *
 *   1. POST /api/batch-distributions — build every pending distribution;
 *   2. POST /api/batch-approve with all their ids — approve them all (one transaction each).
 *
 * Baselines measured in the same run: the same 1,000 distribution rows inserted with one raw
 * multi-row INSERT into a table shaped like `distributions`, and a bare authenticated route
 * round-trip (GET /api/settings). Afterwards it checks the month: every distribution approved, every
 * balance equal to its journal.
 *
 * Run: npm run bench:mat-day (BENCH_MISSIONARIES, BENCH_DATABASE_URL, BENCH_SKIP_PGLITE=1).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { allFlagsReviewed } from '../src/domain/distributions/review';
import { toDecimalString } from '../src/domain/money';
import { type Database, openPglite } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { driverClientOf, queryRows } from '../src/server/db/query-rows';
import { journalMismatches } from '../src/server/hold-accounts/journal-check';
import { ensureDefaultSettings } from '../src/server/settings/settings';
import { benchApp, benchContext, random, run, tokenFor, withScratchDatabase } from './support';

const MISSIONARIES = Number(process.env.BENCH_MISSIONARIES ?? 1000);
const UPLOAD = 'MAT Day November 2026';
const RANGE = { start_date: '2026-11-01', end_date: '2026-11-30' };
const ROUND_TRIPS = 500;

const ID = z.object({ id: z.coerce.number() });
const COUNT = z.object({ n: z.coerce.number() });

const dollars = (cents: number) => toDecimalString(cents);

/**
 * Seeds the month with set-based inserts (not timed). Every opening balance is journalled, every
 * owed amount sits on a processed report, as the product itself would have left them.
 */
async function seed(database: Database): Promise<{ adminId: number; seeded: Record<string, number> }> {
  const db = database.db;
  const next = random(20261121);
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  await ensureDefaultSettings(db);
  const [adminRow] = await queryRows(
    db,
    sql`
      insert into users (name, email, password_hash, role) values ('Bench Admin', 'bench-admin@example.org', 'x', 'admin')
      returning id`,
    ID,
  );
  const [category] = await queryRows(
    db,
    sql`
      insert into categories (expense_category, description, expense) values ('Ministry', 'Ministry expenses', true)
      returning id`,
    ID,
  );

  const n = MISSIONARIES;
  const names = Array.from({ length: n }, (_, i) => `Missionary ${String(i).padStart(4, '0')}`);
  const users = (
    await queryRows(
      db,
      sql`
      insert into users (name, email, password_hash, role, missionary_number)
      select name, 'm' || ordinality || '@example.org', 'x', 'missionary', 'M' || lpad(ordinality::text, 5, '0')
      from unnest(${sql.param(names)}::text[]) with ordinality as t(name, ordinality)
      order by ordinality
      returning id`,
      ID,
    )
  ).map((row) => Number(row.id));

  // Payroll: salaries $1,500–$4,000, most with FICA, some housing and 403(b); opening balances.
  const profile = users.map((userId) => {
    const netSalary = between(1500, 4000) * 100;
    const housing = next() < 0.6 ? between(300, 1200) * 100 : 0;
    return {
      userId,
      ficaTax: next() < 0.7,
      netSalary,
      housing,
      retirement: next() < 0.4 ? between(50, 250) * 100 : 0,
      federalIncomeTax: between(0, 300) * 100,
      wireFee: between(15, 35) * 100,
      insurance: between(150, 550) * 100,
      fundBalance: next() < 0.05 ? -between(100, 2000) * 100 : between(200, 9000) * 100 + between(0, 99),
    };
  });
  await db.execute(sql`
    insert into profiles (user_id, tax_status, fica_tax, net_salary, housing_allowance, retirement_amount,
      federal_income_tax, wire_fee, insurance_amount, fund_balance)
    select user_id, 'W2', fica, salary, housing, retirement, tax, wire, insurance, fund
    from unnest(
      ${sql.param(profile.map((p) => p.userId))}::int[], ${sql.param(profile.map((p) => p.ficaTax))}::bool[],
      ${sql.param(profile.map((p) => dollars(p.netSalary)))}::numeric[],
      ${sql.param(profile.map((p) => dollars(p.housing)))}::numeric[],
      ${sql.param(profile.map((p) => dollars(p.retirement)))}::numeric[],
      ${sql.param(profile.map((p) => dollars(p.federalIncomeTax)))}::numeric[],
      ${sql.param(profile.map((p) => dollars(p.wireFee)))}::numeric[],
      ${sql.param(profile.map((p) => dollars(p.insurance)))}::numeric[],
      ${sql.param(profile.map((p) => dollars(p.fundBalance)))}::numeric[]
    ) as t(user_id, fica, salary, housing, retirement, tax, wire, insurance, fund)`);
  await db.execute(sql`
    insert into journal_entries (account, account_id, amount, balance_after, reason, ref_type, ref_id, memo, actor_id)
    select 'user_fund', user_id, fund_balance, fund_balance, 'manual_adjustment', 'user', user_id, 'Opening balance', ${adminRow.id}
    from profiles where fund_balance <> 0`);

  // Hold accounts: 70 % have one (10 % two), balances up to $3,000, recurring amounts on many.
  const accounts: Array<{ userId: number; fund: string; balance: number; dep: number; tr: number; wd: number }> = [];
  users.forEach((userId, index) => {
    const count = next() < 0.7 ? (next() < 0.15 ? 2 : 1) : 0;
    for (let k = 0; k < count; k++) {
      accounts.push({
        userId,
        fund: `Fund ${index}-${k}`,
        balance: between(0, 3000) * 100,
        dep: next() < 0.45 ? between(25, 300) * 100 : 0,
        tr: next() < 0.05 ? between(25, 200) * 100 : 0,
        wd: next() < 0.15 ? between(25, 250) * 100 : 0,
      });
    }
  });
  const accountIds = (
    await queryRows(
      db,
      sql`
      insert into hold_accounts (user_id, fund_name, opening_balance, balance, mat_day_recurring_deposit,
        mat_day_recurring_transfer, mat_day_recurring_withdrawal)
      select user_id, fund, balance, balance, dep, tr, wd
      from unnest(
        ${sql.param(accounts.map((a) => a.userId))}::int[], ${sql.param(accounts.map((a) => a.fund))}::text[],
        ${sql.param(accounts.map((a) => dollars(a.balance)))}::numeric[],
        ${sql.param(accounts.map((a) => dollars(a.dep)))}::numeric[],
        ${sql.param(accounts.map((a) => dollars(a.tr)))}::numeric[],
        ${sql.param(accounts.map((a) => dollars(a.wd)))}::numeric[]
      ) with ordinality as t(user_id, fund, balance, dep, tr, wd, n)
      order by n
      returning id, user_id`,
      z.object({ id: z.coerce.number(), user_id: z.coerce.number() }),
    )
  ).map((row) => ({ id: Number(row.id), userId: Number(row.user_id) }));
  const accountsByUser = new Map<number, number[]>();
  for (const account of accountIds) {
    accountsByUser.set(account.userId, [...(accountsByUser.get(account.userId) ?? []), account.id]);
  }

  // One donation upload: 4–12 general gifts per missionary, designated gifts to half the funds.
  const donations: Array<{ userId: number; amount: number; account: number | null; fund: string | null }> = [];
  users.forEach((userId, index) => {
    const gifts = between(4, 12);
    for (let k = 0; k < gifts; k++) {
      donations.push({ userId, amount: between(25, 900) * 100 + between(0, 99), account: null, fund: null });
    }
    if (next() < 0.01) donations.push({ userId, amount: -between(25, 200) * 100, account: null, fund: null });
    for (const accountId of accountsByUser.get(userId) ?? []) {
      if (next() < 0.5)
        donations.push({ userId, amount: between(20, 500) * 100, account: accountId, fund: `Fund ${index}` });
    }
  });
  const total = donations.reduce((sum, d) => sum + d.amount, 0);
  const [upload] = await queryRows(
    db,
    sql`
      insert into donation_uploads (upload_name, filename, content_sha256, row_count, total_amount, created_by)
      values (${UPLOAD}, 'bench.csv', ${`bench-${process.pid}`}, ${donations.length}, ${dollars(total)}, ${adminRow.id})
      returning id`,
    ID,
  );
  await db.execute(sql`
    insert into donations (upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id)
    select ${upload.id}, ${UPLOAD}, amount, 1, user_id, 'Missionary', fund, account
    from unnest(
      ${sql.param(donations.map((d) => dollars(d.amount)))}::numeric[],
      ${sql.param(donations.map((d) => d.userId))}::int[],
      ${sql.param(donations.map((d) => d.fund))}::text[],
      ${sql.param(donations.map((d) => d.account))}::int[]
    ) as t(amount, user_id, fund, account)`);

  // Reimbursement reports: 35 % submitted one this month (2–5 expenses, some charged to a fund);
  // 10 % still owe an older report's remainder (processed earlier with part of it unpaid).
  const reports: Array<{ userId: number; expenses: Array<{ amount: number; account: number | null }> }> = [];
  const owed: Array<{ userId: number; amount: number }> = [];
  for (const userId of users) {
    if (next() < 0.35) {
      const own = accountsByUser.get(userId) ?? [];
      const expenses = Array.from({ length: between(2, 5) }, () => ({
        amount: between(10, 400) * 100 + between(0, 99),
        account: own.length > 0 && next() < 0.2 ? own[0] : null,
      }));
      reports.push({ userId, expenses });
    }
    if (next() < 0.1) owed.push({ userId, amount: between(20, 300) * 100 });
  }
  const reportIds = (
    await queryRows(
      db,
      sql`
      insert into expense_reports (type, user_id, total_amount, unreimbursed_amount, start_date, end_date,
        date_submitted, submitted)
      select 'reimbursement', user_id, total, total, '2026-11-02', '2026-11-18', '2026-11-20', true
      from unnest(
        ${sql.param(reports.map((r) => r.userId))}::int[],
        ${sql.param(reports.map((r) => dollars(r.expenses.reduce((s, e) => s + e.amount, 0))))}::numeric[]
      ) with ordinality as t(user_id, total, n)
      order by n
      returning id`,
      ID,
    )
  ).map((row) => Number(row.id));
  const expenseRows = reports.flatMap((report, index) =>
    report.expenses.map((expense) => ({ reportId: reportIds[index], ...expense })),
  );
  await db.execute(sql`
    insert into expenses (expense_report_id, date, expense_code, field_currency, exchange_rate, usd_amount, hold_account_id)
    select report_id, '2026-11-10', ${category.id}, amount, 1, amount, account
    from unnest(
      ${sql.param(expenseRows.map((e) => e.reportId))}::int[],
      ${sql.param(expenseRows.map((e) => dollars(e.amount)))}::numeric[],
      ${sql.param(expenseRows.map((e) => e.account))}::int[]
    ) as t(report_id, amount, account)`);
  await db.execute(sql`
    insert into expense_reports (type, user_id, total_amount, unreimbursed_amount, payout, start_date, end_date,
      date_submitted, submitted, processed, processed_at)
    select 'reimbursement', user_id, amount * 2, amount, amount, '2026-09-03', '2026-09-20', '2026-09-25', true, true, now()
    from unnest(${sql.param(owed.map((o) => o.userId))}::int[], ${sql.param(owed.map((o) => dollars(o.amount)))}::numeric[])
      as t(user_id, amount)`);
  await db.execute(sql`
    update profiles p set unreimbursed_amount = t.amount
    from unnest(${sql.param(owed.map((o) => o.userId))}::int[], ${sql.param(owed.map((o) => dollars(o.amount)))}::numeric[])
      as t(user_id, amount)
    where p.user_id = t.user_id`);
  await db.execute(sql`
    insert into journal_entries (account, account_id, amount, balance_after, reason, ref_type, memo, actor_id)
    select 'user_unreimbursed', user_id, unreimbursed_amount, unreimbursed_amount, 'expense_report_processed',
      'expense_report', 'Older report, partly paid', ${adminRow.id}
    from profiles where unreimbursed_amount <> 0`);

  // Advance requests: 20 % asked for one; half of those were approved earlier for a little less.
  const advances: Array<{ userId: number; requested: number; approved: number | null }> = [];
  for (const userId of users) {
    if (next() < 0.2) {
      const requested = between(100, 1200) * 100;
      advances.push({ userId, requested, approved: next() < 0.5 ? requested - between(0, 50) * 100 : null });
    }
  }
  await db.execute(sql`
    insert into advance_requests (user_id, status, amount_requested, amount_approved, approved, date_submitted)
    select user_id, case when approved is null then 'requested' else 'approved' end, requested, approved,
      approved is not null, '2026-11-12'
    from unnest(
      ${sql.param(advances.map((a) => a.userId))}::int[],
      ${sql.param(advances.map((a) => dollars(a.requested)))}::numeric[],
      ${sql.param(advances.map((a) => (a.approved === null ? null : dollars(a.approved))))}::numeric[]
    ) as t(user_id, requested, approved)`);

  return {
    adminId: adminRow.id,
    seeded: {
      missionaries: users.length,
      hold_accounts: accounts.length,
      donations: donations.length,
      reports: reports.length,
      expenses: expenseRows.length,
      owed_reports: owed.length,
      advances: advances.length,
    },
  };
}

interface Figures {
  kind: string;
  seeded: Record<string, number>;
  buildMs: number;
  approveMs: number;
  built: number;
  approved: number;
  flagged: number;
  rawInsertMs: number;
  roundTripMs: number;
  postings: Record<string, number>;
}

async function measure(database: Database): Promise<Figures> {
  const kind = database.kind;
  const { adminId, seeded } = await seed(database);
  const bench = benchContext(database, { clock: { now: () => new Date('2026-11-30T15:00:00Z') } });
  const app = await benchApp(bench);
  const token = await tokenFor(database, adminId, new Date('2026-11-30T14:00:00Z'));
  const headers = { 'api-token': token, 'content-type': 'application/json' };
  try {
    // Warm-up: the route and the engine once, on a range nobody has (then deleted).
    const warm = await app.inject({
      method: 'GET',
      url: '/api/settings',
      headers: { 'api-token': token },
    });
    if (warm.statusCode !== 200) throw new Error(`warm-up failed: ${warm.body}`);

    let started = performance.now();
    const build = await app.inject({
      method: 'POST',
      url: '/api/batch-distributions',
      headers,
      payload: JSON.stringify({ ...RANGE, donation_upload_name: UPLOAD }),
    });
    const buildMs = performance.now() - started;
    if (build.statusCode !== 201) throw new Error(`batch build failed: ${build.statusCode} ${build.body}`);
    const built = build.json() as {
      created: Array<{ id: number; review_flags: Array<{ code: string }> }>;
      flagged_count: number;
      failed: unknown[];
    };
    if (built.failed.length > 0) throw new Error(`batch build refused some: ${JSON.stringify(built.failed)}`);
    const ids = built.created.map((row) => row.id);

    started = performance.now();
    const approval = await app.inject({
      method: 'POST',
      url: '/api/batch-approve',
      headers,
      payload: JSON.stringify({ distribution_ids: ids, reviewed: allFlagsReviewed(built.created) }),
    });
    const approveMs = performance.now() - started;
    const approved = approval.json() as { approved: number[]; failed: unknown[] };
    if (approval.statusCode !== 200) {
      throw new Error(`batch approve failed: ${approval.statusCode} ${JSON.stringify(approved.failed).slice(0, 500)}`);
    }

    // The month is whole: every balance equals its opening value plus its journal rows.
    const mismatches = await journalMismatches(database.db);
    if (mismatches.length > 0) throw new Error(`journal mismatches: ${JSON.stringify(mismatches.slice(0, 5))}`);
    const unreimbursed = await queryRows(
      database.db,
      sql`
        select count(*)::int as n from profiles p
        where p.unreimbursed_amount <> coalesce((select sum(amount) from journal_entries j
          where j.account = 'user_unreimbursed' and j.account_id = p.user_id), 0)
           or p.unreimbursed_amount <> coalesce((select sum(unreimbursed_amount) from expense_reports r
          where r.user_id = p.user_id and r.processed), 0)`,
      COUNT,
    );
    if (Number(unreimbursed[0].n) !== 0) throw new Error(`${unreimbursed[0].n} users' unreimbursed amounts disagree`);
    const counts = (
      await queryRows(
        database.db,
        sql`
        select (select count(*)::int from hold_account_transactions where status = 'posted') as hold_account_transactions,
               (select count(*)::int from journal_entries where ref_type in ('distribution', 'hold_account_transaction')) as journal_rows,
               (select count(*)::int from expense_reports where processed and distribution_id is not null) as reports_processed,
               (select count(*)::int from advance_requests where dist_amount_approved is not null) as advances_paid`,
        z.record(z.string(), z.coerce.number()),
      )
    )[0];

    // Baseline 1: the same 1,000 distribution rows, one raw multi-row INSERT.
    const rawInsertMs = await rawInsert(database, ids);
    // Baseline 2: a bare authenticated route round-trip (token lookup + one query).
    started = performance.now();
    for (let i = 0; i < ROUND_TRIPS; i++) {
      const response = await app.inject({ method: 'GET', url: '/api/settings', headers: { 'api-token': token } });
      if (response.statusCode !== 200) throw new Error('round trip failed');
    }
    const roundTripMs = (performance.now() - started) / ROUND_TRIPS;

    return {
      kind,
      seeded,
      buildMs,
      approveMs,
      built: ids.length,
      approved: approved.approved.length,
      flagged: built.flagged_count,
      rawInsertMs,
      roundTripMs,
      postings: Object.fromEntries(Object.entries(counts).map(([key, value]) => [key, Number(value)])),
    };
  } finally {
    await app.close();
    bench.dispose();
  }
}

/**
 * Baseline: the built rows' values inserted into a look-alike table with one raw multi-row
 * INSERT … VALUES (prepared text and parameters, straight to the driver), timed alone.
 */
async function rawInsert(database: Database, ids: number[]): Promise<number> {
  const db = database.db;
  await db.execute(sql`create table bench_distributions (like distributions including defaults)`);
  const rows = await queryRows(
    db,
    sql`select * from distributions where id = any(${sql.param(ids)}::int[]) order by id`,
    z.record(z.string(), z.unknown()),
  );
  const columns = Object.keys(rows[0]).filter((column) => column !== 'id');
  // PostgreSQL takes at most 65,535 parameters a statement: past ~1,000 missionaries the rows go in
  // several multi-row INSERTs, timed together.
  const perStatement = Math.floor(65_535 / columns.length);
  const statements: Array<{ text: string; params: unknown[] }> = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const params: unknown[] = [];
    const tuples = rows.slice(start, start + perStatement).map((row) => {
      const placeholders = columns.map((column) => {
        const value = row[column];
        params.push(
          value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value,
        );
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const text = `insert into bench_distributions (${columns.map((c) => `"${c}"`).join(', ')}) values ${tuples.join(', ')}`;
    statements.push({ text, params });
  }
  // pg's Pool or PGlite: both take (text, params).
  const client = driverClientOf<{ query(text: string, params: unknown[]): Promise<unknown> }>(db);
  const started = performance.now();
  for (const statement of statements) await client.query(statement.text, statement.params);
  return performance.now() - started;
}

function report(figures: Figures): void {
  const perBuild = figures.buildMs / figures.built;
  const perApprove = figures.approveMs / figures.approved;
  const totalMs = figures.buildMs + figures.approveMs;
  console.log(`\n== ${figures.kind} — ${figures.built} missionaries`);
  console.log(`seeded: ${JSON.stringify(figures.seeded)}`);
  console.log(
    `build   POST /batch-distributions: ${(figures.buildMs / 1000).toFixed(2)} s  (${perBuild.toFixed(2)} ms per distribution, ${figures.flagged} flagged)`,
  );
  console.log(
    `approve POST /batch-approve:       ${(figures.approveMs / 1000).toFixed(2)} s  (${perApprove.toFixed(2)} ms per distribution)`,
  );
  console.log(`month total:                       ${(totalMs / 1000).toFixed(2)} s  (goal on PostgreSQL: < 10 s)`);
  console.log(`posted: ${JSON.stringify(figures.postings)}`);
  console.log(
    `baseline raw multi-row INSERT of the same ${figures.built} rows: ${figures.rawInsertMs.toFixed(1)} ms → build is ${(figures.buildMs / figures.rawInsertMs).toFixed(1)}× that`,
  );
  console.log(
    `baseline bare route round-trip (GET /api/settings): ${figures.roundTripMs.toFixed(2)} ms → one approval costs ${(perApprove / figures.roundTripMs).toFixed(1)} round-trips, one built distribution ${(perBuild / figures.roundTripMs).toFixed(2)}`,
  );
}

async function main() {
  const results: Figures[] = [];
  results.push(await withScratchDatabase('matday', 10, (postgres) => measure(postgres)));
  report(results[0]);
  if (process.env.BENCH_SKIP_PGLITE !== '1') {
    const pglite = await openPglite(null);
    try {
      await migrate(pglite);
      results.push(await measure(pglite));
      report(results[1]);
    } finally {
      await pglite.close();
    }
  }
  console.log(`\nNode ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})`);
}

run(main);
