/**
 * What `donations`' indexes cost an import, A/B in one process under the same machine load.
 * The bench's 10 MB gift export (bench/import-http.ts) is read and matched once; then its 142,760 rows
 * are written with the import's own `insertDonations` (one transaction, multi-row INSERT … unnest)
 * into `donations` carrying each index set in turn — the set before migration 0014 (three trigram
 * indexes and (upload_name)), the set after it (neither), and two joined trigram indexes tried as a
 * replacement a search could use — rounds interleaved, so a change in load touches every set alike;
 * then the chunk size with the 0014 set. Prints each set's wall time, the backend's CPU time and the
 * WAL written (medians). Run: node --import tsx
 * bench/import-indexes.ts (BENCH_ROUNDS, BENCH_MB, BENCH_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { uploadMonth } from '../src/domain/donations/gift-fields';
import { readDonationTable } from '../src/domain/donations/import-file';
import { buildPreview } from '../src/domain/donations/import-preview';
import { openPostgres } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { queryRow } from '../src/server/db/query-rows';
import { donationUploads } from '../src/server/db/schema';
import { loadDirectory } from '../src/server/donations/directory';
import { insertChunkRows, insertDonations } from '../src/server/donations/import-donations';
import { readImportFile } from '../src/server/donations/read-file';
import { giftFile, seed } from './import-http';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCRATCH = `sheepfold_bench_indexes_ab_${process.pid}`;
const urlFor = (database: string) => Object.assign(new URL(ADMIN_URL), { pathname: `/${database}` }).toString();

const SEARCH_TEXT = `(coalesce("user_name", '') || ' ' || coalesce("fund_name", '') || ' ' || "upload_name" || ' ' || coalesce("donor_name", ''))`;
const BEFORE = [
  `create index donations_user_name_trgm_idx on donations using gin (user_name gin_trgm_ops)`,
  `create index donations_fund_name_trgm_idx on donations using gin (fund_name gin_trgm_ops)`,
  `create index donations_upload_name_trgm_idx on donations using gin (upload_name gin_trgm_ops)`,
  `create index donations_upload_name_idx on donations (upload_name)`,
];
const AFTER = [`create index donations_search_trgm_idx on donations using gin (${SEARCH_TEXT} gin_trgm_ops)`];
const NO_DONOR = `(coalesce("user_name", '') || ' ' || coalesce("fund_name", '') || ' ' || "upload_name")`;
const AFTER_NO_DONOR = [
  `create index donations_search_trgm_idx on donations using gin (${NO_DONOR} gin_trgm_ops)`,
  `create index donations_upload_name_idx on donations (upload_name)`,
];
const VARIABLE = [
  'donations_user_name_trgm_idx',
  'donations_fund_name_trgm_idx',
  'donations_upload_name_trgm_idx',
  'donations_upload_name_idx',
  'donations_search_trgm_idx',
];
const SETS: Record<string, string[]> = {
  'before 0014 (16 indexes)': BEFORE,
  'joined trigram incl. donor (13)': AFTER,
  'joined, no donor, + (upload_name) (14)': AFTER_NO_DONOR,
  'after 0014 (12 indexes)': [],
};

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const CHUNKS = (process.env.BENCH_CHUNKS ?? '2500,10000').split(',').filter(Boolean).map(Number);
const TICK_MS = 10; // USER_HZ = 100 on Linux

/** utime + stime of a local PostgreSQL backend, from /proc (the server runs on this machine). */
function backendCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  await admin(`drop database if exists ${SCRATCH} with (force)`);
  await admin(`create database ${SCRATCH}`);
  const database = openPostgres(urlFor(SCRATCH), 2);
  try {
    await migrate(database);
    const { db } = database;
    await seed(db);
    const { file } = giftFile();
    const table = await readImportFile({ filename: 'bench.csv', content: file, mimetype: 'text/csv' } as never);
    const read = readDonationTable(table.rows, {
      mapping: null,
      amountColumn: null,
      month: uploadMonth('November 2026'),
    });
    const rows = buildPreview(read, await loadDirectory(db)).matched;

    const write = async (set: string[], chunk: number) => {
      for (const name of VARIABLE) await db.execute(sql.raw(`drop index if exists ${name}`));
      for (const statement of set) await db.execute(sql.raw(statement));
      await db.execute(sql`truncate donations, donation_uploads cascade`);
      await db.execute(sql`checkpoint`);
      const started = performance.now();
      let cpu = 0;
      let wal = 0;
      await db.transaction(async (tx) => {
        // The backend's own CPU time and the WAL it writes: the work, whatever the machine's load.
        const { pid, lsn } = await queryRow(
          tx,
          sql`select pg_backend_pid() as pid, pg_current_wal_insert_lsn()::text as lsn`,
          z.object({ pid: z.number(), lsn: z.string() }),
        );
        const cpuBefore = backendCpuMs(pid);
        const [upload] = await tx
          .insert(donationUploads)
          .values({
            uploadName: 'November 2026',
            filename: 'b.csv',
            contentSha256: 'b',
            rowCount: rows.length,
            totalAmount: 0,
          })
          .returning();
        await insertDonations(tx, upload.id, 'November 2026', new Date(), rows, () => {}, chunk);
        cpu = backendCpuMs(pid) - cpuBefore;
        const { bytes } = await queryRow(
          tx,
          sql`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), ${lsn}::pg_lsn)::float8 as bytes`,
          z.object({ bytes: z.number() }),
        );
        wal = bytes;
      });
      return { ms: performance.now() - started, cpu, wal };
    };

    const times = new Map<string, Array<{ ms: number; cpu: number; wal: number }>>();
    const record = (label: string, run: { ms: number; cpu: number; wal: number }) => {
      times.set(label, [...(times.get(label) ?? []), run]);
      console.log(
        `load ${os.loadavg()[0].toFixed(1).padStart(4)}: ${label.padEnd(36)} ${run.ms.toFixed(0).padStart(6)} ms, backend CPU ${run.cpu.toFixed(0).padStart(6)} ms, WAL ${(run.wal / 1e6).toFixed(1)} MB`,
      );
    };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [label, set] of Object.entries(SETS)) record(label, await write(set, insertChunkRows(rows.length)));
      for (const chunk of CHUNKS) record(`after 0014, ${chunk} rows per INSERT`, await write([], chunk));
    }
    console.log(`\n${rows.length.toLocaleString('en-US')} rows; medians of ${ROUNDS} interleaved rounds:`);
    for (const [label, runs] of times) {
      console.log(
        `${label.padEnd(40)} ${median(runs.map((r) => r.ms))
          .toFixed(0)
          .padStart(6)} ms, backend CPU ${median(runs.map((r) => r.cpu))
          .toFixed(0)
          .padStart(6)} ms, WAL ${(median(runs.map((r) => r.wal)) / 1e6).toFixed(1)} MB`,
      );
    }
  } finally {
    await database.close();
    await admin(`drop database if exists ${SCRATCH} with (force)`);
  }
}

await main();
