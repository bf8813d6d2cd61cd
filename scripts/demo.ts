import path from 'node:path';
import { formatUSDate } from '../src/domain/dates';
import { readConfig } from '../src/server/config';
import { type Database, openPglite, openPostgres } from '../src/server/db/client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock';
import { migrate } from '../src/server/db/migrate';
import { restrictUmask } from '../src/server/storage/private-files';
import {
  DEMO_MISSIONARIES,
  DEMO_PASSWORD,
  DEMO_STAFF,
  type DemoHistoryResult,
  DemoRefusedError,
  demoEmail,
  loadDemo,
} from './demo/index';

/**
 * `npm run demo`: migrates the configured database (PGlite under DATA_DIR, or DATABASE_URL) and loads
 * the demo organisation into it. Safe to run twice. Refuses while the server owns DATA_DIR.
 */
async function main(): Promise<void> {
  restrictUmask();
  const config = readConfig();
  const force = process.argv.includes('--force');
  let lock: DataDirLock | null = null;
  let database: Database;
  let where: string;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl, 2);
    const url = new URL(config.databaseUrl);
    url.password = '';
    where = `the PostgreSQL database ${url.toString()}`;
  } else {
    lock = lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, 'pglite'));
    where = `the embedded database in ${config.dataDir}`;
  }
  try {
    await migrate(database);
    const result = await loadDemo(database.db, new Date(), { force, dbKind: database.kind });
    console.log('');
    if (result.alreadyLoaded) {
      console.log(`The demo organisation is already loaded in ${where}; nothing was added.`);
    } else {
      const parts = Object.entries(result.added).map(([seed, count]) => `${count} ${seed}`);
      console.log(`Loaded the demo organisation into ${where}: ${parts.join(', ')}.`);
    }
    printHistory(result.history);
    console.log('');
    console.log(`Start the app (npm start) and sign in with the password "${DEMO_PASSWORD}" as:`);
    for (const person of DEMO_STAFF) console.log(`  ${person.role.padEnd(10)} ${person.email}  (${person.name})`);
    const first = DEMO_MISSIONARIES[0];
    console.log(
      `  ${'missionary'.padEnd(10)} ${demoEmail(first.login)}  (${first.name}, Account # ${first.accountNumber})`,
    );
    console.log(
      `             …or any of the ${DEMO_MISSIONARIES.length} missionaries, e.g. ${demoEmail(DEMO_MISSIONARIES[1].login)}`,
    );
    console.log('');
  } finally {
    await database.close();
    lock?.release();
  }
}

function printHistory(history: DemoHistoryResult): void {
  if (history.skipped) {
    console.log(`The donation history and MAT Days were left out: ${history.skipped}`);
    return;
  }
  const newest = history.months[history.months.length - 1];
  for (const month of history.months) {
    const done: string[] = [];
    if (month.importedRows > 0) done.push(`imported its donor export (${month.importedRows} rows)`);
    if (month.built > 0) done.push(`built ${month.built} MAT Day distributions`);
    if (month.approved > 0) done.push(`approved ${month.approved}`);
    if (done.length > 0) console.log(`  "${month.uploadName}": ${done.join(', ')}.`);
  }
  if (!history.newestOpen) return;
  console.log(
    `Try MAT Day on "${newest.uploadName}" (${formatUSDate(newest.startDate)}–${formatUSDate(newest.endDate)}): its ` +
      'donations are imported but not distributed. MAT Day Processing (/admin/distribution-form) does one ' +
      'missionary; "Build MAT Day distributions" on the Distributions page does everyone.',
  );
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`npm run demo: ${error.message}`);
    console.error('The demo loads into the database while no server is using it: stop the server, then run it again.');
  } else if (error instanceof DemoRefusedError) {
    console.error(`npm run demo: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
