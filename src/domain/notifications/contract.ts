import { z } from 'zod';
import { contracts, ZFlag, ZId, ZPageSchema, ZTimestamp } from '../contract';
import { idField, optionalEnum } from '../fields';
import { listQuerySchema } from '../list-query';
import { MAIL_STATUSES, NOTIFICATION_KINDS, notificationPreferencesSchema } from './notifications';
import { OFFICE_NOTICE_MODES, officeNoticeSchema } from './office-notices';

/** "Email me when…" (decision 21): each kind 0/1. */
export const ZNotificationPreferencesSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, ZFlag])) as Record<
      (typeof NOTIFICATION_KINDS)[number],
      typeof ZFlag
    >,
  )
  .meta({ id: 'NotificationPreferences' });

/** Office notifications (decision 21, extended): off, at once, or a daily digest at a time in a zone. */
export const ZOfficeNoticesSchema = z
  .object({
    mode: z.enum(OFFICE_NOTICE_MODES),
    /** "HH:MM", the digest's time of day; null unless chosen. */
    digest_time: z.string().nullable(),
    /** The IANA time zone the time is read in, e.g. "America/Chicago". */
    time_zone: z.string().nullable(),
  })
  .meta({ id: 'OfficeNotices' });
export type TOfficeNotices = z.infer<typeof ZOfficeNoticesSchema>;

/** A mail in the Outbox: what was written, to whom, and where it is in the queue. */
export const ZOutboxMailSchema = z
  .object({
    id: ZId,
    kind: z.string(),
    user_id: ZId.nullable(),
    to_address: z.string(),
    subject: z.string(),
    /** sent: handed to the SMTP server; written: only written to the outbox folder (no SMTP_URL). */
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int().nonnegative(),
    next_attempt_at: ZTimestamp,
    /** Why the last attempt failed (the mail server's answer). */
    last_error: z.string().nullable(),
    /** When it was sent to the SMTP server or written to the outbox folder. */
    sent_at: ZTimestamp.nullable(),
    created_at: ZTimestamp,
    /** The statement PDF that goes with it, by distribution id. */
    attachment_statement_id: ZId.nullable(),
  })
  .meta({ id: 'OutboxMail' });

export const ZOutboxMailDetailSchema = ZOutboxMailSchema.extend({
  text_body: z.string(),
  html_body: z.string(),
}).meta({ id: 'OutboxMailDetail' });

export const ZOutboxPageSchema = ZPageSchema(ZOutboxMailSchema).extend({
  /** False while SMTP_URL is unset: mail is written to DATA_DIR/outbox instead of being sent. */
  smtp_configured: z.boolean(),
  counts: z.record(z.enum(MAIL_STATUSES), z.number().int().nonnegative()),
});

export const OUTBOX_SORTS = ['id', 'created_at', 'status', 'to_address'] as const;
export const outboxQuerySchema = listQuerySchema(
  OUTBOX_SORTS,
  { limit: 30 },
  {
    status: optionalEnum('Status', MAIL_STATUSES),
  },
);

const ZMailIdParamsSchema = z.object({ id: idField('Mail id') });

export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;
export type TOutboxMail = z.infer<typeof ZOutboxMailSchema>;
export type TOutboxMailDetail = z.infer<typeof ZOutboxMailDetailSchema>;
export type TOutboxPage = z.infer<typeof ZOutboxPageSchema>;

export const notificationsContract = contracts('Notifications', {
  getNotificationPreferences: {
    method: 'GET',
    path: '/notification-preferences',
    summary: 'The signed-in user’s "Email me when…" choices.',
    request: {},
    responses: { 200: ZNotificationPreferencesSchema },
  },
  updateNotificationPreferences: {
    method: 'PATCH',
    path: '/notification-preferences',
    summary: 'Turn kinds of mail on (1) or off (0); kinds left out stay as they are.',
    request: { body: notificationPreferencesSchema },
    responses: { 200: ZNotificationPreferencesSchema },
  },
  getOfficeNotices: {
    method: 'GET',
    path: '/office-notifications',
    summary: 'Staff: whether the signed-in staff member is mailed about submitted reports and advance requests.',
    request: {},
    responses: { 200: ZOfficeNoticesSchema },
  },
  updateOfficeNotices: {
    method: 'PUT',
    path: '/office-notifications',
    summary:
      'Staff: be mailed about each submitted expense report or advance request at once (immediate), in one daily digest at digest_time in time_zone (digest), or not (off).',
    request: { body: officeNoticeSchema },
    responses: { 200: ZOfficeNoticesSchema },
  },
  listOutbox: {
    method: 'GET',
    path: '/outbox',
    summary: 'The mail queue, newest first, with each mail’s status (admin).',
    request: { query: outboxQuerySchema },
    responses: { 200: ZOutboxPageSchema },
  },
  getOutboxMail: {
    method: 'GET',
    path: '/outbox/:id',
    summary: 'One mail with its text and HTML (admin).',
    request: { params: ZMailIdParamsSchema },
    responses: { 200: ZOutboxMailDetailSchema },
  },
  retryOutboxMail: {
    method: 'POST',
    path: '/outbox/:id/retry',
    summary: 'Queue a failed mail again, to be sent at once (admin).',
    request: { params: ZMailIdParamsSchema },
    responses: { 200: ZOutboxMailSchema },
  },
});
