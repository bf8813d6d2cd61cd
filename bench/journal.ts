/**
 * Journal export benchmark: `npm run bench:journal` (Linux: it reads the server's memory and CPU
 * time from /proc).
 *
 * Seeds a scratch PostgreSQL database (BENCH_DATABASE_URL) with a year of approvals for 5,000
 * missionaries (one approved distribution each a month, 60,000 in all: one made through the real
 * routes, the rest copies of its row for every missionary and month) and 5,000 manual fund
 * adjustments. Then, for each layout, GET /api/reports/journal over HTTP from a real server in a
 * process of its own (bench/journal-server.ts), the answer read and thrown away: once for the whole
 * year and once for its first quarter, each in a fresh server process warmed up by one month of the
 * same layout (so each starts from the same heap, not one an earlier export grew). For each: time,
 * the server's CPU time and bytes; then memory: the server's peak RSS growth over its RSS at rest
 * before the download (Linux's VmHWM, reset after the warm-up), and the peak
 * growth of its V8 heap and of its external memory (buffers), sampled every 10 ms. A streamed
 * answer holds about the same for a quarter and a year; one built whole would need about four times
 * as much for the year.
 *
 * Baseline: a bare `COPY (…) TO STDOUT` of the same rows (the year's distributions, whole, and
 * journal rows) through node-postgres, run just before each layout; the layout's time is printed as
 * a ratio to it. The goal is within 3× and flat memory (docs/performance.md "Journal export").
 *
 * BENCH_MISSIONARIES (default 5000) and BENCH_MONTHS (default 12) shrink the seed for a quick try,
 * BENCH_LAYOUTS=csv,xero measures those layouts only;
 * BENCH_CPU_PROF=<dir> writes a CPU profile of each server process there, in a folder per download
 * (journal-{layout}-to-{end date}/, the main thread's CPU.….0.001.cpuprofile).
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
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
/** BENCH_LAYOUTS=csv,xero measures those only. */
const LAYOUTS = process.env.BENCH_LAYOUTS?.split(',') ?? JOURNAL_FORMATS;
const QUARTER_END = MONTHS >= 3 ? '2026-03-31' : RANGE.to;
/** What each fresh server exports before it is measured: January. */
const WARM_UP_END = '2026-01-31';

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

/** Linux's accounting of a process: its resident memory now and at its peak, and its CPU time. */
const proc = {
  /** VmRSS or VmHWM (the peak since start or since `resetPeak`), in bytes. */
  memory(pid: number, field: 'VmRSS' | 'VmHWM'): number {
    const line = fs
      .readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    if (!line) throw new Error(`No ${field} for process ${pid}.`);
    return Number(line.replace(/\D+/g, '')) * 1024;
  },
  /** Sets VmHWM back to the current RSS (proc(5), clear_refs "5"). */
  resetPeak(pid: number): void {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  },
  /** User and system CPU time in ms (clock ticks of 10 ms). */
  cpuMs(pid: number): number {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  },
};

const ZPort = z.object({ port: z.number() });
const ZMemoryPeaks = z.object({
  rss: z.number(),
  heapTotal: z.number(),
  heapUsed: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
});
type MemoryPeaks = z.output<typeof ZMemoryPeaks>;
const ZDone = (done: string) => z.object({ done: z.literal(done) });
const ZPeaks = z.object({ done: z.literal('peaks'), peaks: ZMemoryPeaks });

/** A journal server in a process of its own (bench/journal-server.ts); CPU profiles into BENCH_CPU_PROF when set. */
class ServerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(url: string, profileName: string): Promise<ServerProcess> {
    const profile = process.env.BENCH_CPU_PROF
      ? // A folder per download: tsx's loader thread writes a profile of its own beside the main thread's (….0.001.cpuprofile).
        ['--cpu-prof', `--cpu-prof-dir=${path.join(process.env.BENCH_CPU_PROF, profileName)}`]
      : [];
    const child = fork(path.join(import.meta.dirname, 'journal-server.ts'), [], {
      execArgv: ['--import', 'tsx', ...profile],
      env: { ...process.env, BENCH_JOURNAL_URL: url },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { port } = await ServerProcess.reply(child, ZPort);
    return new ServerProcess(child, port);
  }

  /** The child's first message that `schema` accepts. */
  private static reply<S extends z.ZodType>(child: ChildProcess, schema: S): Promise<z.output<S>> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: unknown) => {
        const parsed = schema.safeParse(message);
        if (!parsed.success) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(parsed.data);
      };
      const onExit = (code: number | null) => reject(new Error(`The journal server exited (${code}).`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  }

  private ask<S extends z.ZodType>(message: string, schema: S): Promise<z.output<S>> {
    const answer = ServerProcess.reply(this.child, schema);
    this.child.send(message);
    return answer;
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Starts sampling the server's process.memoryUsage() figures. */
  async watch(): Promise<void> {
    await this.ask('watch', ZDone('watch'));
  }

  /** The peak of each figure since `watch`, in bytes. */
  async peaks(): Promise<MemoryPeaks> {
    return (await this.ask('peaks', ZPeaks)).peaks;
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send('stop');
    await exited;
  }
}

type Run = { ms: number; cpuMs: number; bytes: number; peakMiB: number; peaks?: MemoryPeaks; rest?: MemoryPeaks };

/**
 * One download in a fresh server: a month of the same layout first (the route's code compiled and
 * V8's young generation grown to what an export uses; no forced collection, which would shrink it
 * back and make it grow again, 16–32 MiB, at a random moment of the measured download), the peak
 * reset, then the measured download: its time, the server's CPU time, the
 * bytes, and the server's peak RSS over its RSS at rest before it.
 */
async function measuredDownload(url: string, token: string, format: string, to: string): Promise<Run> {
  const server = await ServerProcess.start(url, `journal-${format}-to-${to}`);
  try {
    await download(server.port, token, format, WARM_UP_END);
    proc.resetPeak(server.pid);
    const rest = proc.memory(server.pid, 'VmRSS');
    await server.watch();
    const restPeaks = await server.peaks();
    await server.watch();
    const cpu = proc.cpuMs(server.pid);
    const start = performance.now();
    const bytes = await download(server.port, token, format, to);
    const ms = performance.now() - start;
    const cpuMs = proc.cpuMs(server.pid) - cpu;
    const peakMiB = (proc.memory(server.pid, 'VmHWM') - rest) / MiB;
    return { ms, cpuMs, bytes, peakMiB, peaks: await server.peaks(), rest: restPeaks };
  } finally {
    await server.stop();
  }
}

/** The COPY baseline's time and the bench process's peak RSS growth while it runs (sampled every 10 ms). */
async function measuredCopy(url: string): Promise<Run> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const bytes = await copyBaseline(url);
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

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

const mib = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}`;

const growth = (run: Run, figure: keyof MemoryPeaks) =>
  run.peaks && run.rest ? (run.peaks[figure] - run.rest[figure]) / MiB : Number.NaN;

/** "12.3 → 14.1 (1.15×)": a quarter's figure, the range's and their ratio (none below 1 MiB). */
const quarterToRange = (quarter: number, range: number) =>
  `${mib(quarter).padStart(6)} → ${mib(range).padStart(6)} (${quarter >= 1 ? `${(range / quarter).toFixed(2)}×` : '–'})`;

/**
 * Each layout: a COPY, then the whole range and the first quarter, each download in a fresh server.
 * The ratio is to the COPY run just before it, so a change in the shared machine's load between
 * layouts moves both. Then the memory of the same downloads.
 */
async function measureLayouts(url: string, token: string): Promise<void> {
  console.log(`\nLoad average (1, 5, 15 min) before: ${load()}`);
  console.log(
    `Range ${RANGE.from} to ${YEAR_END}; quarter ${RANGE.from} to ${QUARTER_END}. Each download in a fresh server process.`,
  );
  console.log('\nlayout    COPY ms  range ms  × COPY  server CPU ms      MB  quarter ms');
  const runs: Array<{ format: string; range: Run; quarter: Run }> = [];
  const ratios: number[] = [];
  for (const format of LAYOUTS) {
    const copy = await measuredCopy(url);
    const range = await measuredDownload(url, token, format, YEAR_END);
    const quarter = await measuredDownload(url, token, format, QUARTER_END);
    runs.push({ format, range, quarter });
    ratios.push(range.ms / copy.ms);
    console.log(
      `${format.padEnd(8)}  ${copy.ms.toFixed(0).padStart(7)}  ${range.ms.toFixed(0).padStart(8)}  ${(range.ms / copy.ms).toFixed(2).padStart(5)}×  ${range.cpuMs.toFixed(0).padStart(13)}  ${(range.bytes / 1e6).toFixed(2).padStart(6)}  ${quarter.ms.toFixed(0).padStart(10)}`,
    );
  }
  console.log(`Worst ratio ${Math.max(...ratios).toFixed(2)}× the COPY. Load average after: ${load()}`);
  console.log("\nThe server's growth over its memory at rest, MiB, quarter → range (range ÷ quarter):");
  console.log('layout    peak RSS                 V8 heap (heapTotal)      external (buffers)');
  for (const { format, range, quarter } of runs) {
    console.log(
      `${format.padEnd(8)}  ${quarterToRange(quarter.peakMiB, range.peakMiB).padEnd(23)}  ${quarterToRange(growth(quarter, 'heapTotal'), growth(range, 'heapTotal')).padEnd(23)}  ${quarterToRange(growth(quarter, 'external'), growth(range, 'external'))}`,
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
      // Warm-up: PostgreSQL's cache, through the COPY and one whole export.
      await copyBaseline(url);
      const warm = await ServerProcess.start(url, 'journal-warm-up');
      await download(warm.port, token, 'csv');
      await warm.stop();
      const copy = await measuredCopy(url);
      console.log(
        `Baseline COPY TO STDOUT of the same rows: ${copy.ms.toFixed(0)} ms (CPU ${copy.cpuMs.toFixed(0)} ms), ${(copy.bytes / 1e6).toFixed(1)} MB, peak RSS ${mib(copy.peakMiB)} MiB`,
      );
      await measureLayouts(url, token);
    } finally {
      await app.close();
      bench.dispose();
    }
  });
}

run(main);
