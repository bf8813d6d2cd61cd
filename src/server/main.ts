import path from 'node:path';
import { MIN_PASSWORD_LENGTH } from '../domain/roles';
import { buildApp, loggerOptions } from './app';
import { bootstrap } from './bootstrap';
import { readConfig } from './config';
import { systemClock } from './context';
import { type Database, openPglite, openPostgres } from './db/client';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { migrate } from './db/migrate';
import { createMailer } from './mail/mailer';
import { createLocalStorage } from './storage/storage';

async function main(): Promise<void> {
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
  await bootstrap(database.db, systemClock, { email: config.adminEmail, password: config.adminPassword }, (line) =>
    console.log(line),
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
      storage: createLocalStorage(path.join(config.dataDir, 'uploads')),
    },
    { logger: loggerOptions(config.logLevel) },
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
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', () => lock?.release());

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Sheepfold is ready on http://localhost:${config.port} (${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
