import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { openPglite } from './client';
import { MIGRATIONS_FOLDER } from './migrate';

/**
 * Migration 0023 (docs/distribution.md "One distribution per day") on a database that already holds
 * overlapping distributions: it must not fail, must change no figure, and must leave every row it
 * keeps under the exclusion constraint overlap-free. Run on PGlite (the embedded database a
 * deployment upgrades in place); the same SQL runs on PostgreSQL in every API test's setup.
 */
const TAG = '0023_distribution_no_overlap';

function foldersUpTo(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'));
  const index = journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag);
  const before = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
  for (const entry of before)
    fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

// Two full migration runs of a fresh PGlite: slow on a busy 2-core machine.
it('marks the later of overlapping distributions stored before it, adds the constraint, and fails on none', {
  timeout: 180_000,
}, async () => {
  const database = await openPglite(null);
  const older = foldersUpTo(TAG);
  try {
    const db = drizzle(database.pglite!);
    await migratePglite(db, { migrationsFolder: older });
    const client = database.pglite!;
    await client.exec(`
      insert into users (id, name, email, role, password_hash) values
        (1, 'Lydia', 'lydia@example.org', 'missionary', 'x'), (2, 'Boaz', 'boaz@example.org', 'missionary', 'x');
      insert into distributions (id, user_id, user_name, user_email, start_date, end_date, status, total_payroll) values
        (10, 1, 'Lydia', 'l', '2026-11-01', '2026-11-30', 'approved', 2850),
        (11, 1, 'Lydia', 'l', '2026-11-15', '2026-12-15', 'approved', 2850),
        (12, 1, 'Lydia', 'l', '2026-12-16', '2026-12-31', 'pending', 100),
        (13, 1, 'Lydia', 'l', '2026-11-30', '2026-11-30', 'pending', 100),
        (20, 2, 'Boaz', 'b', '2026-11-01', '2026-11-30', 'approved', 500),
        (21, 2, 'Boaz', 'b', '2026-12-01', '2026-12-31', 'pending', 500);`);
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    const result = await client.query<{ id: number; overlap_exempt: boolean; total_payroll: string }>(
      'select id, overlap_exempt, total_payroll::text as total_payroll from distributions order by id',
    );
    // 11 and 13 share days with 10 (lower id); 12 and Boaz's months share none.
    expect(result.rows.map((row) => [row.id, row.overlap_exempt, row.total_payroll])).toEqual([
      [10, false, '2850.00'],
      [11, true, '2850.00'],
      [12, false, '100.00'],
      [13, true, '100.00'],
      [20, false, '500.00'],
      [21, false, '500.00'],
    ]);
    // The constraint now refuses a new overlap with a row it covers …
    await expect(
      client.query(`insert into distributions (user_id, user_name, user_email, start_date, end_date)
        values (1, 'Lydia', 'l', '2026-12-20', '2027-01-10')`),
    ).rejects.toMatchObject({ code: '23P01', constraint: 'distributions_no_overlap' });
    // … and takes free days.
    await client.query(`insert into distributions (user_id, user_name, user_email, start_date, end_date)
      values (1, 'Lydia', 'l', '2027-01-01', '2027-01-31')`);
  } finally {
    await database.close();
    fs.rmSync(older, { recursive: true, force: true });
  }
});
