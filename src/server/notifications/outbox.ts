import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import type { outboxQuerySchema } from '../../domain/notifications/contract';
import {
  MAIL_STATUSES,
  type MailStatus,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
  preferencesFrom,
} from '../../domain/notifications/notifications';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { mailQueue, notificationPreferences } from '../db/schema';

type MailRow = typeof mailQueue.$inferSelect;

export const MAIL_NOT_FOUND = 'Mail not found.';
export const ONLY_FAILED_RETRY = 'Only mail that failed can be sent again.';

function serializeMail(row: MailRow) {
  return {
    id: row.id,
    kind: row.kind,
    user_id: row.userId,
    to_address: row.toAddress,
    subject: row.subject,
    status: row.status as MailStatus,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt.toISOString(),
    last_error: row.lastError,
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
    attachment_statement_id: row.attachment?.statement ?? null,
  };
}

const SORT_COLUMNS = {
  id: mailQueue.id,
  created_at: mailQueue.createdAt,
  status: mailQueue.status,
  to_address: mailQueue.toAddress,
} as const;

/** GET /outbox (admin): the queue, newest first by default, with counts per status. */
export async function listOutbox(ctx: AppContext, query: z.output<typeof outboxQuerySchema>) {
  const where: SQL | undefined = and(
    query.status ? eq(mailQueue.status, query.status) : undefined,
    query.q
      ? sql`(${mailQueue.toAddress} ilike ${`%${query.q}%`} or ${mailQueue.subject} ilike ${`%${query.q}%`})`
      : undefined,
  );
  const column = SORT_COLUMNS[query.order_by];
  const rows = await ctx.db
    .select()
    .from(mailQueue)
    .where(where)
    .orderBy(query.order === 'asc' ? asc(column) : desc(column), desc(mailQueue.id))
    .limit(query.limit)
    .offset(query.page * query.limit);
  const [{ total }] = await ctx.db.select({ total: count() }).from(mailQueue).where(where);
  const byStatus = await ctx.db
    .select({ status: mailQueue.status, n: count() })
    .from(mailQueue)
    .groupBy(mailQueue.status);
  const counts = Object.fromEntries(MAIL_STATUSES.map((status) => [status, 0])) as Record<MailStatus, number>;
  for (const row of byStatus) counts[row.status as MailStatus] = Number(row.n);
  return {
    data: rows.map(serializeMail),
    total_count: total,
    smtp_configured: ctx.config.smtpUrl !== null,
    counts,
  };
}

export async function getOutboxMail(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(mailQueue).where(eq(mailQueue.id, id));
  if (!row) throw AppError.notFound(MAIL_NOT_FOUND);
  return { ...serializeMail(row), text_body: row.textBody, html_body: row.htmlBody };
}

/** POST /outbox/{id}/retry (admin): a failed mail goes back in the queue, due now, with fresh attempts. */
export async function retryOutboxMail(ctx: AppContext, id: number) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailQueue).where(eq(mailQueue.id, id)).for('update');
    if (!row) throw AppError.notFound(MAIL_NOT_FOUND);
    if (row.status !== 'failed') throw AppError.conflict(ONLY_FAILED_RETRY);
    const [queued] = await tx
      .update(mailQueue)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(eq(mailQueue.id, id))
      .returning();
    return serializeMail(queued);
  });
}

export async function preferencesOf(db: DbOrTx, userId: number): Promise<NotificationPreferences> {
  const rows = await db
    .select({ kind: notificationPreferences.kind, enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return preferencesFrom(rows);
}

const asFlags = (preferences: NotificationPreferences) =>
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, preferences[kind] ? 1 : 0])) as Record<
    keyof NotificationPreferences,
    0 | 1
  >;

export async function getPreferences(ctx: AppContext, userId: number) {
  return asFlags(await preferencesOf(ctx.db, userId));
}

/** PATCH /notification-preferences: one row per kind changed (upsert); kinds left out stay. */
export async function updatePreferences(
  ctx: AppContext,
  userId: number,
  input: Partial<Record<keyof NotificationPreferences, boolean | undefined>>,
) {
  const now = ctx.clock.now();
  const changes = NOTIFICATION_KINDS.filter((kind) => input[kind] !== undefined).map((kind) => ({
    userId,
    kind,
    enabled: input[kind] as boolean,
    updatedAt: now,
  }));
  if (changes.length > 0) {
    await ctx.db
      .insert(notificationPreferences)
      .values(changes)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { enabled: sql`excluded.enabled`, updatedAt: now },
      });
  }
  return getPreferences(ctx, userId);
}
