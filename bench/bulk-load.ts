/**
 * On the embedded database: what donations' secondary indexes cost a 10 MB import's inserts
 * on PGlite (a data directory on disk, as `npm start` runs), A/B in one process. The bench's gift
 * export (bench/import-http.ts) is read and matched once; then its rows are written with the import's
 * own `insertDonations`, in one transaction, into an emptied `donations`, three ways, rounds
 * interleaved so a change in machine load touches each alike:
 *   - kept: every index maintained row by row (the import before 2026-11-25, and PostgreSQL's way);
 *   - set aside: `withDonationIndexesSetAside`, the indexes dropped and built again afterwards (what a
 *     large import on PGlite does now, src/server/donations/bulk-load.ts);
 *   - none: the indexes dropped and not built again (the floor; rolled back).
 * Then each index's own build time. Prints medians and each way ÷ kept.
 * Run: npm run bench:bulk-load (BENCH_ROUNDS, BENCH_MB).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { uploadMonth } from '../src/domain/donations/gift-fields';
import { readDonationTable } from '../src/domain/donations/import-file';
import { buildPreview } from '../src/domain/donations/import-preview';
import { type Db, openPglite } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { donationUploads } from '../src/server/db/schema';
import { secondaryDonationIndexes, withDonationIndexesSetAside } from '../src/server/donations/bulk-load';
import { loadDirectory } from '../src/server/donations/directory';
import { insertDonations } from '../src/server/donations/import-donations';
import { readImportFile } from '../src/server/donations/read-file';
import { giftFile, seed } from './import-http';
import { median, run } from './support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WAYS = ['kept', 'set aside', 'none'] as const;
type Way = (typeof WAYS)[number];

class RolledBack extends Error {
  constructor(readonly ms: number) {
    super('rolled back');
  }
}

/** Writes the rows one way into an emptied `donations`; the milliseconds of the write alone. */
async function writeOnce(db: Db, way: Way, rows: Parameters<typeof insertDonations>[4], names: string[]) {
  await db.execute(sql`truncate donations, donation_uploads cascade`);
  await db.execute(sql`checkpoint`);
  return db
    .transaction(async (tx) => {
      const [upload] = await tx
        .insert(donationUploads)
        .values({
          uploadName: 'Bench',
          filename: 'bench.csv',
          contentSha256: 'bench',
          rowCount: rows.length,
          totalAmount: 0,
        })
        .returning();
      const write = () => insertDonations(tx, upload.id, 'Bench', new Date(), rows);
      const started = performance.now();
      if (way === 'kept') await write();
      if (way === 'set aside') await withDonationIndexesSetAside(tx, write);
      if (way === 'none') {
        for (const name of names) await tx.execute(sql`drop index ${sql.identifier(name)}`);
        await write();
        throw new RolledBack(performance.now() - started);
      }
      return performance.now() - started;
    })
    .catch((error) => {
      if (error instanceof RolledBack) return error.ms;
      throw error;
    });
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-bench-bulk-'));
  const database = await openPglite(dir);
  try {
    await migrate(database);
    const db = database.db;
    await seed(db);
    const { file } = giftFile();
    const table = await readImportFile({
      kind: 'file',
      fieldname: 'denari',
      filename: 'bench.csv',
      content: file,
      mimetype: 'text/csv',
    });
    const read = readDonationTable(table.rows, {
      mapping: null,
      amountColumn: null,
      month: uploadMonth('November 2026'),
    });
    const rows = buildPreview(read, await loadDirectory(db)).matched;
    const indexes = await secondaryDonationIndexes(db);
    console.log(
      `${rows.length.toLocaleString('en-US')} rows into donations with ${indexes.length} secondary indexes, PGlite on disk`,
    );
    const times: Record<Way, number[]> = { kept: [], 'set aside': [], none: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const way of WAYS) {
        const ms = await writeOnce(
          db,
          way,
          rows,
          indexes.map((index) => index.name),
        );
        times[way].push(ms);
        console.log(`round ${round + 1}: ${way.padEnd(9)} ${ms.toFixed(0).padStart(6)} ms`);
      }
    }
    console.log('\n| way | median ms (runs) | ÷ kept |\n| --- | --- | --- |');
    for (const way of WAYS) {
      const runs = times[way].map((ms) => ms.toFixed(0)).join(' / ');
      console.log(
        `| ${way} | ${median(times[way]).toFixed(0)} (${runs}) | ${(median(times[way]) / median(times.kept)).toFixed(2)} |`,
      );
    }
    // Each index's build over the rows just written (the table holds them after the last "set aside").
    await writeOnce(db, 'kept', rows, []);
    console.log('\n| index | build ms |\n| --- | --- |');
    for (const index of indexes) {
      const ms = await db.transaction(async (tx) => {
        await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
        const started = performance.now();
        await tx.execute(sql.raw(index.definition));
        return performance.now() - started;
      });
      console.log(`| ${index.name} | ${ms.toFixed(0)} |`);
    }
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

run(main);
