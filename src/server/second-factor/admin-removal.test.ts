import { eq } from 'drizzle-orm';
import { auditEvents, passkeys } from '../db/schema';
import { createTestApp, expectStatus, type SignedIn, TEST_PASSWORD, type TestApp } from '../test-support/harness';
import { totpCode } from './totp';

/** A lost authenticator: an admin removes another user's second factor from their profile. */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

const STEP = 30_000;
const url = (id: number) => `/api/user/${id}/second-factor`;

/** A user with TOTP on, a passkey row and 10 recovery codes. */
async function enrolled(role: 'admin' | 'employee' | 'missionary' = 'employee') {
  const user = await t.signIn(role);
  const started = await t.call('POST', '/api/account/totp', { token: user.token });
  const confirmed = await t.call('POST', '/api/account/totp/confirm', {
    token: user.token,
    json: { code: totpCode(started.body.secret, t.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  await t.ctx.db.insert(passkeys).values({
    userId: user.id,
    name: 'Lost phone',
    credentialId: `cred-${user.id}`,
    publicKey: 'pk',
  });
  t.clock.advance(STEP);
  return { ...user, secret: started.body.secret as string };
}

describe('GET /api/user/:id/second-factor', () => {
  it("shows an admin the user's factors, never a secret", async () => {
    const user = await enrolled();
    const status = await t.call('GET', url(user.id), { token: admin.token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ totp: 'on', passkeys: 1, recovery_codes_left: 10 });
    const plain = await t.signIn('missionary');
    expect((await t.call('GET', url(plain.id), { token: admin.token })).body).toEqual({
      totp: 'off',
      passkeys: 0,
      recovery_codes_left: 0,
    });
  });

  it('401 without a session, 403 for employee and missionary, 404 for an unknown user, 404 for a bad id', async () => {
    const user = await t.signIn('missionary');
    const employee = await t.signIn('employee');
    await expectStatus(t, 401, [['GET', url(user.id)]]);
    await expectStatus(t, 403, [
      ['GET', url(user.id), { token: employee.token }],
      ['GET', url(user.id), { token: user.token }],
    ]);
    await expectStatus(t, 404, [
      ['GET', url(999_999), { token: admin.token }],
      ['GET', '/api/user/2147483648/second-factor', { token: admin.token }],
    ]);
  });
});

describe('DELETE /api/user/:id/second-factor', () => {
  it('removes TOTP, passkeys and recovery codes, ends every session, audits and mails the user', async () => {
    const user = await enrolled('employee');
    const mailsBefore = (await t.outbox()).length;
    const removed = await t.call('DELETE', url(user.id), { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      success: true,
      message: `The second factor of ${user.name} was removed (authenticator app, 1 passkey, recovery codes); their sessions have ended.`,
    });
    expect((await t.call('GET', url(user.id), { token: admin.token })).body).toEqual({
      totp: 'off',
      passkeys: 0,
      recovery_codes_left: 0,
    });
    // The session the user held has ended.
    expect((await t.call('GET', '/api/account/second-factor', { token: user.token })).status).toBe(401);
    // The password alone now opens a session (no second-factor step).
    const login = await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body).not.toHaveProperty('second_factor_required');
    // Who, whom, when.
    const [event] = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'remove_second_factor'))
      .orderBy(auditEvents.id);
    expect(event).toMatchObject({ actorId: admin.id, entityType: 'user', entityId: user.id });
    expect(event.details).toMatchObject({
      by: admin.name,
      user: user.name,
      at: expect.any(String),
      totp: 'on',
      passkeys: 1,
      recovery_codes_left: 10,
    });
    const mails = await t.outbox();
    expect(mails.length).toBe(mailsBefore + 1);
    const mail = mails[mails.length - 1].replace(/=\r?\n/g, '').replace(/\s+/g, ' ');
    expect(mail).toContain(user.email);
    expect(mail).toContain(`An administrator (${admin.name}) removed the second factor`);
  });

  it("also removes an admin's, and works through POST with _method", async () => {
    const other = await enrolled('admin');
    const removed = await t.call('POST', url(other.id), { token: admin.token, json: { _method: 'DELETE' } });
    expect(removed.status).toBe(200);
    expect((await t.call('GET', url(other.id), { token: admin.token })).body.totp).toBe('off');
  });

  it('409 for your own account and for a user without a second factor', async () => {
    const self = await enrolled('admin');
    const own = await t.call('DELETE', url(self.id), { token: self.token });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(
      'Remove your own second factor on Account Security (your password and a code are asked).',
    );
    expect((await t.call('GET', url(self.id), { token: self.token })).body.totp).toBe('on');
    const plain = await t.signIn('missionary');
    const none = await t.call('DELETE', url(plain.id), { token: admin.token });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(`${plain.name} has no second factor to remove.`);
  });

  it('401 without a session, 403 for employee and missionary (nothing removed), 404 for an unknown user, 422 for a bad id', async () => {
    const user = await enrolled('missionary');
    const employee = await t.signIn('employee');
    await expectStatus(t, 401, [['DELETE', url(user.id)]]);
    await expectStatus(t, 403, [
      ['DELETE', url(user.id), { token: employee.token }],
      ['DELETE', url(user.id), { token: user.token }],
    ]);
    expect((await t.call('GET', url(user.id), { token: admin.token })).body.totp).toBe('on');
    await expectStatus(t, 404, [
      ['DELETE', url(999_999), { token: admin.token }],
      ['DELETE', '/api/user/2147483648/second-factor', { token: admin.token }],
    ]);
    const bad = await t.call('DELETE', '/api/user/abc/second-factor', { token: admin.token });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ id: ['User id must be a number.'] });
  });
});
