/**
 * Lists at a million rows: `npm run bench:lists`.
 *
 * Seeds a scratch PostgreSQL database (created and dropped at BENCH_DATABASE_URL) with 5,000
 * missionaries, 1,000,000 expense reports, 5,000,000 expenses and 2,000,000 donations by COPY, and an
 * embedded PGlite with a tenth of that; then, for each list's default page, page 5,000 (by OFFSET and
 * by keyset cursor), a page sorted by name, the office's unprocessed queue and a search, it measures
 *   - the route: a real server process (src/server/main.ts) over HTTP, 20 connections kept busy;
 *   - raw: the same SQL the route sends (captured from the service), straight through `pg`, 20 at once;
 * and prints p50/p95/p99 latency, requests per second and route ÷ raw throughput.
 *
 * Beside it, the ceiling this machine allows a route (PostgreSQL): the load generator, the server and
 * PostgreSQL share its cores, so a request costs at least what its parts cost apart, measured in the
 * same run: the HTTP floor (a bare `node:http` server answering a fixed body, no framework and no
 * database, through the same load generator), the session lookup every authenticated request makes
 * (its SQL raw), and the list's raw SQL. ceiling = 1 / (1/floor + 1/session + 1/raw) requests per
 * second; ceiling ÷ raw is the best route ÷ raw any app could print here.
 *
 * BENCH_SCALE (default 1) shrinks the seed (0.01 for a quick try); BENCH_SECONDS (default 3) per case;
 * BENCH_SKIP_PGLITE=1 leaves PGlite out, BENCH_SKIP_POSTGRES=1 PostgreSQL.
 *
 * BENCH_AB=statement-cache,list-counts,search-terms (bench/ab.ts) measures instead, on PostgreSQL,
 * the lists each of those layers serves through a server with the layer and one without it,
 * alternated for BENCH_ROUNDS rounds, after checking that both answer alike.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { resolveApiToken } from '../src/server/auth/tokens';
import { type Database, type Db, openPglite, SESSION_OPTIONS } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import * as schema from '../src/server/db/schema';
import { listUploadNames, paginateDonations } from '../src/server/donations/donations';
import { paginateReports } from '../src/server/expense-reports/list-reports';
import { listQueryOf } from '../src/server/http/pagination';
import { ensureDefaultSettings } from '../src/server/settings/settings';
import { startServer } from '../src/server/test-support/server-process';
import {
  AB_HEADER,
  abRow,
  alternate,
  cpuMsBetween,
  cpuMsByProcess,
  type Layer,
  layersToCompare,
  loadAverage,
  ROUNDS,
  withoutEnv,
} from './ab';
import { copyFrom } from './copy-from';
import { benchApp, benchContext, random, run, tokenFor, withScratchDatabase } from './support';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = 20;
const MISSIONARIES = 5_000;
const EXPLAIN_FILE = '.tmp/lists-explain.md';
const PGLITE_EXPLAIN_FILE = '.tmp/lists-explain-pglite.md';

const FIRST = ['Ruth', 'Daniel', 'Grace', 'Samuel', 'Esther', 'Joseph', 'Lydia', 'Andrew', 'Miriam', 'Peter'];
const LAST = ['Okafor', 'Kim', 'Santos', 'Lindqvist', 'Tanaka', 'MacLeod', 'Haddad', 'Novak', 'Mensah', 'Duarte'];

const day = (offset: number) => new Date(Date.UTC(2016, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
const cents = (value: number) => (value / 100).toFixed(2);

interface Sizes {
  reports: number;
  expenses: number;
  donations: number;
}

/** CSV batches of at most 250,000 rows, so no table's data is one giant string in memory. */
function* batches(total: number, row: (i: number) => string): Generator<Buffer> {
  for (let start = 0; start < total; start += 250_000) {
    const lines: string[] = [];
    for (let i = start; i < Math.min(total, start + 250_000); i++) lines.push(row(i));
    yield Buffer.from(`${lines.join('\n')}\n`);
  }
}

const reportRow = (rand: () => number, firstUser: number) => (i: number) => {
  const start = Math.floor(rand() * 3650);
  const submitted = rand() < 0.9;
  const processed = submitted && rand() < 0.85;
  const total = Math.floor(rand() * 250_000);
  return [
    rand() < 0.8 ? 'reimbursement' : 'advance',
    firstUser + (i % MISSIONARIES),
    cents(total),
    cents(processed ? 0 : total),
    day(start),
    day(start + 27),
    submitted ? day(start + 30) : '',
    submitted ? 't' : 'f',
    processed ? 't' : 'f',
    rand() < 0.05 ? '2026-01-01 00:00:00+00' : '',
    `${day(start + 28)} 12:00:00+00`,
  ].join(',');
};

const expenseRow = (rand: () => number, reports: number, firstReport: number) => (i: number) =>
  [
    firstReport + (i % reports),
    day(Math.floor(rand() * 3650)),
    cents(Math.floor(rand() * 50_000)),
    '1',
    cents(Math.floor(rand() * 50_000)),
  ].join(',');

const donationRow = (rand: () => number, firstUser: number) => (i: number) => {
  const user = i % MISSIONARIES;
  const month = Math.floor(i / (MISSIONARIES * 4)) % 120;
  return [
    `Upload ${2016 + Math.floor(month / 12)}-${String(1 + (month % 12)).padStart(2, '0')}`,
    cents(Math.floor(rand() * 100_000) + 100),
    1 + Math.floor(rand() * 4),
    firstUser + user,
    `Donor ${Math.floor(rand() * 40_000)}`,
    `${FIRST[user % 10]} ${LAST[Math.floor(user / 10) % 10]} ${user}`,
    rand() < 0.3 ? 't' : 'f',
  ].join(',');
};

async function seedUsers(db: Db): Promise<{ adminId: number; firstUser: number }> {
  await ensureDefaultSettings(db);
  const client = (db as unknown as { $client: { query(text: string): Promise<{ rows: Array<{ id: number }> }> } })
    .$client;
  const admin = await client.query(
    `insert into users (name, email, password_hash, role) values ('Bench Admin', 'bench-admin@example.org', 'x', 'admin') returning id`,
  );
  const first = await client.query(`
    insert into users (name, email, password_hash, role, missionary_number)
    select (array['${FIRST.join("','")}'])[1 + i % 10] || ' ' || (array['${LAST.join("','")}'])[1 + (i / 10) % 10] || ' ' || i,
           'missionary' || i || '@example.org', 'x', 'missionary', 'M' || lpad(i::text, 5, '0')
    from generate_series(0, ${MISSIONARIES - 1}) as i
    returning id`);
  return { adminId: admin.rows[0].id, firstUser: Math.min(...first.rows.map((row) => row.id)) };
}

/** PostgreSQL: COPY from CSV batches; returns the seconds the COPYs took. */
async function seedPostgres(database: Database, url: string, sizes: Sizes) {
  const { adminId, firstUser } = await seedUsers(database.db);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Bulk-load shape: secondary indexes are dropped and rebuilt after the COPY (one sorted build
  // instead of 8 million incremental inserts into forty indexes), and foreign-key triggers are off
  // for this session (the rows are valid by construction). Both steps are timed apart.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = 'public' and tablename in ('expense_reports', 'expenses', 'donations')
      and indexname not in (select conname from pg_constraint where contype in ('p', 'u'))`);
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  await client.query(`set session_replication_role = replica`);
  const started = performance.now();
  const rand = random(42);
  for (const data of batches(sizes.reports, reportRow(rand, firstUser))) {
    await copyFrom(
      client,
      `copy expense_reports (type, user_id, total_amount, unreimbursed_amount, start_date, end_date, date_submitted, submitted, processed, archived_at, created_at) from stdin with (format csv)`,
      data,
    );
  }
  const firstReport = Number((await client.query('select min(id) as id from expense_reports')).rows[0].id);
  for (const data of batches(sizes.expenses, expenseRow(rand, sizes.reports, firstReport))) {
    await copyFrom(
      client,
      `copy expenses (expense_report_id, date, field_currency, exchange_rate, usd_amount) from stdin with (format csv)`,
      data,
    );
  }
  for (const data of batches(sizes.donations, donationRow(rand, firstUser))) {
    await copyFrom(
      client,
      `copy donations (upload_name, amount, count, user_id, user_name, fund_name, approved) from stdin with (format csv)`,
      data,
    );
  }
  const copySeconds = (performance.now() - started) / 1000;
  await client.query(`set session_replication_role = origin`);
  // The COPYs ran with triggers off, so the list counters of migration 0011 saw none of the rows:
  // count them once, as the migration does for rows that predate it.
  await client.query(`delete from list_count_deltas`);
  await client.query(`
    insert into list_count_deltas (list, archived, submitted, processed, n)
    select 'expense_reports', archived_at is not null, submitted, processed, count(*)
    from expense_reports group by 2, 3, 4`);
  await client.query(`insert into list_count_deltas (list, n) select 'donations', count(*) from donations`);
  // Nor did migration 0016's search terms: every text the donations hold, as its backfill does.
  await client.query(`
    insert into donation_search_terms (term)
    select user_name from donations where user_name is not null
    union select fund_name from donations where fund_name is not null
    union select upload_name from donations
    union select donor_name from donations where donor_name is not null
    on conflict do nothing`);
  // And migration 0017's per-upload summaries, as its backfill does.
  await client.query(`delete from donation_upload_summaries`);
  await client.query(`
    insert into donation_upload_summaries (upload_name, donations, total, last_id, last_imported_at)
    select g.upload_name, g.n, g.total, g.last_id, d.created_at
    from (select upload_name, count(*)::integer as n, sum(amount) as total, max(id) as last_id from donations group by upload_name) g
    join donations d on d.id = g.last_id`);
  const indexStarted = performance.now();
  await client.query(`set maintenance_work_mem = '256MB'`);
  for (const index of indexes) await client.query(index.definition);
  const indexSeconds = (performance.now() - indexStarted) / 1000;
  console.log(
    `PostgreSQL: COPY ${copySeconds.toFixed(1)} s, ${indexes.length} indexes rebuilt in ${indexSeconds.toFixed(1)} s`,
  );
  await client.query('vacuum analyze');
  await client.end();
  return { adminId, copySeconds, indexSeconds };
}

/** PGlite: the same rows generated inside the database (PGlite has no COPY from a client stream). */
async function seedPglite(database: Database, sizes: Sizes) {
  const { adminId, firstUser } = await seedUsers(database.db);
  const started = performance.now();
  const client = database.pglite!;
  await client.exec(`
    insert into expense_reports (type, user_id, total_amount, unreimbursed_amount, start_date, end_date, date_submitted, submitted, processed, archived_at, created_at)
    select case when i % 5 = 0 then 'advance' else 'reimbursement' end, ${firstUser} + i % ${MISSIONARIES},
           (i * 7919 % 250000) / 100.0, case when i % 7 = 0 then (i * 7919 % 250000) / 100.0 else 0 end,
           date '2016-01-01' + i % 3650, date '2016-01-28' + i % 3650,
           case when i % 10 = 0 then null else date '2016-01-31' + i % 3650 end, i % 10 <> 0, i % 10 <> 0 and i % 7 <> 0,
           case when i % 20 = 0 then timestamptz '2026-01-01' end, timestamptz '2016-01-29' + (i % 3650) * interval '1 day'
    from generate_series(0, ${sizes.reports - 1}) as i;
    insert into expenses (expense_report_id, date, field_currency, exchange_rate, usd_amount)
    select (select min(id) from expense_reports) + i % ${sizes.reports}, date '2016-01-01' + i % 3650, (i % 50000) / 100.0, 1, (i % 50000) / 100.0
    from generate_series(0, ${sizes.expenses - 1}) as i;
    insert into donations (upload_name, amount, count, user_id, user_name, fund_name, approved)
    select 'Upload ' || (2016 + (i / ${MISSIONARIES * 4}) % 120 / 12) || '-' || lpad((1 + (i / ${MISSIONARIES * 4}) % 12)::text, 2, '0'),
           (i * 7919 % 100000 + 100) / 100.0, 1 + i % 4, ${firstUser} + i % ${MISSIONARIES}, 'Donor ' || i % 40000,
           (array['${FIRST.join("','")}'])[1 + (i % ${MISSIONARIES}) % 10] || ' ' || (array['${LAST.join("','")}'])[1 + ((i % ${MISSIONARIES}) / 10) % 10] || ' ' || i % ${MISSIONARIES},
           i % 3 = 0
    from generate_series(0, ${sizes.donations - 1}) as i;
    analyze;`);
  return { adminId, copySeconds: (performance.now() - started) / 1000 };
}

interface Case {
  list: string;
  name: string;
  url: string;
  /** The service call the route makes, for capturing its SQL. */
  service: (db: Db, query: Record<string, unknown>) => Promise<unknown>;
  query: Record<string, unknown>;
}

type At = (name: string, search: string, query: Record<string, unknown>) => Case;

/**
 * The cases every list is measured on: its default page, page 5,000 by OFFSET and by cursor, sorted
 * by name and a search; `more` adds the list's own between the sort and the search.
 */
function listCases(
  list: string,
  path: string,
  service: Case['service'],
  cursor: string,
  more = (_at: At) => [] as Case[],
) {
  const at: At = (name, search, query) => ({
    list,
    name,
    url: `${path}?${search}`,
    service,
    query: { page: 0, limit: 10, order_by: 'id', order: 'desc', q: null, ...query },
  });
  return [
    at('default page', 'page=0&limit=10', {}),
    at('page 5,000 (OFFSET)', 'page=5000&limit=10', { page: 5000 }),
    at('page 5,000 (cursor)', `page=5000&limit=10&cursor=${cursor}`, { page: 5000, cursor }),
    at('sorted by name', 'limit=10&order_by=user_name&order=asc', { order_by: 'user_name', order: 'asc' }),
    ...more(at),
    at('search "okafor 12"', 'limit=10&q=okafor%2012', { q: 'okafor 12' }),
  ];
}

function cases(cursorFor: { reports: string; donations: string }): Case[] {
  const admin = { id: 0, role: 'admin' } as never;
  const reports = (db: Db, query: Record<string, unknown>) =>
    paginateReports(db, listQueryOf(query as never), {
      archived: false,
      submitted: query.submitted as boolean | undefined,
      processed: query.processed as boolean | undefined,
    });
  const donations = (db: Db, query: Record<string, unknown>) =>
    paginateDonations(db, admin, listQueryOf(query as never), {});
  return [
    ...listCases('expense reports', '/api/paginated_expense_report', reports, cursorFor.reports, (at) => [
      at('unprocessed queue', 'limit=10&submitted=1&processed=0', { submitted: true, processed: false }),
    ]),
    ...listCases('donations', '/api/paginated_donation', donations, cursorFor.donations, (at) => [
      // A donor's name: a few dozen of two million donations (staff search donors' names too).
      at('search "donor 12345"', 'limit=10&q=donor%2012345', { q: 'donor 12345' }),
    ]),
    // Not paged: every upload with its count and total (the selects), from migration 0017's summaries.
    {
      list: 'donations',
      name: 'uploads select (upload-names)',
      url: '/api/donation/upload-names',
      service: (db: Db) => listUploadNames(db),
      query: {},
    },
  ];
}

interface Measured {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

function quantile(sorted: number[], q: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Keeps `connections` requests in flight for `seconds`, after a short warm-up. */
async function load(connections: number, seconds: number, one: () => Promise<void>): Promise<Measured> {
  const warmUntil = performance.now() + 300;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < warmUntil) await one();
    }),
  );
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await one();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
  };
}

function httpGet(agent: http.Agent, base: URL, path: string, token: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { agent, host: base.hostname, port: base.port, path, headers: { 'api-token': token } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
  });
}

/** The statements a service call sends, in order, with their parameters. */
async function captureSql(url: string, run: (db: Db) => Promise<unknown>) {
  const captured: Array<{ text: string; params: unknown[] }> = [];
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => captured.push({ text, params }) },
  }) as unknown as Db;
  await run(db);
  await pool.end();
  return captured;
}

/** The parts every request pays apart from its list's SQL (see the header): per second, apart. */
interface Parts {
  floor: number;
  session: number;
}

function row(kind: string, c: Case, route: Measured, raw: Measured | null, parts: Parts | null = null) {
  const ms = (value: number) => value.toFixed(1);
  const ceiling = raw && parts ? 1 / (1 / parts.floor + 1 / parts.session + 1 / raw.perSecond) : null;
  return `| ${kind} | ${c.list} | ${c.name} | ${ms(route.p50)} / ${ms(route.p95)} / ${ms(route.p99)} | ${route.perSecond.toFixed(0)} | ${
    raw
      ? `${ms(raw.p50)} / ${ms(raw.p95)} | ${raw.perSecond.toFixed(0)} | ${(route.perSecond / raw.perSecond).toFixed(2)}`
      : '– | – | –'
  } | ${ceiling && raw ? (ceiling / raw.perSecond).toFixed(2) : '–'} |`;
}

/** A bare `node:http` server in its own process answering every request with a fixed JSON body. */
async function startFloorServer(): Promise<{ url: string; stop: () => void }> {
  const script = `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); })
    .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(String(chunk).trim()));
    child.once('exit', (code) => reject(new Error(`floor server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

async function cursorsFrom(get: (path: string) => Promise<{ next_cursor: string | null }>) {
  // At a small BENCH_SCALE there is no page 5,000: then the cursor of page 1 stands in.
  const cursor = async (list: string) =>
    (await get(`/api/${list}?page=4999&limit=10`)).next_cursor ??
    (await get(`/api/${list}?page=0&limit=10`)).next_cursor;
  const reports = await cursor('paginated_expense_report');
  const donations = await cursor('paginated_donation');
  return { reports: encodeURIComponent(reports ?? ''), donations: encodeURIComponent(donations ?? '') };
}

/** The maintained counters must agree with count(*), or the figures measure a wrong answer. */
async function expectCountedTotals(pool: pg.Pool, get: (path: string) => Promise<{ total_count: number }>) {
  for (const [table, list] of [
    ['expense_reports where archived_at is null', 'paginated_expense_report'],
    ['donations', 'paginated_donation'],
  ]) {
    const counted = Number((await pool.query(`select count(*) as n from ${table}`)).rows[0].n);
    const answered = (await get(`/api/${list}?page=0&limit=10`)).total_count;
    if (counted !== answered) throw new Error(`${list}: total_count ${answered}, count(*) ${counted}`);
  }
}

async function benchPostgres(lines: string[]) {
  const sizes = {
    reports: Math.round(1_000_000 * SCALE),
    expenses: Math.round(5_000_000 * SCALE),
    donations: Math.round(2_000_000 * SCALE),
  };
  // Its own scratch database (sheepfold_bench_lists_<pid>), migrated, and dropped afterwards.
  await withScratchDatabase('lists', 2, (database, url) => measurePostgres(database, url, sizes, lines));
}

/** Seeds the scratch database, then measures every case against a real server process and as raw SQL. */
async function measurePostgres(database: Database, url: string, sizes: Sizes, lines: string[]) {
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const { adminId, copySeconds, indexSeconds } = await seedPostgres(database, url, sizes);
    console.log(
      `PostgreSQL: seeded ${sizes.reports} reports, ${sizes.expenses} expenses, ${sizes.donations} donations by COPY in ${copySeconds.toFixed(1)} s`,
    );
    lines.push(
      `PostgreSQL seed (COPY): ${sizes.reports.toLocaleString('en-US')} reports, ${sizes.expenses.toLocaleString('en-US')} expenses, ${sizes.donations.toLocaleString('en-US')} donations in ${copySeconds.toFixed(1)} s, then ${indexSeconds.toFixed(1)} s to build the indexes`,
    );
    const token = await tokenFor(database, adminId);
    server = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
    if (layersToCompare().length > 0) {
      await compareLayers(url, server, token, layersToCompare());
      return;
    }
    const base = new URL(server.url);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const getJson = (path: string) =>
      fetch(`${server?.url}${path}`, { headers: { 'api-token': token } }).then((response) => response.json());
    const rawPool = new pg.Pool({ connectionString: url, max: 10, options: SESSION_OPTIONS }); // the server's pool
    await expectCountedTotals(rawPool, getJson);
    const explains: string[] = [];
    // Baselines in the same run: the app's HTTP stack with one `select 1` (the health check), and a bare
    // authenticated round trip (token lookup and one small query) — what every list request pays
    // before its own SQL.
    for (const [name, path] of [
      ['HTTP and select 1 (GET /api/health)', '/api/health'],
      ['bare authenticated route (GET /api/settings)', '/api/settings'],
    ]) {
      const bare = await load(CONNECTIONS, SECONDS, () => httpGet(agent, base, path, token));
      lines.push(row('PostgreSQL', { list: 'baseline', name } as Case, bare, null));
      console.log(lines[lines.length - 1]);
    }
    const floorServer = await startFloorServer();
    const floor = await load(CONNECTIONS, SECONDS, () => httpGet(agent, new URL(floorServer.url), '/', token));
    floorServer.stop();
    lines.push(
      row(
        '–',
        { list: 'ceiling part', name: 'HTTP floor (bare node:http, no framework, no database)' } as Case,
        floor,
        null,
      ),
    );
    console.log(lines[lines.length - 1]);
    const sessionStatements = await captureSql(url, (db) => resolveApiToken(db, token, new Date()));
    const session = await load(CONNECTIONS, SECONDS, async () => {
      for (const s of sessionStatements) await rawPool.query(s.text, s.params);
    });
    lines.push(row('PostgreSQL', { list: 'ceiling part', name: 'session lookup, its SQL raw' } as Case, session, null));
    console.log(lines[lines.length - 1]);
    const parts: Parts = { floor: floor.perSecond, session: session.perSecond };
    for (const c of cases(await cursorsFrom(getJson))) {
      const statements = await captureSql(url, (db) =>
        c.service(db, { ...c.query, cursor: c.query.cursor ? decodeURIComponent(String(c.query.cursor)) : undefined }),
      );
      const route = await load(CONNECTIONS, SECONDS, () => httpGet(agent, base, c.url, token));
      const raw = await load(CONNECTIONS, SECONDS, async () => {
        await Promise.all(statements.map((s) => rawPool.query(s.text, s.params)));
      });
      lines.push(row('PostgreSQL', c, route, raw, parts));
      console.log(lines[lines.length - 1]);
      for (const statement of statements) {
        const plan = await rawPool.query(`explain (analyze, buffers) ${statement.text}`, statement.params);
        explains.push(
          `### ${c.list}: ${c.name}\n\n\`GET ${decodeURIComponent(c.url)}\`\n\n\`\`\`sql\n${statement.text}\n\`\`\`\n\n\`\`\`\n${plan.rows
            .map((r: Record<string, string>) => r['QUERY PLAN'])
            .join('\n')}\n\`\`\`\n`,
        );
      }
    }
    fs.mkdirSync('.tmp', { recursive: true });
    fs.writeFileSync(EXPLAIN_FILE, explains.join('\n'));
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of every statement written to ${EXPLAIN_FILE}`);
    agent.destroy();
    await rawPool.end();
  } finally {
    await server?.stop();
  }
}

/** The lists each layer changes (bench/ab.ts), as `list|name` of the cases. */
const SERVED: Partial<Record<Layer, string[]>> = {
  'statement-cache': [
    'expense reports|default page',
    'expense reports|page 5,000 (cursor)',
    'expense reports|unprocessed queue',
    'donations|default page',
    'donations|sorted by name',
  ],
  'list-counts': ['expense reports|default page', 'expense reports|unprocessed queue', 'donations|default page'],
  'search-terms': ['donations|search "okafor 12"', 'donations|search "donor 12345"'],
};

/**
 * Each layer's lists through `server` (with every layer) and a second server without that layer,
 * alternated (bench/ab.ts). Both must answer alike first, or "without" would measure another answer.
 */
async function compareLayers(url: string, server: { url: string; pid: number }, token: string, layers: Layer[]) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const getJson = (base: string, path: string) =>
    fetch(`${base}${path}`, { headers: { 'api-token': token } }).then((response) => response.json());
  const tables: string[] = [];
  // The CPU a request costs: the server process and the database's backends (the server's pool; the
  // other server's sit idle while one is measured).
  const catalog = new pg.Client({ connectionString: url });
  await catalog.connect();
  const backends = async () =>
    (
      await catalog.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);
  for (const layer of layers) {
    const served = SERVED[layer];
    if (!served) throw new Error(`bench:lists does not measure ${layer}`);
    const without = await startServer({ DATABASE_URL: url, LOG_LEVEL: 'warn', ...withoutEnv(layer) });
    try {
      const table = [
        `${layer}: PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s a sample, ${ROUNDS} rounds, load average ${loadAverage()} at the start`,
        AB_HEADER('requests/s or p50 ms'),
      ];
      const measured = cases(await cursorsFrom((path) => getJson(server.url, path))).filter((c) =>
        served.includes(`${c.list}|${c.name}`),
      );
      // A fresh server process compiles as it goes: each case once on both, unmeasured, first.
      for (const c of measured) {
        for (const base of [server.url, without.url]) {
          await load(CONNECTIONS, 1, () => httpGet(agent, new URL(base), c.url, token));
        }
      }
      for (const c of measured) {
        const [withAnswer, withoutAnswer] = await Promise.all([
          getJson(server.url, c.url),
          getJson(without.url, c.url),
        ]);
        if (JSON.stringify(withAnswer) !== JSON.stringify(withoutAnswer)) {
          throw new Error(`${c.url}: the server without ${layer} answers differently`);
        }
        const samples = await alternate(ROUNDS, async (variant) => {
          const target = variant === 'with' ? server : without;
          const processes = async () => [target.pid, ...(await backends())];
          const before = cpuMsByProcess(await processes());
          const measured = await load(CONNECTIONS, SECONDS, () => httpGet(agent, new URL(target.url), c.url, token));
          const cpuMs = cpuMsBetween(before, cpuMsByProcess(await processes()));
          return { ...measured, cpuMsPerRequest: cpuMs / measured.requests };
        });
        const of = (pick: (m: Measured & { cpuMsPerRequest: number }) => number) => ({
          with: samples.with.map(pick),
          without: samples.without.map(pick),
        });
        table.push(
          abRow(
            `${c.list}, ${c.name}: requests/s`,
            of((m) => m.perSecond),
            'per second',
          ),
        );
        table.push(
          abRow(
            `${c.list}, ${c.name}: p50 ms`,
            of((m) => m.p50),
            'ms',
          ),
        );
        table.push(
          abRow(
            `${c.list}, ${c.name}: CPU ms a request`,
            of((m) => m.cpuMsPerRequest),
            'ms',
          ),
        );
        console.log(table.slice(-3).join('\n'));
      }
      table.push(`load average ${loadAverage()} at the end`);
      tables.push(table.join('\n'));
    } finally {
      await without.stop();
    }
  }
  agent.destroy();
  await catalog.end();
  console.log(`\n${tables.join('\n\n')}`);
}

async function benchPglite(lines: string[]) {
  const sizes = {
    reports: Math.round(100_000 * SCALE),
    expenses: Math.round(500_000 * SCALE),
    donations: Math.round(200_000 * SCALE),
  };
  const database = await openPglite(null);
  await migrate(database);
  const { adminId, copySeconds } = await seedPglite(database, sizes);
  lines.push(
    `PGlite seed (in-database INSERT … SELECT): ${sizes.reports.toLocaleString('en-US')} reports, ${sizes.expenses.toLocaleString('en-US')} expenses, ${sizes.donations.toLocaleString('en-US')} donations in ${copySeconds.toFixed(1)} s`,
  );
  const token = await tokenFor(database, adminId);
  const bench = benchContext(database);
  const app = await benchApp(bench);
  const inject = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { 'api-token': token } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const explains: string[] = [];
  for (const c of cases(await cursorsFrom(inject))) {
    // PGlite runs one statement at a time, in this process: the route through Fastify's inject, the raw
    // SQL through PGlite's own client; 20 callers queue for it either way.
    const captured: Array<{ text: string; params: unknown[] }> = [];
    const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
    const capturing = drizzlePglite(database.pglite!, {
      schema,
      logger: { logQuery: (text, params) => captured.push({ text, params }) },
    }) as unknown as Db;
    await c.service(capturing, {
      ...c.query,
      cursor: c.query.cursor ? decodeURIComponent(String(c.query.cursor)) : undefined,
    });
    const route = await load(CONNECTIONS, SECONDS, async () => void (await inject(c.url)));
    const raw = await load(CONNECTIONS, SECONDS, async () => {
      await Promise.all(captured.map((s) => database.pglite!.query(s.text, s.params as never[])));
    });
    lines.push(row('PGlite', c, route, raw));
    console.log(lines[lines.length - 1]);
    for (const statement of captured) {
      const plan = await database.pglite!.query<Record<string, string>>(
        `explain analyze ${statement.text}`,
        statement.params as never[],
      );
      explains.push(
        `### PGlite ${c.list}: ${c.name}\n\n\`\`\`\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n\`\`\`\n`,
      );
    }
  }
  fs.mkdirSync('.tmp', { recursive: true });
  fs.writeFileSync(PGLITE_EXPLAIN_FILE, explains.join('\n'));
  await app.close();
  await database.close();
  bench.dispose();
}

async function main() {
  const lines: string[] = [];
  console.log(`bench:lists at scale ${SCALE}, ${CONNECTIONS} connections, ${SECONDS} s per case`);
  if (!process.env.BENCH_SKIP_POSTGRES) await benchPostgres(lines);
  if (!process.env.BENCH_SKIP_PGLITE && layersToCompare().length === 0) await benchPglite(lines);
  console.log('');
  console.log(
    '| database | list | request | route p50 / p95 / p99 ms | route req/s | raw p50 / p95 ms | raw req/s | route ÷ raw | ceiling ÷ raw |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const line of lines.filter((l) => l.startsWith('|'))) console.log(line);
  for (const line of lines.filter((l) => !l.startsWith('|'))) console.log(line);
}

run(main);
