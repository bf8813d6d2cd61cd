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
