/**
 * Where a 10 MB import's time goes, step by step, on a scratch PostgreSQL database: the steps of
 * `importDonationFile` (decode and CSV, header and amount rules, the rows' hash, the directory,
 * matching, the duplicate check, the inserts) timed one by one on the bench's gift export.
 * Run: node --import tsx bench/import-profile.ts (BENCH_MB, BENCH_MISSIONARIES, BENCH_DATABASE_URL).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { uploadMonth } from '../src/domain/donations/gift-fields';
import { canonicalRows, readDonationTable } from '../src/domain/donations/import-file';
import { buildPreview } from '../src/domain/donations/import-preview';
import type { Database, Db } from '../src/server/db/client';
import { driverClientOf } from '../src/server/db/query-rows';
import { donationUploads } from '../src/server/db/schema';
import { loadDirectory } from '../src/server/donations/directory';
import { contentHash, insertDonations } from '../src/server/donations/import-donations';
import { readImportFile } from '../src/server/donations/read-file';
import { copyFrom } from './copy-from';
import { giftFile, seed } from './import-http';
import { withScratchDatabase } from './support';

async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const value = await work();
  console.log(`${label.padEnd(34)} ${(performance.now() - started).toFixed(0).padStart(6)} ms`);
  return value;
}

/** The same rows through other statements: without foreign keys, and by COPY (experiments). */
async function variants(db: Db, rows: Parameters<typeof insertDonations>[4]) {
  await db.execute(sql`create table if not exists donations_nofk (like donations including all)`);
  await db.execute(sql`alter table donations_nofk alter column upload_id drop default`);
  const [upload] = await db
    .insert(donationUploads)
    .values({ uploadName: 'V', filename: 'v', contentSha256: `v${Math.random()}`, rowCount: 0, totalAmount: 0 })
    .returning();
  await db.transaction(async (tx) => {
    await timed('unnest insert, no foreign keys', async () => {
      for (let start = 0; start < rows.length; start += 5000) {
        const chunk = rows.slice(start, start + 5000);
        await tx.execute(sql`insert into donations_nofk (upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id, donor_name, donor_key, gift_date, approved, created_at)
          select ${upload.id}, 'V', t.amount, t.count, t.user_id, t.user_name, t.fund_name, t.hold_account_id, t.donor_name, t.donor_key, t.gift_date, false, now()
          from unnest(${sql.param(chunk.map((r) => (r.amount / 100).toFixed(2)))}::numeric[], ${sql.param(chunk.map((r) => r.count))}::int[],
            ${sql.param(chunk.map((r) => r.userId))}::int[], ${sql.param(chunk.map((r) => r.userName))}::text[], ${sql.param(chunk.map((r) => r.fundName))}::text[],
            ${sql.param(chunk.map((r) => r.holdAccountId))}::int[], ${sql.param(chunk.map((r) => r.donorName))}::text[], ${sql.param(chunk.map((r) => r.donorKey))}::text[],
            ${sql.param(chunk.map((r) => r.giftDate))}::date[]) as t(amount, count, user_id, user_name, fund_name, hold_account_id, donor_name, donor_key, gift_date)`);
      }
    });
  });
  const esc = (v: string | number | null) =>
    v === null
      ? '\\N'
      : String(v).replace(/[\\\t\n\r]/g, (c) =>
          c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
        );
  const now = new Date().toISOString();
  const client = await driverClientOf<pg.Pool>(db).connect();
  try {
    await client.query('begin');
    await timed('COPY into donations (with FKs)', async () => {
      const parts: string[] = [];
      for (const r of rows) {
        parts.push(
          `${upload.id}\tV\t${(r.amount / 100).toFixed(2)}\t${r.count}\t${r.userId}\t${esc(r.userName)}\t${esc(r.fundName)}\t${esc(r.holdAccountId)}\t${esc(r.donorName)}\t${esc(r.donorKey)}\t${esc(r.giftDate)}\tf\t${now}\n`,
        );
      }
      const n = await copyFrom(
        client,
        'copy donations (upload_id, upload_name, amount, count, user_id, user_name, fund_name, hold_account_id, donor_name, donor_key, gift_date, approved, created_at) from stdin',
        Buffer.from(parts.join('')),
      );
      if (n !== rows.length) throw new Error(`copied ${n}`);
    });
    await client.query('commit');
  } finally {
    client.release();
  }
  await db.execute(sql`drop table donations_nofk; delete from donations; delete from donation_uploads`);
}

async function main(database: Database) {
  const actor = await seed(database.db);
  const { file } = giftFile();
  for (let run = 1; run <= 2; run++) {
    console.log(`run ${run}`);
    const all = performance.now();
    const upload = { filename: 'bench.csv', content: file, mimetype: 'text/csv' };
    const bytesHash = await timed('sha-256 of the bytes', () => contentHash(file));
    const table = await timed('decode + CSV', () => readImportFile(upload as never));
    const read = await timed('header and amount rules', () =>
      readDonationTable(table.rows, { mapping: null, amountColumn: null, month: uploadMonth('November 2026') }),
    );
    const rowsHash = await timed("rows' canonical text + hash", () =>
      contentHash(Buffer.from(canonicalRows(read.rows))),
    );
    const directory = await timed('directory', () => loadDirectory(database.db));
    const preview = await timed('matching + totals', () => buildPreview(read, directory));
    await database.db.transaction(async (tx) => {
      await timed('duplicate check', () =>
        tx.execute(sql`select 1 from donation_uploads where content_sha256 in (${bytesHash}, ${rowsHash}) limit 1`),
      );
      const [row] = await tx
        .insert(donationUploads)
        .values({
          uploadName: `Profile ${run}`,
          filename: 'bench.csv',
          contentSha256: rowsHash,
          rowCount: preview.matched.length,
          totalAmount: 0,
          createdBy: actor.id,
        })
        .returning();
      await timed(`inserts (${preview.matched.length} rows)`, () =>
        insertDonations(tx, row.id, `Profile ${run}`, new Date(), preview.matched),
      );
    });
    console.log(`${'all steps'.padEnd(34)} ${(performance.now() - all).toFixed(0).padStart(6)} ms`);
    if (process.env.PROFILE_VARIANTS) await variants(database.db, preview.matched);
    await database.db.execute(sql`delete from donations; delete from donation_uploads`);
  }
}

await withScratchDatabase('profile', 4, main);
