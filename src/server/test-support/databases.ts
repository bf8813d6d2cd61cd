import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { adminQuery as adminQueryOn, databaseUrl } from '../db/admin-database';
import { type Database, openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';
import { driverClientOf } from '../db/query-rows';

/**
 * Test databases: one migrated template per run, one fresh copy per test file. PGlite copies come
 * from a dumped data directory (no initdb per file); PostgreSQL ones from CREATE DATABASE … TEMPLATE.
 */
export const TEST_DB: 'pglite' | 'postgres' = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SNAPSHOT = path.resolve(import.meta.dirname, '../../../.tmp/pglite-migrated.tar.gz');

/** One template per test run, so runs in several checkouts at once never drop each other's. */
export function templateName(runId: string): string {
  return `sheepfold_tpl_${runId}`;
}

const urlFor = (database: string) => databaseUrl(ADMIN_DATABASE_URL, database);
const adminQuery = (statement: string) => adminQueryOn(ADMIN_DATABASE_URL, statement);

/** Vitest globalSetup: build the template once for the whole run. */
export async function prepareTemplate(kind: 'pglite' | 'postgres', runId: string): Promise<void> {
  if (kind === 'postgres') {
    const template = templateName(runId);
    await adminQuery(`drop database if exists ${template} with (force)`);
    await adminQuery(`create database ${template}`);
    const database = openPostgres(urlFor(template), 1);
    await migrate(database);
    await database.close();
    return;
  }
  const database = await openPglite(null);
  await migrate(database);
  const client = driverClientOf<{ dumpDataDir(c: 'gzip'): Promise<Blob> }>(database.db);
  const dump = await client.dumpDataDir('gzip');
  fs.mkdirSync(path.dirname(SNAPSHOT), { recursive: true });
  // Written aside and renamed, so a run starting meanwhile never reads half a file.
  const partial = `${SNAPSHOT}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, SNAPSHOT);
  await database.close();
}

export async function dropTemplate(runId: string): Promise<void> {
  await adminQuery(`drop database if exists ${templateName(runId)} with (force)`);
}

export async function openTestDatabase(): Promise<Database> {
  if (TEST_DB === 'postgres') {
    const name = `sheepfold_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(`create database ${name} template ${templateName(inject('testRunId'))}`);
    // Closing drops the database with FORCE; connections still closing then fail harmlessly.
    const database = openPostgres(urlFor(name), 25, () => {});
    return {
      ...database,
      async close() {
        await database.close();
        await adminQuery(`drop database if exists ${name} with (force)`);
      },
    };
  }
  return openPglite(null, new Blob([fs.readFileSync(SNAPSHOT)]));
}

/**
 * A database of its own, copied from this run's migrated template, for tests that start real server
 * processes on it (they need its address, not a connection).
 */
export async function createScratchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sheepfold_${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name} template ${templateName(inject('testRunId'))}`);
  return { url: urlFor(name), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}
