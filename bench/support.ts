/**
 * What the benches share: a scratch PostgreSQL database per run, the services' context and an app
 * around a database, an admin's token, seeded pseudo-random numbers and the medians they print.
 * Each bench keeps only what it measures.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { issueApiToken } from '../src/server/auth/tokens';
import { createBackground } from '../src/server/background';
import { readConfig } from '../src/server/config';
import { type AppContext, type Clock, plainLog, systemClock } from '../src/server/context';
import { adminQuery, databaseUrl } from '../src/server/db/admin-database';
import { type Database, openPostgres } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { createMailer } from '../src/server/mail/mailer';
import { createLocalStorage } from '../src/server/storage/storage';

/** The PostgreSQL server the benches make their scratch databases on. */
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A migrated scratch database of its own for one run (`sheepfold_bench_<label>_<pid>`): dropped first
 * (a crashed run may have left it), created, handed to `work`, and dropped afterwards whatever happened.
 */
export async function withScratchDatabase<T>(
  label: string,
  poolSize: number,
  work: (database: Database, url: string) => Promise<T>,
): Promise<T> {
  const name = `sheepfold_bench_${label}_${process.pid}`;
  const url = databaseUrl(SERVER_URL, name);
  await adminQuery(SERVER_URL, `drop database if exists ${name} with (force)`);
  await adminQuery(SERVER_URL, `create database ${name}`);
  // pg-pool's end() resolves before its sockets close; the forced DROP may reach one still closing.
  const database = openPostgres(url, poolSize, () => {});
  try {
    await migrate(database);
    return await work(database, url);
  } finally {
    await database.close();
    await adminQuery(SERVER_URL, `drop database if exists ${name} with (force)`);
  }
}

export interface BenchContext {
  context: AppContext;
  /** Its own temporary directory (outbox, uploads); `dispose()` removes it. */
  dataDir: string;
  dispose(): void;
}

/**
 * The services' context on a bench's database: silent, mail to an outbox and uploads in a temporary
 * directory of its own. `env` adds configuration (readConfig's variables); `clock` fixes the time.
 */
export function benchContext(
  database: Database,
  options: { clock?: Clock; env?: Record<string, string>; log?: 'stderr' | 'silent' } = {},
): BenchContext {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-bench-'));
  const config = readConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  const log = plainLog(options.log ?? 'silent');
  return {
    context: {
      db: database.db,
      dbKind: database.kind,
      config,
      clock: options.clock ?? systemClock,
      mailer: createMailer({ smtpUrl: null, from: config.mailFrom, outboxDir: path.join(dataDir, 'outbox') }),
      storage: createLocalStorage(path.join(dataDir, 'uploads')),
      log,
      background: createBackground(() => log),
    },
    dataDir,
    dispose: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The real app (no web files) on a bench context, ready for `inject` or `listen`. */
export async function benchApp(bench: BenchContext): Promise<FastifyInstance> {
  const app = await buildApp(bench.context, { serveWeb: false });
  await app.ready();
  return app;
}

/** An API token for a user, as signing in would give. */
export function tokenFor(database: Database, userId: number, now = new Date()): Promise<string> {
  return issueApiToken(database.db, userId, now);
}

/** Deterministic pseudo-random numbers in [0, 1): every run seeds the same rows. */
export function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Milliseconds per call of `work`: the median of `runs` runs after one warm-up run (-1). */
export async function medianMs(runs: number, work: (run: number) => Promise<unknown>): Promise<number> {
  await work(-1);
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    await work(run);
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/** Runs a bench's main, printing a failure and exiting 1 on one. */
export function run(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
