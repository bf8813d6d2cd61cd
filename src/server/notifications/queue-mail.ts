import { and, eq } from 'drizzle-orm';
import { isMandatoryMail, type MailKind } from '../../domain/notifications/notifications';
import type { Config } from '../config';
import type { DbOrTx } from '../db/client';
import { mailQueue, notificationPreferences, users } from '../db/schema';
import { mailLinkBase } from '../mail/links';
import { readSiteConfig } from '../site/routes';
import { type MailContent, recordPath, renderMail } from './templates';

/** A link to a screen of the app, from PUBLIC_URL (decision 16) like every link in mail. */
export function appUrl(config: Pick<Config, 'publicUrl' | 'port'>, path: string): string {
  return `${mailLinkBase(config).replace(/\/+$/, '')}${path}`;
}

export interface Notification {
  kind: MailKind;
  userId: number;
  refType: string;
  refId: number;
  /** Builds the words once the recipient is known (their name greets them). */
  content(recipient: { name: string }, link: string): Omit<MailContent, 'link'> & { linkLabel: string };
  attachment?: { statement: number };
}

/**
 * Writes the notification into the mail queue inside the caller's transaction, so it exists exactly
 * when the action it reports committed; the worker sends it later. Nothing is queued for a user who
 * turned the kind off (unless it is a mandatory notice), is archived, or has no address. Returns the queued row's id (null: none).
 */
export async function queueNotification(
  tx: DbOrTx,
  config: Pick<Config, 'publicUrl' | 'port'>,
  notification: Notification,
  now: Date,
): Promise<number | null> {
  const [recipient] = await tx
    .select({
      name: users.name,
      email: users.email,
      deletedAt: users.deletedAt,
      enabled: notificationPreferences.enabled,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, notification.kind)),
    )
    .where(eq(users.id, notification.userId));
  if (
    !recipient ||
    recipient.deletedAt !== null ||
    !recipient.email ||
    (recipient.enabled === false && !isMandatoryMail(notification.kind))
  )
    return null;
  const url = appUrl(config, recordPath(notification.kind, notification.refId));
  const { linkLabel, ...words } = notification.content({ name: recipient.name }, url);
  const rendered = renderMail({ ...words, link: { url, label: linkLabel } }, readSiteConfig().title);
  const [row] = await tx
    .insert(mailQueue)
    .values({
      kind: notification.kind,
      userId: notification.userId,
      toAddress: recipient.email,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      attachment: notification.attachment ?? null,
      refType: notification.refType,
      refId: notification.refId,
      status: 'queued',
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: mailQueue.id });
  return row.id;
}
