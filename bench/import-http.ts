/**
 * Decision 18: a 10 MB donor file imported through the HTTP route, as the office's browser
 * sends it (multipart POST /api/donation/denari-upload), timed to the last byte of the answer, with the
 * answer's size. In the same run the rows the import wrote are loaded again with COPY FROM STDIN into
 * a table shaped like `donations` (the floor for getting those rows into PostgreSQL); the ratio
 * import ÷ COPY is printed. Run: npm run bench:import-http (BENCH_MB, BENCH_RUNS, BENCH_MISSIONARIES,
 * BENCH_DATABASE_URL to change; BENCH_PGLITE=1 for the embedded database on disk, as `npm start` runs, or
 * BENCH_PGLITE=memory in memory).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { toDecimalString } from '../src/domain/money';
import { type Database, type Db, openPglite } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
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
    await client?.connect();
    await client?.query('create table donations_copy (like donations including all)');

    const { file, rows, skipped } = giftFile();
    const results: Array<{ ms: number; bytes: number; copyMs: number }> = [];
    for (let run = 0; run < RUNS; run++) {
      const form = new FormData();
      form.append('upload_name', `Bench ${run}`);
      form.append('denari', new Blob([new Uint8Array(file)], { type: 'text/csv' }), `bench-${run}.csv`);
      const started = performance.now();
      const response = await fetch(`${address}/api/donation/denari-upload`, {
        method: 'POST',
        headers: { 'api-token': token },
        body: form,
      });
      const body = Buffer.from(await response.arrayBuffer());
      const ms = performance.now() - started;
      if (response.status !== 201)
        throw new Error(`import answered ${response.status}: ${body.toString().slice(0, 300)}`);
      const summary = JSON.parse(body.toString());
      if (summary.total_count !== rows - skipped)
        throw new Error(`imported ${summary.total_count} of ${rows - skipped}`);
      const copyMs = client ? await copyBaseline(client) : Number.NaN;
      results.push({ ms, bytes: body.length, copyMs });
      // Each run imports the same file under a new name; the rows go so the next run starts alike
      // (a file whose rows equal an earlier upload's is refused, decision 12).
      for (const table of ['donations', 'donation_uploads', 'audit_events']) {
        await database.db.execute(sql.raw(`delete from ${table}`));
      }
      console.log(
        `run ${run + 1}: HTTP import ${ms.toFixed(0)} ms, answer ${body.length.toLocaleString('en-US')} bytes${client ? `, COPY ${copyMs.toFixed(0)} ms` : ''}`,
      );
    }
    const importMs = median(results.map((r) => r.ms));
    const copyMs = median(results.map((r) => r.copyMs));
    const bytes = Math.max(...results.map((r) => r.bytes));
    console.log(
      `file: ${(file.length / 1024 / 1024).toFixed(1)} MiB, ${rows.toLocaleString('en-US')} gifts (${skipped.toLocaleString('en-US')} refunded, skipped), ${MISSIONARIES} missionaries, ${FUNDS} hold accounts; ${RUNS} runs, median`,
    );
    console.log(
      `HTTP import ${importMs.toFixed(0)} ms (limit 5,000: ${importMs < 5000 ? 'met' : 'NOT met'}); answer ${bytes.toLocaleString('en-US')} bytes (limit 10,240: ${bytes < 10_240 ? 'met' : 'NOT met'})`,
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
  if (process.env.BENCH_PGLITE) await withPgliteDirectory((database) => main(database, null));
  else await withScratchDatabase('http', 4, main);
}
