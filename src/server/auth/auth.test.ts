import { MESSAGES } from '../../domain/messages';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-support/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_THROTTLE_LIMIT: '3' } });
});
afterAll(() => t.close());

function resetLinkFrom(mail: string): string {
  const match = /https?:\/\/\S+\/reset-password\/(\S+)/.exec(mail.replace(/=\r?\n/g, ''));
  if (!match) throw new Error(`no reset link in mail:\n${mail}`);
  return match[1];
}

describe('POST /api/login', () => {
  it('returns the user with profile and an api_token that works', async () => {
    const admin = await t.signIn('admin');
    const login = await t.call('POST', '/api/login', {
      json: { email: `  ${admin.email.toUpperCase()} `, password: ` ${TEST_PASSWORD} ` },
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ id: admin.id, email: admin.email, role: 'admin', profile: { fica_tax: 0 } });
    expect(login.body.api_token).toMatch(/^[\w-]{40,}$/);
    expect(login.body).not.toHaveProperty('password_hash');
    const me = await t.call('GET', `/api/user/${admin.id}`, { token: login.body.api_token });
    expect(me.status).toBe(200);
  });

  it('refuses a wrong password with field errors under email and password', async () => {
    const user = await t.signIn('missionary');
    const login = await t.call('POST', '/api/login', { json: { email: user.email, password: 'wrong-password' } });
    expect(login.status).toBe(422);
    expect(login.body.message).toBe(MESSAGES.loginFailed);
    expect(login.body.errors).toHaveProperty('email');
    expect(login.body.errors).toHaveProperty('password');
  });

  it.each([
    [{}, ['email', 'password']],
    [{ email: 'not-an-email', password: 'x' }, ['email']],
    [{ email: 'a@b.org', password: '   ' }, ['password']],
  ])('validates %j', async (body, fields) => {
    const login = await t.call('POST', '/api/login', { json: body });
    expect(login.status).toBe(422);
    expect(Object.keys(login.body.errors).sort()).toEqual(fields);
  });

  it('accepts urlencoded and multipart bodies too', async () => {
    const user = await t.signIn('employee');
    const form = await t.call('POST', '/api/login', { form: { email: user.email, password: TEST_PASSWORD } });
    expect(form.status).toBe(200);
    const multipart = await t.call('POST', '/api/login', { multipart: { email: user.email, password: TEST_PASSWORD } });
    expect(multipart.status).toBe(200);
  });

  it('answers 429 after repeated failures for an email, even with the right password', async () => {
    const user = await t.signIn('missionary');
    for (let i = 0; i < 3; i++) {
      expect((await t.call('POST', '/api/login', { json: { email: user.email, password: 'nope-nope' } })).status).toBe(
        422,
      );
    }
    const blocked = await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } });
    expect(blocked.status).toBe(429);
    t.clock.advance(16 * 60_000);
    const later = await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } });
    expect(later.status).toBe(200);
  });

  it('refuses archived users', async () => {
    const admin = await t.signIn('admin');
    const user = await t.signIn('missionary');
    expect((await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token })).status).toBe(200);
    const login = await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(422);
  });
});

describe('tokens', () => {
  it('POST /api/token re-logs in with a live token and refuses unknown ones', async () => {
    const user = await t.signIn('missionary');
    const ok = await t.call('POST', '/api/token', { json: { api_token: user.token } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: user.id, api_token: user.token });
    expect((await t.call('POST', '/api/token', { json: { api_token: 'nope' } })).status).toBe(401);
    expect((await t.call('POST', '/api/token', { json: {} })).status).toBe(422);
  });

  it('expires after 4 idle hours but not while used', async () => {
    const user = await t.signIn('employee');
    t.clock.advance(3 * 3600_000);
    expect((await t.call('GET', `/api/user/${user.id}`, { token: user.token })).status).toBe(200);
    t.clock.advance(3 * 3600_000);
    expect((await t.call('GET', `/api/user/${user.id}`, { token: user.token })).status).toBe(200);
    t.clock.advance(4 * 3600_000 + 1000);
    const expired = await t.call('GET', `/api/user/${user.id}`, { token: user.token });
    expect(expired.status).toBe(401);
  });

  it('logout revokes the token', async () => {
    const user = await t.signIn('missionary');
    expect((await t.call('POST', '/api/logout', { token: user.token })).status).toBe(200);
    expect((await t.call('GET', `/api/user/${user.id}`, { token: user.token })).status).toBe(401);
    expect((await t.call('POST', '/api/logout')).status).toBe(401);
  });

  it('stores only a hash of the token', async () => {
    const user = await t.signIn('missionary');
    const rows = await t.ctx.db.query.apiTokens.findMany();
    expect(rows.some((row) => row.tokenHash === user.token)).toBe(false);
  });
});

describe('password reset', () => {
  it('mails a single-use link that resets the password and signs out everywhere', async () => {
    const user = await t.signIn('missionary');
    const sent = await t.call('POST', '/api/password/email', {
      form: { email: user.email, baseUrl: 'http://localhost:3000' },
    });
    expect(sent.status).toBe(200);
    const mails = await t.outbox();
    const token = resetLinkFrom(mails.at(-1)!);
    const reset = await t.call('POST', '/api/password/reset', {
      form: { email: user.email, password: 'brand-new-1', password_confirmation: 'brand-new-1', token },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ success: true });
    expect((await t.call('GET', `/api/user/${user.id}`, { token: user.token })).status).toBe(401);
    const login = await t.call('POST', '/api/login', { json: { email: user.email, password: 'brand-new-1' } });
    expect(login.status).toBe(200);
    const again = await t.call('POST', '/api/password/reset', {
      form: { email: user.email, password: 'other-pass-2', password_confirmation: 'other-pass-2', token },
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(MESSAGES.resetTokenInvalid);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = (await t.outbox()).length;
    const sent = await t.call('POST', '/api/password/email', { form: { email: 'nobody@example.org' } });
    expect(sent.status).toBe(200);
    expect((await t.outbox()).length).toBe(before);
  });

  it('expires links after 60 minutes', async () => {
    const user = await t.signIn('missionary');
    await t.call('POST', '/api/password/email', { form: { email: user.email, baseUrl: 'http://x' } });
    const token = resetLinkFrom((await t.outbox()).at(-1)!);
    t.clock.advance(61 * 60_000);
    const reset = await t.call('POST', '/api/password/reset', {
      form: { email: user.email, password: 'brand-new-1', password_confirmation: 'brand-new-1', token },
    });
    expect(reset.status).toBe(422);
  });

  it.each([
    [
      { email: 'a@b.org', password: '123', password_confirmation: '123', token: 't' },
      'password',
      MESSAGES.passwordTooShort,
    ],
    [
      { email: 'a@b.org', password: '123456', password_confirmation: '654321', token: 't' },
      'password_confirmation',
      MESSAGES.passwordsDoNotMatch,
    ],
    [{ email: '', password: '123456', password_confirmation: '123456', token: 't' }, 'email', 'Email is required.'],
    [{ email: 'a@b.org', password: '123456', password_confirmation: '123456' }, 'token', 'Token is required.'],
  ])('validates reset input %j', async (form, field, message) => {
    const reset = await t.call('POST', '/api/password/reset', { form });
    expect(reset.status).toBe(422);
    expect(reset.body.errors[field]).toContain(message);
  });
});

describe('PATCH /api/user/{id}/update-password', () => {
  it('lets a user change their own password with the current one', async () => {
    const user = await t.signIn('missionary');
    const wrong = await t.call('POST', `/api/user/${user.id}/update-password`, {
      token: user.token,
      form: { _method: 'PATCH', current_password: 'nope', password: 'newpass1', password_confirmation: 'newpass1' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toBeDefined();
    const ok = await t.call('POST', `/api/user/${user.id}/update-password`, {
      token: user.token,
      form: {
        _method: 'PATCH',
        current_password: TEST_PASSWORD,
        password: 'newpass1',
        password_confirmation: 'newpass1',
      },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('POST', '/api/login', { json: { email: user.email, password: 'newpass1' } })).status).toBe(
      200,
    );
  });

  it('lets an admin set anyone’s password; others get 403; unknown ids 404; no token 401', async () => {
    const admin = await t.signIn('admin');
    const employee = await t.signIn('employee');
    const user = await t.signIn('missionary');
    const body = { password: 'setbyadmin', password_confirmation: 'setbyadmin' };
    expect(
      (await t.call('PATCH', `/api/user/${user.id}/update-password`, { token: admin.token, json: body })).status,
    ).toBe(200);
    expect(
      (await t.call('PATCH', `/api/user/${user.id}/update-password`, { token: employee.token, json: body })).status,
    ).toBe(403);
    expect((await t.call('PATCH', '/api/user/999999/update-password', { token: admin.token, json: body })).status).toBe(
      404,
    );
    expect((await t.call('PATCH', `/api/user/${user.id}/update-password`, { json: body })).status).toBe(401);
    const short = await t.call('PATCH', `/api/user/${user.id}/update-password`, {
      token: admin.token,
      json: { password: '12', password_confirmation: '12' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toContain(MESSAGES.passwordTooShort);
  });
});

describe('GET /api/health', () => {
  it('answers 200 without a token', async () => {
    const health = await t.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });
});
