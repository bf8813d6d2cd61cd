import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, instant, updatedAt } from './columns';
import { users } from './users';

/**
 * The mail queue (decision 21). An action writes its mail here in its own transaction and never waits
 * for the mail server; the worker in the server process sends it (queued → sent to the SMTP server,
 * or written to the outbox folder when SMTP_URL is unset; or retried with back-off and finally failed
 * with the reason). Admins read it as the Outbox.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** What the worker attaches when it sends, e.g. {"statement": 12}: the PDF statement of distribution 12. */
    attachment: jsonb('attachment').$type<{ statement?: number }>(),
    refType: text('ref_type'),
    refId: integer('ref_id'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may take it next; for "sending" rows the end of the lease. */
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('mail_queue_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'written', 'failed')`),
    index('mail_queue_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** "Email me when…": a row only for a kind the user turned off (or back on); none means on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Office notifications (decision 21, extended): a staff member's choice to be mailed about
 * submissions, at once or as a daily digest at `digest_time` in `time_zone`. `covered_until` is the
 * instant the last digest (or the choice) covered up to; `last_digest_on` the local day of the last
 * digest, so each day has at most one. No row: off.
 */
export const officeNoticeSettings = pgTable(
  'office_notice_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').notNull(),
    digestTime: text('digest_time'),
    timeZone: text('time_zone'),
    coveredUntil: instant('covered_until').notNull(),
    lastDigestOn: date('last_digest_on', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('office_notice_settings_mode_check', sql`${t.mode} in ('off', 'immediate', 'digest')`),
    index('office_notice_settings_mode_idx').on(t.mode),
  ],
);
