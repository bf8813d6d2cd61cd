import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/**
 * The exact `total_count` of the unfiltered million-row lists, kept by statement-level
 * triggers (migration 0011_list_counts.sql) instead of counted per request. Each writing statement
 * appends one row per state it moved (+n inserted, −n deleted, both for a state change), so writers
 * never wait on a shared counter row; a reader sums the rows of the states it lists, and folds them
 * into one row per state once there are many (src/server/http/list-counts.ts).
 */
export const listCountDeltas = pgTable('list_count_deltas', {
  id: serial('id').primaryKey(),
  /** 'expense_reports' or 'donations'. */
  list: text('list').notNull(),
  /** Expense reports' state (null for donations): archived_at set, submitted, processed. */
  archived: boolean('archived'),
  submitted: boolean('submitted'),
  processed: boolean('processed'),
  n: integer('n').notNull(),
});
