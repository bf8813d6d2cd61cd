import type { FastifyBaseLogger } from 'fastify';
import type { Background } from './background';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Mailer } from './mail/mailer';
import type { Storage } from './storage/storage';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every route and service may use; built once in main.ts (or by the test harness). */
export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  clock: Clock;
  mailer: Mailer;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Work that runs after the answer (mail that must not change how long the answer takes). */
  background: Background;
}

/**
 * A logger for services run outside a Fastify app (the demo script, the benches): failures to
 * stderr, or nothing at all; everything below error level is dropped.
 */
export function plainLog(failures: 'stderr' | 'silent' = 'stderr'): FastifyBaseLogger {
  const drop = () => {};
  const toStderr = failures === 'stderr' ? (...args: unknown[]) => console.error(...args) : drop;
  const log: FastifyBaseLogger = {
    level: failures === 'stderr' ? 'error' : 'silent',
    fatal: toStderr,
    error: toStderr,
    warn: drop,
    info: drop,
    debug: drop,
    trace: drop,
    silent: drop,
    child: () => log,
  };
  return log;
}
