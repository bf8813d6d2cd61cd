/**
 * Journal export benchmark: `npm run bench:journal`.
 *
 * Seeds a scratch PostgreSQL database (BENCH_DATABASE_URL) with a year of approvals for 5,000
 * missionaries (one approved distribution each a month, 60,000 in all: one made through the real
 * routes, the rest copies of its row for every missionary and month) and 5,000 manual fund
 * adjustments; then, through a real server over HTTP, downloads GET /api/reports/journal for the year
 * in each layout, reading the streamed answer and throwing it away, and prints for each: time, bytes,
 * and the growth of the process's peak resident memory while it ran (the server and the client share
 * the process, so a layout built whole would show here).
 *
 * Baseline, measured in the same run: a bare `COPY (…) TO STDOUT` of the same rows (the year's
 * distributions and journal rows) through node-postgres. Each layout's time is printed as a ratio
 * to it; the goal is within 3× and flat memory.
 *
 * Then memory: each layout for the first quarter and for the whole range, the live heap (collected
 * every 200 ms; node runs with --expose-gc) and the peak RSS, as growth over the process at rest. A
 * streamed answer holds about the same for a quarter and a year; one built whole would hold four
 * times as much for the year.
 *
 * BENCH_MISSIONARIES (default 5000) and BENCH_MONTHS (default 12) shrink the seed for a quick try.
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { allFlagsReviewed } from '../src/domain/distributions/review';
import { JOURNAL_FORMATS } from '../src/domain/reports/presets/layout';
import type { Database } from '../src/server/db/client';
import { queryRows } from '../src/server/db/query-rows';
import { ensureDefaultSettings } from '../src/server/settings/settings';
import { benchApp, benchContext, run, tokenFor, withScratchDatabase } from './support';

const MISSIONARIES = Number(process.env.BENCH_MISSIONARIES ?? 5000);
const MONTHS = Number(process.env.BENCH_MONTHS ?? 12);
const RANGE = { from: '2026-01-01', to: `2026-${String(MONTHS).padStart(2, '0')}-28` };
const YEAR_END = MONTHS === 12 ? '2026-12-31' : RANGE.to;

const ID = z.object({ id: z.coerce.number() });
const NAME = z.object({ column_name: z.string() });
const COUNT = z.object({ n: z.coerce.number() });
const ZCreated = z.object({ id: z.coerce.number(), review_flags: z.array(z.object({ code: z.string() })) });

/** The template approval through the routes, then its row copied for every missionary and month (not timed). */
async function seed(database: Database, inject: Injector): Promise<number> {
  const db = database.db;
  await ensureDefaultSettings(db);
  await db.execute(sql`
    insert into users (name, email, password_hash, role, missionary_number)
    select 'Bench Missionary ' || g, 'bench' || g || '@example.org', 'x', 'missionary', 'B-' || lpad(g::text, 5, '0')
    from generate_series(1, ${MISSIONARIES}) g`);
  const [first] = await queryRows(db, sql`select min(id) as id from users where role = 'missionary'`, ID);
  await inject('POST', `/api/user/${first.id}`, {
    net_salary: '1500.00',
    housing_allowance: '400.00',
    retirement_amount: '75.00',
    federal_income_tax: '95.00',
    insurance_amount: '250.00',
    fica_tax: 1,
    tax_status: 'W2',
    fund_balance: '90000.00',
  });
  const created = await inject('POST', '/api/distribution', {
    user_id: first.id,
    start_date: '2026-01-01',
    end_date: '2026-01-31',
    hold_account_transactions: [],
    advance_requests: [],
  });
  const distribution = ZCreated.parse(created);
  const { id } = distribution;
  await inject('POST', '/api/batch-approve', { distribution_ids: [id], reviewed: allFlagsReviewed([distribution]) });
  const columns = (
    await queryRows(
      db,
      sql`select column_name from information_schema.columns where table_name = 'distributions'
          and column_name not in ('id', 'user_id', 'user_name', 'start_date', 'end_date')`,
      NAME,
    )
  ).map((row) => `"${row.column_name}"`);
  const list = sql.raw(columns.join(', '));
  const fromTemplate = sql.raw(columns.map((column) => `t.${column}`).join(', '));
  await db.execute(sql`
    insert into distributions (user_id, user_name, start_date, end_date, ${list})
    select u.id, u.name, make_date(2026, m, 1), (make_date(2026, m, 1) + interval '1 month - 1 day')::date, ${fromTemplate}
    from distributions t cross join users u cross join generate_series(1, ${MONTHS}) m
    where t.id = ${id} and u.role = 'missionary' and not (u.id = ${first.id} and m = 1)`);
  await db.execute(sql`
    insert into journal_entries (account, account_id, amount, balance_after, reason, memo, created_at)
    select 'user_fund', u.id, 25.00, 25.00, 'manual_adjustment', 'Bench adjustment', timestamp '2026-01-15 12:00'
    from users u where u.role = 'missionary'`);
  await db.execute(sql`analyze`);
  const [count] = await queryRows(db, sql`select count(*) as n from distributions where status = 'approved'`, COUNT);
  return count.n;
}

type Injector = (method: 'POST', url: string, payload: Record<string, unknown>) => Promise<unknown>;

/** `COPY … TO STDOUT` through node-postgres without pg-copy-streams: counts the CopyData bytes. */
class CopyTo {
  bytes = 0;
  readonly done: Promise<number>;
  private resolve!: (bytes: number) => void;
  private reject!: (error: Error) => void;
  private error: Error | null = null;
  constructor(private readonly text: string) {
    this.done = new Promise((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }
  submit(connection: { query(text: string): void }) {
    connection.query(this.text);
  }
  handleCopyData(message: { chunk: Buffer }) {
    this.bytes += message.chunk.length;
  }
  handleCommandComplete() {}
  handleError(error: Error) {
    this.error = error;
  }
  handleReadyForQuery() {
    if (this.error) this.reject(this.error);
    else this.resolve(this.bytes);
  }
}

const MiB = 1024 * 1024;

/** Time, CPU time of the process (server and client together) and peak RSS growth while `work` runs (RSS sampled every 10 ms). */
async function measured(
  work: () => Promise<number>,
): Promise<{ ms: number; cpuMs: number; bytes: number; peakMiB: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const start = performance.now();
  const cpu = process.cpuUsage();
  try {
    const bytes = await work();
    const used = process.cpuUsage(cpu);
    return {
      ms: performance.now() - start,
      cpuMs: (used.user + used.system) / 1000,
      bytes,
      peakMiB: (peak - base) / MiB,
    };
  } finally {
    clearInterval(timer);
  }
}

/** The collector, when node runs with --expose-gc (npm run bench:journal does). */
const collect = typeof globalThis.gc === 'function' ? globalThis.gc : null;

/**
 * What a download holds in memory: the live JavaScript heap (a full collection every 200 ms while it
 * runs, so garbage not yet collected does not count) and the peak RSS, both as growth over the
 * process after a collection before it started. An answer built whole grows with the range; a
 * streamed one holds a page of entries and a chunk, whatever the range.
 */
async function memoryOf(work: () => Promise<number>): Promise<{ liveMiB: number; rssMiB: number }> {
  collect?.();
  const base = process.memoryUsage();
  let [live, rss] = [base.heapUsed, base.rss];
  const sample = setInterval(() => {
    rss = Math.max(rss, process.memoryUsage().rss);
  }, 10);
  const full = setInterval(() => {
    collect?.();
    live = Math.max(live, process.memoryUsage().heapUsed);
  }, 200);
  try {
    await work();
    return { liveMiB: (live - base.heapUsed) / MiB, rssMiB: (rss - base.rss) / MiB };
  } finally {
    clearInterval(sample);
    clearInterval(full);
  }
}

/** Downloads one layout for a range (the year unless given), reading the stream and discarding it; answers its size. */
function download(port: number, token: string, format: string, to = YEAR_END): Promise<number> {
  const query = new URLSearchParams({ format, from: RANGE.from, to }).toString();
  return new Promise((resolve, reject) => {
    http
      .get({ port, path: `/api/reports/journal?${query}`, headers: { 'api-token': token } }, (response) => {
        let bytes = 0;
        if (response.statusCode !== 200) reject(new Error(`${format}: HTTP ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function copyBaseline(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const range = `between '${RANGE.from}'::date and '${YEAR_END}'::date`;
    const distributionsCopy = new CopyTo(
      `copy (select d.*, u.missionary_number from distributions d join users u on u.id = d.user_id
             where d.status in ('approved', 'reversed') and d.end_date ${range} order by d.end_date, d.id) to stdout`,
    );
    client.query(distributionsCopy);
    const journalCopy = new CopyTo(
      `copy (select * from journal_entries where (created_at at time zone 'UTC')::date ${range}) to stdout`,
    );
    client.query(journalCopy);
    return (await distributionsCopy.done) + (await journalCopy.done);
  } finally {
    await client.end();
  }
}

/** A quarter of the range and the whole year, layout by layout: what each holds in memory. */
async function memoryTable(port: number, token: string) {
  const quarterEnd = MONTHS >= 3 ? '2026-03-31' : RANGE.to;
  if (!collect) console.log('\n(run node with --expose-gc for the live heap; without it the heap includes garbage)');
  console.log(
    `\nMemory: ${RANGE.from} to ${quarterEnd} (a quarter) against the whole range, growth over the process at rest`,
  );
  console.log('layout    live heap quarter → range    peak RSS quarter → range');
  for (const format of JOURNAL_FORMATS) {
    const quarter = await memoryOf(() => download(port, token, format, quarterEnd));
    const year = await memoryOf(() => download(port, token, format));
    const ratio = (a: number, b: number) => (b > 0.5 ? `${(a / b).toFixed(1)}×` : '–');
    console.log(
      `${format.padEnd(8)}  ${quarter.liveMiB.toFixed(1).padStart(7)} → ${year.liveMiB.toFixed(1).padStart(6)} MiB (${ratio(year.liveMiB, quarter.liveMiB)})` +
        `   ${quarter.rssMiB.toFixed(1).padStart(7)} → ${year.rssMiB.toFixed(1).padStart(6)} MiB (${ratio(year.rssMiB, quarter.rssMiB)})`,
    );
  }
}

async function main() {
  await withScratchDatabase('journal', 4, async (database, url) => {
    const bench = benchContext(database);
    const app = await benchApp(bench);
    try {
      const [admin] = await queryRows(
        database.db,
        sql`insert into users (name, email, password_hash, role) values ('Bench Admin', 'bench-admin@example.org', 'x', 'admin')
            returning id`,
        ID,
      );
      const token = await tokenFor(database, admin.id);
      const inject: Injector = async (method, path, payload) => {
        const answer = await app.inject({ method, url: path, headers: { 'api-token': token }, payload });
        if (answer.statusCode >= 300) throw new Error(`${method} ${path}: ${answer.statusCode} ${answer.body}`);
        return answer.json();
      };
      const seedStart = performance.now();
      const approvals = await seed(database, inject);
      console.log(
        `Seeded ${approvals.toLocaleString('en-US')} approvals (${MISSIONARIES} missionaries × ${MONTHS} months) and ${MISSIONARIES} adjustments in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`,
      );
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      // Warm-up: the first request compiles the route's code paths and fills PostgreSQL's cache.
      await copyBaseline(url);
      await download(port, token, 'csv');
      const load = () =>
        os
          .loadavg()
          .map((value) => value.toFixed(1))
          .join(' ');
      console.log(`\nLoad average (1, 5, 15 min) before: ${load()}`);
      const copy = await measured(() => copyBaseline(url));
      console.log(`Range ${RANGE.from} to ${YEAR_END}. Baseline COPY TO STDOUT of the same rows:`);
      console.log(
        `  ${copy.ms.toFixed(0)} ms (CPU ${copy.cpuMs.toFixed(0)} ms), ${(copy.bytes / 1e6).toFixed(1)} MB, peak RSS +${copy.peakMiB.toFixed(1)} MiB`,
      );
      console.log('\nlayout    ms       MB     × COPY   CPU ms   peak RSS growth');
      for (const format of JOURNAL_FORMATS) {
        const result = await measured(() => download(port, token, format));
        console.log(
          `${format.padEnd(8)}  ${result.ms.toFixed(0).padStart(6)}  ${(result.bytes / 1e6).toFixed(2).padStart(6)}  ${(result.ms / copy.ms).toFixed(2).padStart(6)}×  ${result.cpuMs.toFixed(0).padStart(6)}   +${result.peakMiB.toFixed(1)} MiB`,
        );
      }
      console.log(`Load average after: ${load()}`);
      await memoryTable(port, token);
    } finally {
      await app.close();
      bench.dispose();
    }
  });
}

run(main);
