import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A phone on a bad link retries a create; the Idempotency-Key it sends is remembered per
 * user for 24 hours with a digest of the request body and the row the first request made.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    resourceId: integer('resource_id').notNull(),
    /**
     * Routes whose answer the route layer remembers (http/idempotent-replay.ts): the status and body of
     * the first request's answer; both null while it runs.
     */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
