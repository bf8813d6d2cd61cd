import { z } from 'zod';
import { optionalFlag01 } from '../fields';

/**
 * Mail notifications (decision 21, docs/decisions.md). Each kind can be turned off by its recipient on their
 * profile; a kind nobody turned off is on.
 */
export const NOTIFICATION_KINDS = [
  'report_processed',
  'report_returned',
  'advance_approved',
  'distribution_approved',
  'distribution_reversed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Notices nobody can turn off (docs/payments.md): a change of bank details is how payroll fraud starts,
 * and a returned payment is money that did not arrive, so the missionary always hears of either.
 */
export const MANDATORY_MAIL_KINDS = ['bank_details_changed', 'payment_returned'] as const;
export type MandatoryMailKind = (typeof MANDATORY_MAIL_KINDS)[number];
/**
 * Mail to office staff about submissions (decision 21, extended: office-notices.ts). Their mode on
 * the profile governs them, not the "Email me when…" list.
 */
export const OFFICE_MAIL_KINDS = ['report_submitted', 'advance_requested', 'submission_digest'] as const;
export type OfficeMailKind = (typeof OFFICE_MAIL_KINDS)[number];
export type MailKind = NotificationKind | MandatoryMailKind | OfficeMailKind;

export function isMandatoryMail(kind: MailKind): kind is MandatoryMailKind {
  return (MANDATORY_MAIL_KINDS as readonly string[]).includes(kind);
}

/** The profile's "Email me when…" lines. */
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  report_processed: 'an expense report of mine is processed',
  report_returned: 'an expense report of mine is returned to me',
  advance_approved: 'an advance request of mine is approved',
  distribution_approved: 'my monthly distribution is approved (with the statement attached)',
  distribution_reversed: 'an approved distribution of mine is reversed',
};

export type NotificationPreferences = Record<NotificationKind, boolean>;

/** Stored rows (kind, enabled) → every kind, on unless turned off. */
export function preferencesFrom(rows: ReadonlyArray<{ kind: string; enabled: boolean }>): NotificationPreferences {
  const preferences = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as NotificationPreferences;
  for (const row of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(row.kind)) {
      preferences[row.kind as NotificationKind] = row.enabled;
    }
  }
  return preferences;
}

/** PATCH /notification-preferences: any of the kinds as 0/1; those left out stay as they are. */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, optionalFlag01(kind)])) as Record<
    NotificationKind,
    ReturnType<typeof optionalFlag01>
  >,
);

/**
 * The outbox's states (docs/security.md, "Mail"): queued → sending → `sent` (handed to the SMTP
 * server of SMTP_URL) or `written` (no SMTP_URL: written to the outbox folder, so not delivered to
 * anyone), or → failed after the last attempt, with the reason in last_error.
 */
export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'written', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Waits between attempts, in minutes: 1, 5, 15, 60, 240 (about five hours in all), so a mail server
 * that is down for a morning still gets the mail; then the mail is marked failed for an admin to retry.
 */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 240] as const;
export const MAX_MAIL_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** After `attempts` failed tries: when to try again (ms from the last try), or null to give up. */
export function nextRetryDelayMs(attempts: number): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be ≥ 1: ${attempts}`);
  if (attempts >= MAX_MAIL_ATTEMPTS) return null;
  return (RETRY_DELAYS_MINUTES[attempts - 1] ?? 0) * 60_000;
}
