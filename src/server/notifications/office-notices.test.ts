import { and, eq } from 'drizzle-orm';
import { OFFICE_NOTICE_MESSAGES } from '../../domain/notifications/office-notices';
import { issueApiToken } from '../auth/tokens';
import { mailQueue } from '../db/schema';
import { addExpense, seedCategories, startReport } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { mailRound } from './worker';

/**
 * Office notifications (decision 21, extended; docs/decisions.md "Office notifications"): staff
 * choose mail at once or a daily digest on their profile; the digest is made by the mail worker's
 * round when due, with the harness clock frozen and moved by hand.
 */

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let ruth: SignedIn;
let cat: Awaited<ReturnType<typeof seedCategories>>;

const CHICAGO = 'America/Chicago';
// Monday 2 March 2026, 06:00 in Chicago (UTC−6 until daylight time begins on 8 March).
const MONDAY_0600 = new Date('2026-03-02T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://office.example.org' } });
  t.clock.set(MONDAY_0600);
  admin = await t.signIn('admin', { name: 'Grace Office' });
  employee = await t.signIn('employee', { name: 'Eli Desk' });
  ruth = await t.signIn('missionary', { name: 'Ruth Okafor' });
  cat = await seedCategories(t);
});
afterAll(() => t.close());

/** Moves the frozen clock; sessions idle past 4 hours are renewed, as a returning user would sign in. */
async function clockAt(iso: string) {
  t.clock.set(new Date(iso));
  for (const who of [admin, employee, ruth]) who.token = await issueApiToken(t.ctx.db, who.id, t.clock.now());
}

const mailsTo = (userId: number, kind: string) =>
  t.ctx.db
    .select()
    .from(mailQueue)
    .where(and(eq(mailQueue.userId, userId), eq(mailQueue.kind, kind)))
    .orderBy(mailQueue.id);

async function submitReport(amount: string) {
  const report = await startReport(t, ruth);
  await addExpense(t, ruth, report.id, { expense_code: cat.expense, field_currency: amount });
  const submitted = await t.call('PATCH', `/api/submit/expense-report/${report.id}`, { token: ruth.token });
  expect(submitted.status).toBe(200);
  return report.id as number;
}

async function requestAdvance(amount: string) {
  const created = await t.call('POST', '/api/advance-request', {
    token: ruth.token,
    form: {
      amount_requested: amount,
      status: 'requested',
      user_id: ruth.id,
      purpose: 'Clinic visit',
      confirm_duplicate: 1,
    },
  });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const put = (who: SignedIn | undefined, json: Record<string, unknown>) =>
  t.call('PUT', '/api/office-notifications', { token: who?.token, json });

describe('GET/PUT /api/office-notifications', () => {
  it('is off until chosen, and keeps the choice', async () => {
    expect((await t.call('GET', '/api/office-notifications', { token: admin.token })).body).toEqual({
      mode: 'off',
      digest_time: null,
      time_zone: null,
    });
    const saved = await put(admin, { mode: 'digest', digest_time: '07:30', time_zone: CHICAGO });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ mode: 'digest', digest_time: '07:30', time_zone: CHICAGO });
    expect((await t.call('GET', '/api/office-notifications', { token: admin.token })).body).toEqual(saved.body);
    expect((await put(employee, { mode: 'immediate' })).body).toEqual({
      mode: 'immediate',
      digest_time: null,
      time_zone: null,
    });
  });

  it('401 without a session; 403 for a missionary (both verbs)', async () => {
    expect((await t.call('GET', '/api/office-notifications')).status).toBe(401);
    expect((await put(undefined, { mode: 'off' })).status).toBe(401);
    expect((await t.call('GET', '/api/office-notifications', { token: ruth.token })).status).toBe(403);
    expect((await put(ruth, { mode: 'immediate' })).status).toBe(403);
  });

  it.each([
    ['no mode', { digest_time: '07:30' }, 'mode', 'Mode is required.'],
    ['a mode that is not one', { mode: 'weekly' }, 'mode', 'Mode must be one of: off, immediate, digest.'],
    [
      'a digest without a time',
      { mode: 'digest', time_zone: CHICAGO },
      'digest_time',
      OFFICE_NOTICE_MESSAGES.timeRequired,
    ],
    [
      'a time that is not one',
      { mode: 'digest', digest_time: '7.30pm', time_zone: CHICAGO },
      'digest_time',
      OFFICE_NOTICE_MESSAGES.timeFormat,
    ],
    ['a digest without a zone', { mode: 'digest', digest_time: '07:30' }, 'time_zone', OFFICE_NOTICE_MESSAGES.zone],
    [
      'a zone that is not one',
      { mode: 'digest', digest_time: '07:30', time_zone: 'Mars/Olympus' },
      'time_zone',
      OFFICE_NOTICE_MESSAGES.zone,
    ],
  ])('422 for %s, naming the field', async (_case, json, field, message) => {
    const answer = await put(employee, json);
    expect(answer.status).toBe(422);
    expect(answer.body.errors[field]).toEqual([message]);
    // The stored choice is unchanged.
    expect((await t.call('GET', '/api/office-notifications', { token: employee.token })).body.mode).toBe('immediate');
  });
});

describe('mail at once, and the daily digest on a frozen clock', () => {
  let reportId: number;
  let advanceId: number;

  it('mails "at once" readers in the submitting transaction; digest readers get nothing yet', async () => {
    // A minute after the choices were made.
    await clockAt('2026-03-02T12:01:00Z');
    reportId = await submitReport('120.00');
    advanceId = await requestAdvance('450.00');
    const [report] = await mailsTo(employee.id, 'report_submitted');
    expect(report.subject).toBe(`Ruth Okafor submitted Expense report #${reportId} ($120.00)`);
    expect(report.textBody).toContain(`https://office.example.org/expense-report/${reportId}`);
    const [advance] = await mailsTo(employee.id, 'advance_requested');
    expect(advance.subject).toBe(`Ruth Okafor submitted Advance request #${advanceId} ($450.00)`);
    expect(advance.textBody).toContain('https://office.example.org/admin/advance-requests/unprocessed');
    expect(await mailsTo(admin.id, 'report_submitted')).toHaveLength(0);
  });

  it('is not due before 07:30 in Chicago (13:29 UTC = 07:29 CST)', async () => {
    await clockAt('2026-03-02T13:29:00Z');
    expect((await mailRound(t.ctx)).digests).toBe(0);
    expect(await mailsTo(admin.id, 'submission_digest')).toHaveLength(0);
  });

  it('at 07:30 lists what was submitted since the choice, with missionary, what, amount and link, once', async () => {
    await clockAt('2026-03-02T13:30:00Z');
    // Two workers' rounds at once: one digest.
    const rounds = await Promise.all([mailRound(t.ctx), mailRound(t.ctx)]);
    expect(rounds.map((r) => r.digests).sort()).toEqual([0, 1]);
    const [digest] = await mailsTo(admin.id, 'submission_digest');
    expect(digest.subject).toBe('Daily digest for 03/02/2026: 2 submissions to review');
    // Submitted at 12:01 UTC = 06:01 CST.
    expect(digest.textBody).toContain(
      `Ruth Okafor — Expense report #${reportId} — $120.00 — submitted 03/02/2026 06:01 — https://office.example.org/expense-report/${reportId}`,
    );
    expect(digest.textBody).toContain(
      `Ruth Okafor — Advance request #${advanceId} — $450.00 — submitted 03/02/2026 06:01 — https://office.example.org/admin/advance-requests/unprocessed`,
    );
    expect(digest.textBody).toContain(
      'Open the unprocessed reports: https://office.example.org/admin/expense-reports/unprocessed',
    );
    // Later that day: no second digest.
    await clockAt('2026-03-02T23:00:00Z');
    expect((await mailRound(t.ctx)).digests).toBe(0);
  });

  it('sends nothing on a day nothing was submitted, and the next digest lists only what is new', async () => {
    await clockAt('2026-03-03T14:00:00Z');
    expect((await mailRound(t.ctx)).digests).toBe(0);
    expect(await mailsTo(admin.id, 'submission_digest')).toHaveLength(1);
    await clockAt('2026-03-04T09:00:00Z');
    const later = await submitReport('80.00');
    await clockAt('2026-03-04T13:45:00Z');
    expect((await mailRound(t.ctx)).digests).toBe(1);
    const digests = await mailsTo(admin.id, 'submission_digest');
    expect(digests).toHaveLength(2);
    expect(digests[1].subject).toBe('Daily digest for 03/04/2026: 1 submission to review');
    expect(digests[1].textBody).toContain(`Expense report #${later} — $80.00 — submitted 03/04/2026 03:00`);
    expect(digests[1].textBody).not.toContain(`#${reportId} `);
  });

  it('turned off: no more mail of either kind', async () => {
    await put(admin, { mode: 'off' });
    await put(employee, { mode: 'off' });
    const before = (await mailsTo(employee.id, 'report_submitted')).length;
    await submitReport('15.00');
    await clockAt('2026-03-05T14:00:00Z');
    expect((await mailRound(t.ctx)).digests).toBe(0);
    expect(await mailsTo(employee.id, 'report_submitted')).toHaveLength(before);
  });
});
