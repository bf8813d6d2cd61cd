import { eq } from 'drizzle-orm';
import { MAX_MAIL_ATTEMPTS } from '../../domain/notifications/notifications';
import { mailQueue } from '../db/schema';
import { createDistributionViaApi, workedExampleApiSpec } from '../test-support/distribution-api';
import { addExpense, approvedAdvance, seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { type SmtpPeer, startSmtpPeer } from '../test-support/smtp-peer';
import { ONLY_FAILED_RETRY } from './outbox';
import { sendDueMails } from './worker';

let peer: SmtpPeer;
let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({ env: { SMTP_URL: peer.url, PUBLIC_URL: 'https://office.example.org' } });
  admin = await t.signIn('admin', { name: 'Grace Office' });
  employee = await t.signIn('employee');
  cat = await seedCategories(t);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});
beforeEach(async () => {
  peer.refusing = false;
  await drain(); // each test starts with an empty queue
});

async function submittedReport(user: SignedIn, amount = '120.00') {
  const report = await startReport(t, user);
  await addExpense(t, user, report.id, { expense_code: cat.expense, field_currency: amount });
  const submitted = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: user.token });
  expect(submitted.status).toBe(200);
  return submitted.body as { id: number };
}

const mailsTo = (userId: number) =>
  t.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, userId)).orderBy(mailQueue.id);

/** Sends what is due until nothing is left (the worker's rounds, without its timer). */
async function drain() {
  for (;;) {
    const { sent, failed } = await sendDueMails(t.ctx);
    if (sent + failed === 0) return;
  }
}

describe('a processed report is mailed to its missionary (decision 21)', () => {
  it('queues the mail with the action, sends it to the SMTP peer with text and HTML and one link', async () => {
    const ruth = await t.signIn('missionary', { name: 'Ruth Okafor' });
    const report = await submittedReport(ruth, '120.00');
    const processed = await t.call('PATCH', `/api/process-expense-report/${report.id}`, {
      token: admin.token,
      form: { payout: '100' },
    });
    expect(processed.status).toBe(200);

    const [queued] = await mailsTo(ruth.id);
    expect(queued).toMatchObject({
      kind: 'report_processed',
      toAddress: ruth.email,
      status: 'queued',
      attempts: 0,
      subject: `Expense report #${report.id} has been processed`,
      refType: 'expense_report',
      refId: report.id,
    });
    const before = peer.messages.length;
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 1, failed: 0 });
    const messages = await peer.received(before + 1);
    const mail = messages[before];
    const link = `https://office.example.org/expense-report/${report.id}`;
    expect(mail.to).toMatchObject({ text: ruth.email });
    expect(mail.subject).toBe(`Expense report #${report.id} has been processed`);
    // $120.00 due, $100.00 paid now, $20.00 still owed
    expect(mail.text).toContain('$100.00 paid now, $20.00 still owed to you');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Hello Ruth Okafor,');
    // One record, one link: every link in the HTML goes to it.
    expect(new Set([...String(mail.html).matchAll(/href="([^"]+)"/g)].map((m) => m[1]))).toEqual(new Set([link]));
    const [sent] = await mailsTo(ruth.id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(sent.sentAt).toEqual(t.clock.now());
  });

  it('mails a returned report with the comment quoted', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth);
    await t.call('PATCH', `/api/return-expense-report/${report.id}`, {
      token: employee.token,
      form: { comment: 'The taxi receipt is missing.' },
    });
    const before = peer.messages.length;
    await drain();
    const [mail] = (await peer.received(before + 1)).slice(before);
    expect(mail.subject).toBe(`Expense report #${report.id} was returned to you`);
    expect(mail.text).toContain('> The taxi receipt is missing.');
    expect(mail.text).toContain(`${employee.name} returned your expense report #${report.id}`);
    expect(mail.html).toContain('<blockquote');
  });

  it('mails an approved advance', async () => {
    const ruth = await t.signIn('missionary');
    const advance = await approvedAdvance(t, ruth, admin, '500', '400');
    const [queued] = await mailsTo(ruth.id);
    expect(queued).toMatchObject({ kind: 'advance_approved', refId: advance.id });
    expect(queued.textBody).toContain(`was approved for $400.00`);
    expect(queued.textBody).toContain('https://office.example.org/advance-request');
  });
});

describe('sending never blocks the action, and is retried with back-off', () => {
  it('keeps the mail queued while the peer refuses, retries after 1, 5, … minutes, then sends it', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth);
    peer.refusing = true;
    const processed = await t.call('PATCH', `/api/process-expense-report/${report.id}`, {
      token: admin.token,
      form: { payout: '120' },
    });
    expect(processed.status).toBe(200); // the action never waits for the mail server

    expect(await sendDueMails(t.ctx)).toEqual({ sent: 0, failed: 1 });
    let [row] = await mailsTo(ruth.id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.lastError).toMatch(/451|temporarily unavailable/i);
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(60_000); // 1 minute

    // Not due yet: nothing is tried.
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(60_000);
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 0, failed: 1 });
    [row] = await mailsTo(ruth.id);
    expect(row.nextAttemptAt.getTime() - t.clock.now().getTime()).toBe(5 * 60_000); // then 5 minutes

    peer.refusing = false;
    t.clock.advance(5 * 60_000);
    const before = peer.messages.length;
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 1, failed: 0 });
    await peer.received(before + 1);
    [row] = await mailsTo(ruth.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
  });

  it('marks the mail failed after the last attempt; an admin queues it again from the Outbox', async () => {
    const ruth = await t.signIn('missionary');
    const report = await submittedReport(ruth);
    await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form: { payout: '1' } });
    peer.refusing = true;
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt += 1) {
      expect(await sendDueMails(t.ctx)).toEqual({ sent: 0, failed: 1 });
      // The wait passes (up to four hours; moving the clock that far would end the test's sessions).
      await t.ctx.db.update(mailQueue).set({ nextAttemptAt: t.clock.now() }).where(eq(mailQueue.userId, ruth.id));
    }
    let [row] = await mailsTo(ruth.id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_MAIL_ATTEMPTS });
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 0, failed: 0 }); // failed mail is left alone

    const listed = await t.call('GET', '/api/outbox', { token: admin.token, query: { status: 'failed' } });
    expect(listed.status).toBe(200);
    expect(listed.body.smtp_configured).toBe(true);
    expect(listed.body.data.map((mail: { id: number }) => mail.id)).toContain(row.id);
    expect(listed.body.counts.failed).toBeGreaterThanOrEqual(1);

    const retried = await t.call('POST', `/api/outbox/${row.id}/retry`, { token: admin.token });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'queued', attempts: 0 });
    peer.refusing = false;
    expect(await sendDueMails(t.ctx)).toEqual({ sent: 1, failed: 0 });
    [row] = await mailsTo(ruth.id);
    expect(row.status).toBe('sent');

    const again = await t.call('POST', `/api/outbox/${row.id}/retry`, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ONLY_FAILED_RETRY);
  });
});

describe('the month’s distribution, with the statement attached', () => {
  it('mails each approved distribution with its PDF statement', async () => {
    const ruth = await t.signIn('missionary', { name: 'Ruth Statement' });
    const seeded = await createDistributionViaApi(t, admin, { ...workedExampleApiSpec(ruth), status: 'approved' });
    const rows = await mailsTo(ruth.id);
    const distributionMail = rows.find((row) => row.kind === 'distribution_approved');
    expect(distributionMail).toMatchObject({
      refId: seeded.id,
      attachment: { statement: seeded.id },
      subject: 'Your distribution for 05/01/2024 – 05/31/2024 is approved',
    });
    const before = peer.messages.length;
    await drain();
    const mails = (await peer.received(before + 1)).slice(before);
    const mail = mails.find((m) => m.subject?.startsWith('Your distribution'));
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(mail?.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
    // The missionary's pay stub, not the office's form.
    expect(mail?.text).toContain(`https://office.example.org/distribution/${seeded.id}`);
  }, 60_000);
});

describe('"Email me when…" preferences', () => {
  it('start on, turn off per kind, and a kind turned off queues nothing', async () => {
    const ruth = await t.signIn('missionary');
    const initial = await t.call('GET', '/api/notification-preferences', { token: ruth.token });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      report_processed: 1,
      report_returned: 1,
      advance_approved: 1,
      distribution_approved: 1,
      distribution_reversed: 1,
    });
    const changed = await t.call('PATCH', '/api/notification-preferences', {
      token: ruth.token,
      form: { report_processed: 0 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ report_processed: 0, report_returned: 1 });

    const report = await submittedReport(ruth);
    await t.call('PATCH', `/api/process-expense-report/${report.id}`, { token: admin.token, form: { payout: '0' } });
    expect(await mailsTo(ruth.id)).toEqual([]);
    // A kind left on still mails.
    await approvedAdvance(t, ruth, admin, '50', '50');
    expect((await mailsTo(ruth.id)).map((row) => row.kind)).toEqual(['advance_approved']);

    // And back on.
    const on = await t.call('POST', '/api/notification-preferences', {
      token: ruth.token,
      form: { _method: 'PATCH', report_processed: 1 },
    });
    expect(on.body.report_processed).toBe(1);
  });

  it('answers 422 for a value other than 0 or 1, and 401 without a token', async () => {
    const ruth = await t.signIn('missionary');
    const bad = await t.call('PATCH', '/api/notification-preferences', {
      token: ruth.token,
      form: { report_returned: 'maybe' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.report_returned).toEqual(['report_returned must be 0 or 1.']);
    expect((await t.call('GET', '/api/notification-preferences')).status).toBe(401);
    expect((await t.call('PATCH', '/api/notification-preferences', { form: { report_returned: 0 } })).status).toBe(401);
  });
});

describe('the Outbox (admin)', () => {
  it('lists mails with their status and shows one with its text and HTML', async () => {
    const ruth = await t.signIn('missionary');
    await approvedAdvance(t, ruth, admin, '10', '10');
    const [row] = await mailsTo(ruth.id);
    const one = await t.call('GET', `/api/outbox/${row.id}`, { token: admin.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: row.id, to_address: ruth.email, status: 'queued', kind: 'advance_approved' });
    expect(one.body.text_body).toContain('https://office.example.org/advance-request');
    expect(one.body.html_body).toContain('<!DOCTYPE html>');
    const search = await t.call('GET', '/api/outbox', { token: admin.token, query: { q: ruth.email } });
    expect(search.body.data.map((mail: { id: number }) => mail.id)).toEqual([row.id]);
    const badStatus = await t.call('GET', '/api/outbox', { token: admin.token, query: { status: 'lost' } });
    expect(badStatus.status).toBe(422);
  });

  it('answers 401, 403 for employees and missionaries, 404 for an unknown mail', async () => {
    const ruth = await t.signIn('missionary');
    expect((await t.call('GET', '/api/outbox')).status).toBe(401);
    expect((await t.call('GET', '/api/outbox', { token: employee.token })).status).toBe(403);
    expect((await t.call('GET', '/api/outbox', { token: ruth.token })).status).toBe(403);
    expect((await t.call('GET', '/api/outbox/99999999', { token: admin.token })).status).toBe(404);
    expect((await t.call('POST', '/api/outbox/99999999/retry', { token: admin.token })).status).toBe(404);
    expect((await t.call('POST', '/api/outbox/1/retry', { token: employee.token })).status).toBe(403);
  });
});
