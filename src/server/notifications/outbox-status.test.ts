import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { MAX_MAIL_ATTEMPTS } from '../../domain/notifications/notifications';
import { mailQueue } from '../db/schema';
import { approvedAdvance } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer';
import { sendDueMails } from './worker';

/**
 * The Outbox says what happened to each mail (docs/security.md, "Mail"): queued, sent to the SMTP
 * server, written to the outbox folder when no SMTP_URL is set (delivered to nobody), or failed with
 * the mail server's reason. A mail is never called sent when it only reached the folder.
 */
async function statusOf(t: TestApp, admin: SignedIn, id: number) {
  const one = await t.call('GET', `/api/outbox/${id}`, { token: admin.token });
  expect(one.status).toBe(200);
  return one.body as { status: string; sent_at: string | null; last_error: string | null; attempts: number };
}

describe('without SMTP_URL', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://office.example.org' } });
    admin = await t.signIn('admin');
  });
  afterAll(() => t.close());

  it('a queued mail ends "written" to the outbox folder, never "sent"', async () => {
    const ruth = await t.signIn('missionary');
    await approvedAdvance(t, ruth, admin, '10', '10');
    const [row] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, ruth.id));
    expect(await statusOf(t, admin, row.id)).toMatchObject({ status: 'queued', sent_at: null, attempts: 0 });

    const folder = path.join(t.dataDir, 'outbox');
    const before = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 1, failed: 0 });
    const after = await statusOf(t, admin, row.id);
    expect(after).toMatchObject({ status: 'written', last_error: null, attempts: 1 });
    expect(after.sent_at).toBe(t.clock.now().toISOString());
    expect(fs.readdirSync(folder)).toHaveLength(before + 1);

    const listed = await t.call('GET', '/api/outbox', { token: admin.token, query: { status: 'written' } });
    expect(listed.status).toBe(200);
    expect(listed.body.smtp_configured).toBe(false);
    expect(listed.body.data.map((mail: { id: number }) => mail.id)).toContain(row.id);
    expect(listed.body.counts).toMatchObject({ sent: 0 });
    expect(listed.body.counts.written).toBeGreaterThanOrEqual(1);
    const sent = await t.call('GET', '/api/outbox', { token: admin.token, query: { status: 'sent' } });
    expect(sent.body.data).toEqual([]);
  });
});

describe('with SMTP_URL', () => {
  let peer: SmtpPeer;
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp({ env: { SMTP_URL: peer.url, PUBLIC_URL: 'https://office.example.org' } });
    admin = await t.signIn('admin');
  });
  afterAll(async () => {
    await t.close();
    await peer.close();
  });

  it('a mail the server took is "sent"; one it keeps refusing ends "failed" with its reason', async () => {
    const ruth = await t.signIn('missionary');
    await approvedAdvance(t, ruth, admin, '10', '10');
    let [row] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, ruth.id));
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 1, failed: 0 });
    expect(await statusOf(t, admin, row.id)).toMatchObject({ status: 'sent', last_error: null });
    expect(peer.messages.map((mail) => mail.subject)).toContain(row.subject);

    const naomi = await t.signIn('missionary');
    await approvedAdvance(t, naomi, admin, '20', '20');
    [row] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, naomi.id));
    peer.refusing = true;
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      expect(await sendDueMails(t.ctx)).toEqual({ sent: 0, failed: 1 });
      const waiting = await statusOf(t, admin, row.id);
      expect(waiting.status).toBe(attempt < MAX_MAIL_ATTEMPTS ? 'queued' : 'failed');
      expect(waiting.last_error).toMatch(/451 Mailbox temporarily unavailable/);
      await t.ctx.db.update(mailQueue).set({ nextAttemptAt: t.clock.now() }).where(eq(mailQueue.id, row.id));
    }
    const listed = await t.call('GET', '/api/outbox', { token: admin.token, query: { status: 'failed' } });
    const failed = listed.body.data.find((mail: { id: number }) => mail.id === row.id);
    expect(failed).toMatchObject({ status: 'failed', sent_at: null, attempts: MAX_MAIL_ATTEMPTS });
    expect(failed.last_error).toMatch(/451 Mailbox temporarily unavailable/);
  });
});
