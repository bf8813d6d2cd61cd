import fs from 'node:fs';
import path from 'node:path';
import { MIN_PASSWORD_LENGTH } from '../domain/roles';
import { buildApp, loggerOptions, WEB_DIST } from './app';
import { serveBackupRequests } from './backup/backup-requests';
import { bootstrap } from './bootstrap';
import { readConfig } from './config';
import { systemClock } from './context';
import { type Database, openPglite, openPostgres } from './db/client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { publicUrlWarning } from './mail/links';
import { createMailer } from './mail/mailer';
import { interruptJobsAtStart } from './progress/progress';
import { secretKeyWarning } from './second-factor/secret-box';
import { sealStoredTotpSecrets } from './second-factor/totp-service';
import { startupSummary } from './startup-summary';
import { createStorage } from './storage/create-storage';
import { restrictUmask } from './storage/private-files';

async function main(): Promise<void> {
  // Files 0600 and directories 0700 whatever umask the server was started with.
  restrictUmask();
  const config = readConfig();
  if (config.adminPassword && config.adminPassword.length < MIN_PASSWORD_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  let lock: DataDirLock | null = null;
  let database: Database;
  if (config.databaseUrl) {
    database = openPostgres(config.databaseUrl);
  } else {
    lock = lockDataDir(config.dataDir);
    database = await openPglite(path.join(config.dataDir, 'pglite'));
  }
  await migrate(database);
  // Jobs (Build MAT Day, imports) whose process was killed would otherwise show "running" forever.
  await interruptJobsAtStart(database.db, database.kind, systemClock.now());
  // TOTP secrets stored before they were encrypted are sealed now, before any request.
  await sealStoredTotpSecrets(database.db, config);
  // The first-run box is printed after the start-up summary, last, so it stays on screen.
  const firstRun: string[] = [];
  await bootstrap(database.db, systemClock, { email: config.adminEmail, password: config.adminPassword }, (line) =>
    firstRun.push(line),
  );

  const app = await buildApp(
    {
      db: database.db,
      dbKind: database.kind,
      config,
      clock: systemClock,
      mailer: createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        outboxDir: path.join(config.dataDir, 'outbox'),
      }),
      storage: createStorage(database, config.dataDir),
    },
    { logger: loggerOptions(config.logLevel), mailWorkerMs: config.mailPollMs },
  );

  database.retry.onRetry = (retry) =>
    app.log.warn(
      { database: { code: retry.code, message: retry.message }, attempt: retry.attempt },
      'transaction retried',
    );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    lock?.release();
    process.exit(0);
  };
  const stopServingBackups = database.pglite
    ? serveBackupRequests(database.pglite, config.dataDir, app.log)
    : () => undefined;
  process.on('exit', stopServingBackups);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', () => lock?.release());

  // Fastify logs a "Server listening" line per network interface, which interleaves with the
  // summary below; the summary says where the app is once.
  const level = app.log.level;
  app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = level;
  const webBuilt = fs.existsSync(path.join(WEB_DIST, 'index.html'));
  const warnings = [publicUrlWarning(config), secretKeyWarning(config)].filter(
    (warning): warning is string => warning !== null,
  );
  // The port bound (PORT=0 picks a free one, as the first-run browser test does).
  const bound = app.server.address();
  const port = bound && typeof bound === 'object' ? bound.port : config.port;
  for (const line of startupSummary({ config: { ...config, port }, webBuilt, warnings, firstRun })) console.log(line);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
