import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { formatUSD } from '../../domain/money';
import {
  digestContent,
  digestDue,
  digestItems,
  localStamp,
  OFFICE_NOTICE_MESSAGES,
  type OfficeNoticeMode,
  type officeNoticeSchema,
  type Submission,
  submissionTitle,
} from '../../domain/notifications/office-notices';
import { isStaff, type Role } from '../../domain/roles';
import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { advanceRequests, expenseReportEvents, expenseReports, officeNoticeSettings, users } from '../db/schema';
import { appUrl, queueNotification } from './queue-mail';

/**
 * Office notifications (decision 21, extended; the rules are the domain's office-notices.ts): the
 * staff member's choice, the mail at once written in the submitting transaction, and the daily
 * digests the mail worker queues when they are due.
 */

const UTC = 'UTC';

function serialize(row: typeof officeNoticeSettings.$inferSelect | undefined) {
  return {
    mode: (row?.mode ?? 'off') as OfficeNoticeMode,
    digest_time: row?.digestTime ?? null,
    time_zone: row?.timeZone ?? null,
  };
}

function staffOnly(viewer: AuthUser) {
  if (!isStaff(viewer.role)) throw AppError.forbidden(OFFICE_NOTICE_MESSAGES.staffOnly);
}

/** GET /office-notifications: the signed-in staff member's choice (off without one). */
export async function getOfficeNotices(ctx: AppContext, viewer: AuthUser) {
  staffOnly(viewer);
  const [row] = await ctx.db.select().from(officeNoticeSettings).where(eq(officeNoticeSettings.userId, viewer.id));
  return serialize(row);
}

/**
 * PUT /office-notifications. Choosing the digest (anew) starts its cover now: the first digest lists
 * what is submitted from then on, never the whole history. Changing only the time keeps the cover
 * and the day of the last digest, so a day never gets two.
 */
export async function updateOfficeNotices(
  ctx: AppContext,
  viewer: AuthUser,
  input: z.output<typeof officeNoticeSchema>,
) {
  staffOnly(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(officeNoticeSettings)
      .where(eq(officeNoticeSettings.userId, viewer.id))
      .for('update');
    const keep = before?.mode === 'digest' && input.mode === 'digest';
    const values = {
      mode: input.mode,
      digestTime: input.digest_time || null,
      timeZone: input.time_zone || null,
      coveredUntil: keep ? before.coveredUntil : now,
      lastDigestOn: keep ? before.lastDigestOn : null,
      updatedAt: now,
    };
    const [saved] = await tx
      .insert(officeNoticeSettings)
      .values({ userId: viewer.id, ...values })
      .onConflictDoUpdate({ target: officeNoticeSettings.userId, set: values })
      .returning();
    return saved;
  });
  return serialize(row);
}

/** Staff who chose mail at once, with the zone they read times in. */
async function immediateReaders(tx: DbOrTx) {
  return tx
    .select({ userId: users.id, timeZone: officeNoticeSettings.timeZone })
    .from(officeNoticeSettings)
    .innerJoin(users, eq(users.id, officeNoticeSettings.userId))
    .where(
      and(
        eq(officeNoticeSettings.mode, 'immediate'),
        inArray(users.role, ['admin', 'employee'] satisfies Role[]),
        isNull(users.deletedAt),
      ),
    );
}

/**
 * One mail per staff member who chose "at once", written in the transaction that submitted it, so
 * it exists exactly when the submission does.
 */
export async function queueSubmissionNotices(
  tx: Tx,
  ctx: AppContext,
  submitted: Omit<Submission, 'missionary'> & { userId: number },
): Promise<void> {
  const readers = await immediateReaders(tx);
  if (readers.length === 0) return;
  const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, submitted.userId));
  const submission: Submission = { ...submitted, missionary: owner?.name ?? `User #${submitted.userId}` };
  const isAdvance = submission.kind === 'advance_request';
  for (const reader of readers) {
    const zone = reader.timeZone ?? UTC;
    await queueNotification(
      tx,
      ctx.config,
      {
        kind: isAdvance ? 'advance_requested' : 'report_submitted',
        userId: reader.userId,
        refType: isAdvance ? 'advance_request' : 'expense_report',
        refId: submission.id,
        content: ({ name }) => ({
          subject: `${submission.missionary} submitted ${submissionTitle(submission)} (${formatUSD(submission.amount)})`,
          lines: [
            `Hello ${name},`,
            `${submission.missionary} submitted ${submissionTitle(submission)} for ${formatUSD(submission.amount)} on ${localStamp(submission.at, zone)}.`,
          ],
          linkLabel: isAdvance ? 'Open the advance requests' : 'Open the report',
        }),
      },
      submission.at,
    );
  }
}

/** Reports and advance requests submitted in (after, upTo]. */
async function submissionsBetween(db: DbOrTx, after: Date, upTo: Date): Promise<Submission[]> {
  const reports = await db
    .select({
      id: expenseReports.id,
      type: expenseReports.type,
      amount: expenseReports.totalAmount,
      missionary: users.name,
      at: expenseReportEvents.createdAt,
    })
    .from(expenseReportEvents)
    .innerJoin(expenseReports, eq(expenseReports.id, expenseReportEvents.expenseReportId))
    .innerJoin(users, eq(users.id, expenseReports.userId))
    .where(
      and(
        eq(expenseReportEvents.action, 'submitted'),
        gt(expenseReportEvents.createdAt, after),
        lte(expenseReportEvents.createdAt, upTo),
      ),
    );
  const advances = await db
    .select({
      id: advanceRequests.id,
      amount: advanceRequests.amountRequested,
      missionary: users.name,
      at: advanceRequests.createdAt,
    })
    .from(advanceRequests)
    .innerJoin(users, eq(users.id, advanceRequests.userId))
    .where(and(gt(advanceRequests.createdAt, after), lte(advanceRequests.createdAt, upTo)));
  return [
    ...reports.map((r) => ({
      kind: r.type === 'advance' ? ('advance_report' as const) : ('expense_report' as const),
      id: r.id,
      missionary: r.missionary,
      amount: r.amount,
      at: r.at,
    })),
    ...advances.map((a) => ({ kind: 'advance_request' as const, ...a })),
  ];
}

/**
 * Queues every daily digest that is due at the clock's now (the mail worker calls it each round).
 * Each reader's row is taken with FOR UPDATE SKIP LOCKED and checked again, so two app processes
 * never make the same day's digest twice. A day with nothing submitted sends nothing, but counts as
 * done. Answers how many digests were queued.
 */
export async function queueDueDigests(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const readers = await ctx.db
    .select({ userId: officeNoticeSettings.userId })
    .from(officeNoticeSettings)
    .where(eq(officeNoticeSettings.mode, 'digest'));
  let queued = 0;
  for (const { userId } of readers) {
    try {
      if (await digestFor(ctx, userId, now)) queued += 1;
    } catch (error) {
      ctx.log.error({ err: errorSummary(error), userId }, 'digest not queued');
    }
  }
  return queued;
}

async function digestFor(ctx: AppContext, userId: number, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ setting: officeNoticeSettings, role: users.role, deletedAt: users.deletedAt })
      .from(officeNoticeSettings)
      .innerJoin(users, eq(users.id, officeNoticeSettings.userId))
      .where(and(eq(officeNoticeSettings.userId, userId), eq(officeNoticeSettings.mode, 'digest')))
      .for('update', { of: officeNoticeSettings, skipLocked: true });
    const setting = row?.setting;
    if (!setting?.digestTime || !setting.timeZone || !isStaff(row.role as Role) || row.deletedAt) return false;
    const zone = setting.timeZone;
    const day = digestDue(now, { digestTime: setting.digestTime, timeZone: zone, lastDigestOn: setting.lastDigestOn });
    if (day === null) return false;
    const items = digestItems(await submissionsBetween(tx, setting.coveredUntil, now), setting.coveredUntil, now);
    const content = digestContent(items, day, zone, (path) => appUrl(ctx.config, path));
    if (content) {
      await queueNotification(
        tx,
        ctx.config,
        {
          kind: 'submission_digest',
          userId,
          refType: 'user',
          refId: userId,
          content: ({ name }) => ({
            ...content,
            lines: [`Hello ${name},`, ...content.lines],
            linkLabel: 'Open the unprocessed reports',
          }),
        },
        now,
      );
    }
    await tx
      .update(officeNoticeSettings)
      .set({ coveredUntil: now, lastDigestOn: day, updatedAt: sql`now()` })
      .where(eq(officeNoticeSettings.userId, userId));
    return content !== null;
  });
}
