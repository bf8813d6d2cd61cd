/**
 * Benchmark of the donation import: a generated 100,000-row donor file is imported through
 * the real import code (decode, CSV parse, header and amount rules, matching, one transaction of
 * multi-row INSERT … SELECT FROM unnest) into a scratch PostgreSQL database, and the same rows are
 * loaded with COPY FROM STDIN into a scratch table shaped like `donations`. Prints rows/s and the
 * ratio. Run: npm run bench:import (BENCH_ROWS, BENCH_RUNS, BENCH_DATABASE_URL to change).
 */

import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { readDonationTable } from '../src/domain/donations/import-file';
import { buildPreview } from '../src/domain/donations/import-preview';
import { toDecimalString } from '../src/domain/money';
import type { Database } from '../src/server/db/client';
import { donationUploads } from '../src/server/db/schema';
import { loadDirectory } from '../src/server/donations/directory';
import { importDonationFile, insertDonations } from '../src/server/donations/import-donations';
import { readImportFile } from '../src/server/donations/read-file';
import { copyFrom } from './copy-from';
import { accountNumber, GIFT_HEADER, giftLine, seedDonorDirectory } from './donor-file';
import { benchContext, median, random, withScratchDatabase } from './support';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** `per-fund` (Fund, Account #, Missionary, Amount, Count) or `per-gift` (a donor export, decision 24). */
const LAYOUT = process.env.BENCH_LAYOUT === 'per-gift' ? 'per-gift' : 'per-fund';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const MISSIONARIES = 2000;
const FUNDS = 500;

const next = random(42);

/** Amounts as real exports write them: thousands separators, dollar signs, parenthesised reversals. */
function amountText(i: number): string {
  const cents = 100 + Math.floor(next() * 500_000);
  const text = toDecimalString(cents);
  if (i % 97 === 0) return `(${text})`;
  if (i % 5 === 0) return `"$${Number(text).toLocaleString('en-US', { minimumFractionDigits: 2 })}"`;
  return text;
}

/** Per-fund totals: a quarter of the rows designated by fund name, the rest by Account #. */
function perFundLines() {
  const lines = ['Fund,Account #,Missionary,Amount,Count'];
  for (let i = 0; i < ROWS; i++) {
    const amount = amountText(i);
    const count = 1 + Math.floor(next() * 5);
    if (i % 4 === 0) lines.push(`Fund ${Math.floor(next() * FUNDS)},,,${amount},${count}`);
    else lines.push(`,${accountNumber(Math.floor(next() * MISSIONARIES))},,${amount},${count}`);
  }
  return { lines, skipped: 0 };
}

/**
 * A donor system's gift export (decision 24, docs/decisions.md): one row per gift with its date, donor and
 * status; a quarter designated to hold accounts, the rest by Account #; one gift in 50 refunded.
 */
function perGiftLines() {
  const lines = [GIFT_HEADER];
  let skipped = 0;
  for (let i = 0; i < ROWS; i++) {
    const gift = giftLine(next, i, { missionaries: MISSIONARIES, funds: FUNDS }, () => amountText(i));
    if (gift.refunded) skipped += 1;
    lines.push(gift.line);
  }
  return { lines, skipped };
}

async function main(database: Database, url: string) {
  const db = database.db;
  const actor = await seedDonorDirectory(db, MISSIONARIES, FUNDS);

  const { lines, skipped } = LAYOUT === 'per-gift' ? perGiftLines() : perFundLines();
  const file = Buffer.from(`${lines.join('\r\n')}\r\n`);

  const bench = benchContext(database, { log: 'stderr' });
  const ctx = bench.context;

  // The COPY baseline loads the very rows the import writes, into a table with the same columns,
  // defaults, checks and indexes as `donations` (no foreign keys: COPY has nothing to match).
  await db.execute(sql`create table donations_copy (like donations including all)`);
  const importTimes: number[] = [];
  const copyTimes: number[] = [];
  /** COPY into `donations` itself: the same foreign-key checks as the import. */
  const copyFkTimes: number[] = [];
  let copyData = Buffer.alloc(0);
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const result = await importDonationFile(
      ctx,
      { id: actor.id, name: actor.name, email: actor.email, role: 'admin' },
      {
        uploadName: `Bench ${run}`,
        file: { kind: 'file', fieldname: 'denari', filename: 'bench.csv', mimetype: 'text/csv', content: file },
      },
    );
    importTimes.push(performance.now() - started);
    if (result.upload.rowCount !== ROWS - skipped) {
      throw new Error(`imported ${result.upload.rowCount} rows, expected ${ROWS - skipped}`);
    }
    {
      // The rows the import wrote, as COPY text (rebuilt per run: they refer to this run's upload).
      const createdAt = new Date().toISOString();
      copyData = Buffer.from(
        result.preview.matched
          .map(
            (row) =>
              `${result.upload.id}\t${`Bench ${run}`}\t${toDecimalString(row.amount)}\t${row.count}\t${row.userId}\t${row.userName}\t${row.fundName ?? '\\N'}\t${row.holdAccountId ?? '\\N'}\t${row.donorName ?? '\\N'}\t${row.donorKey ?? '\\N'}\t${row.giftDate ?? '\\N'}\tf\t${createdAt}\n`,
          )
          .join(''),
      );
    }
    // Undo outside the timing, so the next run sees the same database (the upload row stays for
    // the COPY into `donations` below, whose rows refer to it).
    await db.execute(sql`delete from donations`);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const columns =
      '(upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id, donor_name, donor_key, gift_date, approved, created_at)';
    for (const [table, times] of [
      ['donations_copy', copyTimes],
      ['donations', copyFkTimes],
    ] as const) {
      const copyStarted = performance.now();
      await client.query('begin');
      const copied = await copyFrom(client, `copy ${table} ${columns} from stdin`, copyData);
      await client.query('commit');
      times.push(performance.now() - copyStarted);
      if (copied !== ROWS - skipped) throw new Error(`COPY loaded ${copied} rows, expected ${ROWS - skipped}`);
    }
    await client.query('truncate donations_copy');
    await client.end();
    await db.execute(sql`delete from donations`);
    await db.execute(sql`delete from donation_uploads`);
    await db.execute(sql`delete from audit_events`);
  }

  // Where the import's time goes (one more run, stage by stage, same code).
  const stage = async <T>(work: () => Promise<T> | T): Promise<[T, number]> => {
    const started = performance.now();
    const value = await work();
    return [value, performance.now() - started];
  };
  const upload = {
    kind: 'file' as const,
    fieldname: 'denari',
    filename: 'bench.csv',
    mimetype: 'text/csv',
    content: file,
  };
  const [table, readMs] = await stage(() => readImportFile(upload));
  const [read, rulesMs] = await stage(() => readDonationTable(table.rows));
  const [preview, matchMs] = await stage(async () => buildPreview(read, await loadDirectory(db)));
  const [, writeMs] = await stage(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(donationUploads)
        .values({
          uploadName: 'Stages',
          filename: 'bench.csv',
          contentSha256: 'stages',
          rowCount: ROWS - skipped,
          totalAmount: 0,
        })
        .returning();
      await insertDonations(tx, row.id, 'Stages', new Date(), preview.matched);
    }),
  );
  console.log(
    `stages: decode+CSV ${readMs.toFixed(0)} ms, header/amount rules ${rulesMs.toFixed(0)} ms, matching ${matchMs.toFixed(0)} ms, INSERT…unnest ${writeMs.toFixed(0)} ms`,
  );
  await db.execute(sql`delete from donations`);
  await db.execute(sql`delete from donation_uploads`);

  const importMs = median(importTimes);
  const copyMs = median(copyTimes);
  const rate = (ms: number) => Math.round(ROWS / (ms / 1000)).toLocaleString('en-US');
  console.log(
    `layout: ${LAYOUT}, rows: ${ROWS.toLocaleString('en-US')} (${skipped.toLocaleString('en-US')} skipped; ${(file.length / 1e6).toFixed(1)} MB CSV), runs: ${RUNS}, median of each`,
  );
  console.log(
    `import (real code, one transaction): ${importMs.toFixed(0)} ms  ${rate(importMs)} rows/s   runs: ${importTimes.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `COPY FROM STDIN (same rows):         ${copyMs.toFixed(0)} ms  ${rate(copyMs)} rows/s   runs: ${copyTimes.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  const copyFkMs = median(copyFkTimes);
  console.log(
    `COPY into donations (with its FKs):  ${copyFkMs.toFixed(0)} ms  ${rate(copyFkMs)} rows/s   runs: ${copyFkTimes.map((t) => t.toFixed(0)).join(', ')} ms`,
  );
  console.log(
    `ratio import / COPY: ${(importMs / copyMs).toFixed(2)}x (goal: within 3x); import / COPY into donations: ${(importMs / copyFkMs).toFixed(2)}x`,
  );
  bench.dispose();
}

await withScratchDatabase('import', 2, main);
