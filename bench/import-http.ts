/**
 * Decision 18: a 10 MB donor file imported through the HTTP route, as the office's browser
 * sends it (multipart POST /api/donation/denari-upload), timed to the last byte of the answer, with the
 * answer's size. In the same run the rows the import wrote are loaded again with COPY FROM STDIN into
 * a table shaped like `donations` (the floor for getting those rows into PostgreSQL); the ratio
 * import ÷ COPY is printed. Run: npm run bench:import-http (BENCH_MB, BENCH_RUNS, BENCH_MISSIONARIES,
 * BENCH_DATABASE_URL to change; BENCH_PGLITE=1 for the embedded database on disk, as `npm start` runs, or
 * BENCH_PGLITE=memory in memory).
 *
 * BENCH_AB (bench/ab.ts): `list-counts` or `search-terms` times the import with and without that
 * layer's triggers; `bulk-load` (with BENCH_PGLITE) with and without the bulk load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { toDecimalString } from '../src/domain/money';
import { type Database, type Db, openPglite } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { queryRows } from '../src/server/db/query-rows';
import { runScript } from '../src/server/test-support/server-process';
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
  type Variant,
  withoutEnv,
} from './ab';
import { copyFrom } from './copy-from';
import { GIFT_HEADER, giftLine, seedDonorDirectory } from './donor-file';
import { benchApp, benchContext, median, random, tokenFor, withScratchDatabase } from './support';

const MB = Number(process.env.BENCH_MB ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** A mission office's size: the summary lists each missionary once (decision 12). */
const MISSIONARIES = Number(process.env.BENCH_MISSIONARIES ?? 50);
const FUNDS = 20;
/** A donor system's gift export (decision 24), one row per gift, until the file is `MB` megabytes. */
export function giftFile(): { file: Buffer; rows: number; skipped: number } {
  const next = random(42);
  const lines = [GIFT_HEADER];
  let bytes = lines[0].length + 2;
  let skipped = 0;
  for (let i = 0; bytes < MB * 1024 * 1024; i++) {
    const gift = giftLine(next, i, { missionaries: MISSIONARIES, funds: FUNDS }, () =>
      toDecimalString(100 + Math.floor(next() * 50_000)),
    );
    if (gift.refunded) skipped += 1;
    lines.push(gift.line);
    bytes += gift.line.length + 2;
  }
  return { file: Buffer.from(`${lines.join('\r\n')}\r\n`), rows: lines.length - 1, skipped };
}

/** The directory the file is matched against: a mission office's size. */
export const seed = (db: Db) => seedDonorDirectory(db, MISSIONARIES, FUNDS);

const COLUMNS =
  'upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id, donor_name, donor_key, gift_date, approved, created_at';

/** The rows the import wrote, as COPY text, and the time to COPY them into a like-shaped table. */
async function copyBaseline(client: pg.Client): Promise<number> {
  const { rows } = await client.query(`select ${COLUMNS} from donations order by id`);
  const text = (value: unknown) =>
    value === null
      ? '\\N'
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'boolean'
          ? value
            ? 't'
            : 'f'
          : String(value);
  const data = Buffer.from(rows.map((row) => `${Object.values(row).map(text).join('\t')}\n`).join(''));
  await client.query('truncate donations_copy');
  const started = performance.now();
  await client.query('begin');
  const copied = await copyFrom(client, `copy donations_copy (${COLUMNS}) from stdin`, data);
  await client.query('commit');
  const ms = performance.now() - started;
  if (copied !== rows.length) throw new Error(`COPY loaded ${copied} rows, expected ${rows.length}`);
  return ms;
}

/** One import of `file` through the route, timed to the answer's last byte; its rows go afterwards. */
async function importOnce(
  database: Database,
  address: string,
  token: string,
  gifts: ReturnType<typeof giftFile>,
  run: number,
  client: pg.Client | null,
): Promise<{ ms: number; cpuMs: number; bytes: number; copyMs: number }> {
  const form = new FormData();
  form.append('upload_name', `Bench ${run}`);
  form.append('denari', new Blob([new Uint8Array(gifts.file)], { type: 'text/csv' }), `bench-${run}.csv`);
  const cpuBefore = await cpuNow(database);
  const started = performance.now();
  const response = await fetch(`${address}/api/donation/denari-upload`, {
    method: 'POST',
    headers: { 'api-token': token },
    body: form,
  });
  const body = Buffer.from(await response.arrayBuffer());
  const ms = performance.now() - started;
  const cpuMs = cpuMsBetween(cpuBefore, await cpuNow(database));
  if (response.status !== 201) throw new Error(`import answered ${response.status}: ${body.toString().slice(0, 300)}`);
  const summary = JSON.parse(body.toString());
  if (summary.total_count !== gifts.rows - gifts.skipped) {
    throw new Error(`imported ${summary.total_count} of ${gifts.rows - gifts.skipped}`);
  }
  const copyMs = client ? await copyBaseline(client) : Number.NaN;
  // Each run imports the same file under a new name; the rows go so the next run starts alike
  // (a file whose rows equal an earlier upload's is refused, decision 12).
  for (const table of ['donations', 'donation_uploads', 'audit_events']) {
    await database.db.execute(sql.raw(`delete from ${table}`));
  }
  return { ms, cpuMs, bytes: body.length, copyMs };
}

/**
 * The CPU time used so far by this process (the server, and PGlite, which runs in it) and by the
 * database's backends on PostgreSQL: steadier than the wall time on a shared machine.
 */
async function cpuNow(database: Database) {
  const backends =
    database.kind === 'postgres'
      ? await queryRows(
          database.db,
          sql`select pid from pg_stat_activity where datname = current_database()`,
          z.object({ pid: z.number() }),
        )
      : [];
  return cpuMsByProcess([process.pid, ...backends.map((row) => row.pid)]);
}

/**
 * What a layer's triggers cost the import (bench/ab.ts): the same import with them and with them
 * switched off in this scratch database (and, for the search terms, the donor-name index they
 * brought), alternated.
 */
const WRITE_SIDE: Partial<Record<Layer, Record<Variant, string[]>>> = {
  'list-counts': {
    with: ['alter table donations enable trigger donations_count_insert'],
    without: ['alter table donations disable trigger donations_count_insert'],
  },
  'search-terms': {
    with: [
      'alter table donations enable trigger donations_search_terms_insert',
      'create index if not exists donations_donor_name_idx on donations (donor_name) where donor_name is not null',
    ],
    without: [
      'alter table donations disable trigger donations_search_terms_insert',
      'drop index if exists donations_donor_name_idx',
    ],
  },
};

/**
 * `url`: PostgreSQL, with the COPY baseline; null: the embedded PGlite `npm start` runs by default
 * (BENCH_PGLITE=1, on a data directory on disk), without one (PGlite's COPY reads a file, not a stream).
 */
async function main(database: Database, url: string | null) {
  const client = url ? new pg.Client({ connectionString: url }) : null;
  const bench = benchContext(database);
  try {
    const actor = await seed(database.db);
    const app = await benchApp(bench);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const token = await tokenFor(database, actor.id);
    const gifts = giftFile();
    const { file, rows, skipped } = gifts;
    const layers = layersToCompare();
    if (layers.length > 0) {
      await compareWriteSides(database, layers, (run) => importOnce(database, address, token, gifts, run, null));
      await app.close();
      return;
    }
    await client?.connect();
    await client?.query('create table donations_copy (like donations including all)');
    const results: Array<{ ms: number; cpuMs: number; bytes: number; copyMs: number }> = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await importOnce(database, address, token, gifts, run, client);
      results.push(result);
      console.log(
        `run ${run + 1}: HTTP import ${result.ms.toFixed(0)} ms (CPU ${result.cpuMs.toFixed(0)} ms), answer ${result.bytes.toLocaleString('en-US')} bytes${client ? `, COPY ${result.copyMs.toFixed(0)} ms` : ''}`,
      );
    }
    const importMs = median(results.map((r) => r.ms));
    const cpuMs = median(results.map((r) => r.cpuMs));
    const copyMs = median(results.map((r) => r.copyMs));
    const bytes = Math.max(...results.map((r) => r.bytes));
    console.log(
      `file: ${(file.length / 1024 / 1024).toFixed(1)} MiB, ${rows.toLocaleString('en-US')} gifts (${skipped.toLocaleString('en-US')} refunded, skipped), ${MISSIONARIES} missionaries, ${FUNDS} hold accounts; ${RUNS} runs, median`,
    );
    console.log(
      `HTTP import ${importMs.toFixed(0)} ms (limit 5,000: ${importMs < 5000 ? 'met' : 'NOT met'}; CPU ${cpuMs.toFixed(0)} ms); answer ${bytes.toLocaleString('en-US')} bytes (limit 10,240: ${bytes < 10_240 ? 'met' : 'NOT met'})`,
    );
    if (client) {
      console.log(`COPY of the same rows ${copyMs.toFixed(0)} ms; import ÷ COPY = ${(importMs / copyMs).toFixed(2)}×`);
    }
    await app.close();
  } finally {
    await client?.end().catch(() => undefined);
    bench.dispose();
  }
}

/** The import with and without each layer's triggers, alternated in this process. */
async function compareWriteSides(
  database: Database,
  layers: Layer[],
  importOne: (run: number) => Promise<{ ms: number; cpuMs: number }>,
) {
  await importOne(-1); // warm-up, unmeasured
  let run = 0;
  for (const layer of layers) {
    const statements = WRITE_SIDE[layer];
    if (!statements) throw new Error(`bench:import-http measures the write side of ${Object.keys(WRITE_SIDE)}`);
    const started = loadAverage();
    const samples = await alternate(ROUNDS, async (variant) => {
      for (const statement of statements[variant]) await database.db.execute(sql.raw(statement));
      const result = await importOne(run++);
      console.log(`${layer} ${variant}: ${result.ms.toFixed(0)} ms, CPU ${result.cpuMs.toFixed(0)} ms`);
      return result;
    });
    const of = (pick: (result: { ms: number; cpuMs: number }) => number) => ({
      with: samples.with.map(pick),
      without: samples.without.map(pick),
    });
    for (const statement of statements.with) await database.db.execute(sql.raw(statement));
    console.log(
      `\n${layer}, what its triggers cost the import (${database.kind}, ${ROUNDS} rounds, load average ${started} → ${loadAverage()})\n${AB_HEADER('ms')}\n${abRow(
        '10 MB import over HTTP, ms',
        of((r) => r.ms),
        'ms',
      )}\n${abRow(
        'CPU ms (this process and the database)',
        of((r) => r.cpuMs),
        'ms',
      )}`,
    );
  }
}

/**
 * BENCH_AB=bulk-load with BENCH_PGLITE: this bench once per sample in a process of its own, with the
 * bulk load and without it (bench/without/bulk-load.ts), alternated; each prints its median of
 * BENCH_RUNS imports into an empty table.
 */
async function compareBulkLoad() {
  const started = loadAverage();
  const samples = await alternate(ROUNDS, async (variant) => {
    const output = await runScript('bench/import-http.ts', [], {
      BENCH_AB: '',
      ...(variant === 'without' ? withoutEnv('bulk-load') : {}),
    });
    const figures = /HTTP import (\d+) ms \(limit.*CPU (\d+) ms\)/.exec(output);
    if (!figures) throw new Error(`no figure in:\n${output}`);
    const [ms, cpuMs] = [Number(figures[1]), Number(figures[2])];
    console.log(`bulk-load ${variant}: ${ms} ms, CPU ${cpuMs} ms`);
    return { ms, cpuMs };
  });
  const of = (pick: (result: { ms: number; cpuMs: number }) => number) => ({
    with: samples.with.map(pick),
    without: samples.without.map(pick),
  });
  console.log(
    `\nbulk-load (PGlite ${process.env.BENCH_PGLITE === 'memory' ? 'in memory' : 'on disk'}, ${ROUNDS} rounds of a process each, median of ${RUNS} imports a process; load average ${started} → ${loadAverage()})\n${AB_HEADER('ms')}\n${abRow(
      '10 MB import over HTTP, ms',
      of((r) => r.ms),
      'ms',
    )}\n${abRow(
      'CPU ms (the process, PGlite in it)',
      of((r) => r.cpuMs),
      'ms',
    )}`,
  );
}

/** The embedded database as `npm start` opens it: a data directory on disk, migrated. */
async function withPgliteDirectory(work: (database: Database) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-bench-pglite-'));
  const database = await openPglite(process.env.BENCH_PGLITE === 'memory' ? null : dir);
  try {
    await migrate(database);
    await work(database);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (layersToCompare().includes('bulk-load')) await compareBulkLoad();
  else if (process.env.BENCH_PGLITE) await withPgliteDirectory((database) => main(database, null));
  else await withScratchDatabase('http', 4, main);
}
