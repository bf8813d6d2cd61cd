import type { FastifyBaseLogger } from 'fastify';
import { databaseErrorOf } from './db/errors';

/**
 * Work done after the answer has left (decision 16 of docs/decisions.md: the password-reset answer must not
 * wait for the database write and the mail that only a known address causes). Failures are logged,
 * never thrown; tests and shutdown wait for `idle()`.
 */
export interface Background {
  run(label: string, task: () => Promise<unknown>): void;
  idle(): Promise<void>;
}

export function createBackground(log: () => Pick<FastifyBaseLogger, 'error'>): Background {
  const pending = new Set<Promise<void>>();
  return {
    run(label, task) {
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(async () => {
          await task();
        })
        .catch((error: unknown) => log().error({ err: errorSummary(error) }, `${label} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** The error's name and message only: never the query parameters a database error carries. */
export function errorSummary(error: unknown): {
  type: string;
  message: string;
  database?: { code: string; message: string };
} {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error) };
  const summary = { type: error.name, message: error.message.split('\nparams:')[0] };
  // A failed query's own message is "Failed query: <sql>"; why it failed is in its cause.
  const database = databaseErrorOf(error);
  return database ? { ...summary, database } : summary;
}
