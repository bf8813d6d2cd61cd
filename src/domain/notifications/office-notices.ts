import { z } from 'zod';
import { formatUSDate, type IsoDate } from '../dates';
import { enumField } from '../fields';
import { type Cents, formatUSD } from '../money';

/**
 * Office notifications (decision 21, extended; docs/decisions.md "Office notifications"): a staff
 * member chooses on their profile to hear of each expense report or advance request submitted —
 * at once, or as one daily digest at a time of day they choose, in their own time zone — or not at
 * all (the default). This module decides what a digest holds and when it is due; the server's mail
 * worker asks it every round and queues what it answers.
 */

export const OFFICE_NOTICE_MODES = ['off', 'immediate', 'digest'] as const;
export type OfficeNoticeMode = (typeof OFFICE_NOTICE_MODES)[number];

export const OFFICE_NOTICE_LABELS: Record<OfficeNoticeMode, string> = {
  off: 'Don’t email me',
  immediate: 'Email me at once, one mail per submission',
  digest: 'Email me one daily digest',
};

export const OFFICE_NOTICE_MESSAGES = {
  timeRequired: 'Choose the time of day for the digest.',
  timeFormat: 'Digest time must be a time of day like 07:30.',
  zone: 'Time zone must be one like America/Chicago.',
  staffOnly: 'Only office staff get mail about submissions.',
} as const;

/** "HH:MM", 00:00–23:59. */
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** PUT /office-notifications: the mode; with the digest, its time of day and the time zone it is read in. */
export const officeNoticeSchema = z
  .object({
    mode: enumField('Mode', OFFICE_NOTICE_MODES),
    digest_time: z.string().trim().nullish(),
    time_zone: z.string().trim().nullish(),
  })
  .superRefine((value, context) => {
    const time = value.digest_time || null;
    if (time !== null && !TIME.test(time)) {
      context.addIssue({ code: 'custom', path: ['digest_time'], message: OFFICE_NOTICE_MESSAGES.timeFormat });
    } else if (value.mode === 'digest' && time === null) {
      context.addIssue({ code: 'custom', path: ['digest_time'], message: OFFICE_NOTICE_MESSAGES.timeRequired });
    }
    const zone = value.time_zone || null;
    if ((zone !== null || value.mode === 'digest') && !isTimeZone(zone ?? '')) {
      context.addIssue({ code: 'custom', path: ['time_zone'], message: OFFICE_NOTICE_MESSAGES.zone });
    }
  });

/** The wall clock of a time zone at an instant: its date and the minutes since its midnight. */
export function localClock(now: Date, timeZone: string): { date: IsoDate; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * The local day whose digest is due at `now`, or null. A digest is due once a day, from the chosen
 * time on: when the clock in the user's zone has passed the time and no digest was made for that
 * local day. After a stop of any length one digest is made, not one per missed day.
 */
export function digestDue(
  now: Date,
  setting: { digestTime: string; timeZone: string; lastDigestOn: IsoDate | null },
): IsoDate | null {
  const local = localClock(now, setting.timeZone);
  if (local.minutes < minutesOf(setting.digestTime)) return null;
  if (setting.lastDigestOn !== null && setting.lastDigestOn >= local.date) return null;
  return local.date;
}

export type SubmissionKind = 'expense_report' | 'advance_report' | 'advance_request';

/** A report or request submitted to the office, as notices list it. */
export interface Submission {
  kind: SubmissionKind;
  id: number;
  missionary: string;
  amount: Cents;
  at: Date;
}

const WHAT: Record<SubmissionKind, string> = {
  expense_report: 'Expense report',
  advance_report: 'Advance report',
  advance_request: 'Advance request',
};

export function submissionTitle(s: Pick<Submission, 'kind' | 'id'>): string {
  return `${WHAT[s.kind]} #${s.id}`;
}

/** Where staff open it in the app. */
export function submissionPath(s: Pick<Submission, 'kind' | 'id'>): string {
  return s.kind === 'advance_request' ? '/admin/advance-requests/unprocessed' : `/expense-report/${s.id}`;
}

/** What a digest holds: the submissions after the last digest's cover and up to now, oldest first. */
export function digestItems(submissions: readonly Submission[], coveredUntil: Date, now: Date): Submission[] {
  return submissions
    .filter((s) => s.at.getTime() > coveredUntil.getTime() && s.at.getTime() <= now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime() || a.kind.localeCompare(b.kind) || a.id - b.id);
}

/** "05/01/2024 14:05" in the reader's zone. */
export function localStamp(at: Date, timeZone: string): string {
  const { date, minutes } = localClock(at, timeZone);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${formatUSDate(date)} ${hh}:${mm}`;
}

/** One line of a notice: who, what, how much, when, and the link. */
export function submissionLine(s: Submission, timeZone: string, url: (path: string) => string): string {
  return `${s.missionary} — ${submissionTitle(s)} — ${formatUSD(s.amount)} — submitted ${localStamp(s.at, timeZone)} — ${url(submissionPath(s))}`;
}

/** The digest's words; null when nothing was submitted (no mail is sent then). */
export function digestContent(
  items: readonly Submission[],
  day: IsoDate,
  timeZone: string,
  url: (path: string) => string,
): { subject: string; lines: string[] } | null {
  if (items.length === 0) return null;
  const count = `${items.length} ${items.length === 1 ? 'submission' : 'submissions'}`;
  return {
    subject: `Daily digest for ${formatUSDate(day)}: ${count} to review`,
    lines: [`Submitted since your last digest (${count}):`, ...items.map((s) => submissionLine(s, timeZone, url))],
  };
}
