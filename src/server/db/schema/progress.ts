import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * Decision 18: long work (Build MAT Day, large imports) reports its progress to the page. The record
 * lives here, not in process memory, because several app processes may serve one office (decision
 * 19): the request doing the work and the one polling may land on different processes. The id is the
 * one the browser sent with the work (a UUID), so it can poll before the work answers.
 */
export const jobProgress = pgTable(
  'job_progress',
  {
    id: uuid('id').primaryKey(),
    /** `mat-day-build` or `donation-import`. */
    kind: text('kind').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    /** What is being worked on now (a missionary's name), or null. */
    current: text('current'),
    /** `running`, `done` or `failed`. */
    status: text('status').notNull().default('running'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('job_progress_updated_at_idx').on(table.updatedAt)],
);
