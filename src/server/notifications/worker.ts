import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_MAIL_ATTEMPTS, nextRetryDelayMs } from '../../domain/notifications/notifications';
import type { AuthUser } from '../auth/tokens';
import { errorSummary } from '../background';
import type { AppContext } from '../context';
import { queryRows } from '../db/query-rows';
import { readSiteConfig } from '../site/routes';
import { statementPdf } from '../statements/statements';
import { queueDueDigests } from './office-notices';

/** The statement is read as the office reads it: the worker sends it for the office. */
const OFFICE: AuthUser = { id: 0, name: 'Mail worker', email: '', role: 'admin' };

/** How long a taken mail stays with one worker before another may take it (a crash mid-send). */
const LEASE_MS = 5 * 60_000;

const ZQueuedMail = z.object({
  id: z.coerce.number(),
  to_address: z.string(),
  subject: z.string(),
  text_body: z.string(),
  html_body: z.string(),
  attachment: z.object({ statement: z.number().optional() }).nullable(),
  attempts: z.coerce.number(),
});
type QueuedMail = z.output<typeof ZQueuedMail>;

/**
 * Sends the mails that are due, at most `limit`, and answers how many were sent (to the SMTP server,
 * or written to the outbox folder without one: status `sent` or `written`) and failed. Each is
 * taken with FOR UPDATE SKIP LOCKED and leased, so several app processes never send one mail twice;
 * a failure is retried with back-off (1, 5, 15, 60, 240 minutes) and then marked failed. Errors stay
 * here: the action that queued the mail has long been answered.
 */
export async function sendDueMails(ctx: AppContext, limit = 20): Promise<{ sent: number; failed: number }> {
  const now = ctx.clock.now();
  const taken = await queryRows(
    ctx.db,
    sql`
      update mail_queue set status = 'sending', attempts = attempts + 1,
        next_attempt_at = ${new Date(now.getTime() + LEASE_MS)}, updated_at = ${now}
      where id in (
        select id from mail_queue
        where status in ('queued', 'sending') and next_attempt_at <= ${now}
        order by next_attempt_at, id limit ${limit}
        for update skip locked)
      returning id, to_address, subject, text_body, html_body, attachment, attempts`,
    ZQueuedMail,
  );
  let sent = 0;
  let failed = 0;
  for (const mail of taken) {
    try {
      const delivery = await ctx.mailer.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        attachments: await attachmentsOf(ctx, mail, now),
      });
      // Only a mail the SMTP server took is "sent"; one in the outbox folder reached nobody.
      const status = delivery === 'smtp' ? 'sent' : 'written';
      await ctx.db.execute(sql`
        update mail_queue set status = ${status}, sent_at = ${ctx.clock.now()}, last_error = null,
          updated_at = ${ctx.clock.now()}
        where id = ${mail.id}`);
      sent += 1;
    } catch (error) {
      failed += 1;
      const delay = nextRetryDelayMs(Math.min(Number(mail.attempts), MAX_MAIL_ATTEMPTS));
      const message = errorSummary(error).message.slice(0, 500);
      const at = ctx.clock.now();
      await ctx.db.execute(sql`
        update mail_queue set status = ${delay === null ? 'failed' : 'queued'},
          next_attempt_at = ${new Date(at.getTime() + (delay ?? 0))}, last_error = ${message}, updated_at = ${at}
        where id = ${mail.id}`);
      ctx.log.warn({ mailId: mail.id, attempts: mail.attempts, err: errorSummary(error) }, 'mail not sent');
    }
  }
  return { sent, failed };
}

async function attachmentsOf(ctx: AppContext, mail: QueuedMail, now: Date) {
  const id = mail.attachment?.statement;
  if (!id) return undefined;
  const site = readSiteConfig();
  const pdf = await statementPdf(ctx.db, OFFICE, id, site, now);
  return [{ filename: pdf.filename, content: pdf.content, contentType: 'application/pdf' }];
}

/**
 * One round of the worker: queue the office's daily digests that are due (office-notices.ts), then
 * send whatever mail is due, those digests included.
 */
export async function mailRound(ctx: AppContext): Promise<{ digests: number; sent: number; failed: number }> {
  const digests = await queueDueDigests(ctx);
  return { digests, ...(await sendDueMails(ctx)) };
}

/**
 * The worker inside the server process: every `intervalMs` it queues the due digests and sends what is due. One round at a time;
 * stop() waits for the round under way.
 */
export function startMailWorker(ctx: AppContext, intervalMs: number): { stop(): Promise<void>; kick(): void } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = () => {
    if (running || stopped) return;
    running = mailRound(ctx)
      .then(() => undefined)
      .catch((error: unknown) => ctx.log.error({ err: errorSummary(error) }, 'mail worker round failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(round, intervalMs);
  timer.unref();
  return {
    kick: round,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
