import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
import { databaseErrorOf, isRetryableTransactionError } from './errors';

/** How many times a transaction runs at most when it keeps failing with 40001 or 40P01. */
export const TRANSACTION_ATTEMPTS = 4;

export interface RetryOptions {
  attempts?: number;
  /** Told before each new attempt (the log line: the database's code and message, no parameters). */
  onRetry?: (retry: { attempt: number; code: string; message: string }) => void;
  /** The wait before attempt `attempt + 1`; by default 10–40 ms times the attempt, jittered. */
  pause?: (attempt: number) => Promise<void>;
}

function jitteredPause(attempt: number): Promise<void> {
  const ms = attempt * (10 + Math.floor(Math.random() * 30));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Makes `db.transaction` run the whole transaction again when PostgreSQL aborts it as a deadlock
 * victim (40P01) or a serialization failure (40001), up to `attempts` runs in all; any other error,
 * and the last retryable one, is thrown as it came. Every write of the app goes through
 * `db.transaction`, so this is the one place (docs/security.md "Lock order and retries"). A
 * transaction's body must therefore do nothing outside the database that a second run would
 * repeat harmfully. Nested `tx.transaction` calls (savepoints) are not retried on their own.
 */
export function retryTransactions(db: Db, options: RetryOptions = {}): Db {
  const run = db.transaction.bind(db);
  db.transaction = async <T>(body: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await run(body, config);
      } catch (error) {
        const attempts = Math.max(1, options.attempts ?? TRANSACTION_ATTEMPTS);
        if (attempt >= attempts || !isRetryableTransactionError(error)) throw error;
        const cause = databaseErrorOf(error)!;
        options.onRetry?.({ attempt, code: cause.code, message: cause.message });
        await (options.pause ?? jitteredPause)(attempt);
      }
    }
  };
  return db;
}
