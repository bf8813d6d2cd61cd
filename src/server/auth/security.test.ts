import { MESSAGES } from '../../domain/messages';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-support/harness';
import { signInKeys } from './login';
import { attemptsOf } from './throttle';

/** Decision 16 (docs/decisions.md): links, proxies, throttle, sessions. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://sheepfold.example.org', AUTH_THROTTLE_LIMIT: '5' } });
});
afterAll(() => t.close());

const unwrap = (mail: string) => mail.replace(/=\r?\n/g, '');
const mailTo = async (email: string) => (await t.outbox()).map(unwrap).filter((m) => m.includes(`To: ${email}`));
const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

describe('links in mail (decision 16)', () => {
  it('a reset asked with a forged Host, X-Forwarded-Host and baseUrl mails the configured address', async () => {
    const user = await t.signIn('missionary');
    const sent = await t.call('POST', '/api/password/email', {
      form: { email: user.email, baseUrl: 'https://evil.example' },
      headers: FORGED,
    });
    expect(sent.status).toBe(200);
    const [mail] = await mailTo(user.email);
    expect(mail).not.toContain('evil.example');
    expect(mail).toMatch(/https:\/\/sheepfold\.example\.org\/reset-password\/[\w-]{40,}/);
  });

  it('without PUBLIC_URL links go to http://localhost:{PORT}, and the admin dashboard says so', async () => {
    const bare = await createTestApp({ env: { PORT: '3412' } });
    try {
      const user = await bare.signIn('missionary');
      await bare.call('POST', '/api/password/email', { form: { email: user.email }, headers: FORGED });
      const mail = unwrap((await bare.outbox()).find((m) => m.includes(user.email))!);
      expect(mail).toContain('http://localhost:3412/reset-password/');
      expect(mail).not.toContain('evil.example');
      const admin = await bare.signIn('admin');
      const warnings = await bare.call('GET', '/api/system/warnings', { token: admin.token });
      expect(warnings.status).toBe(200);
      expect(warnings.body.warnings).toEqual([expect.stringContaining('PUBLIC_URL is not set')]);
    } finally {
      await bare.close();
    }
  });

  it('GET /api/system/warnings: none with PUBLIC_URL; admins only', async () => {
    const admin = await t.signIn('admin');
    const employee = await t.signIn('employee');
    expect((await t.call('GET', '/api/system/warnings', { token: admin.token })).body).toEqual({ warnings: [] });
    expect((await t.call('GET', '/api/system/warnings', { token: employee.token })).status).toBe(403);
    expect((await t.call('GET', '/api/system/warnings')).status).toBe(401);
  });
});

const wrong = (email: string) => ({ json: { email, password: 'not-the-password' } });
const right = (email: string) => ({ json: { email, password: TEST_PASSWORD } });

describe('sign-in throttle (decision 16)', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const user = await t.signIn('missionary');
    for (let i = 0; i < 5; i++) {
      const forged = { ...wrong(user.email), headers: { 'x-forwarded-for': `203.0.113.${i}` } };
      expect((await t.call('POST', '/api/login', forged)).status).toBe(422);
    }
    // Rotating the header changed nothing: all five counted against 127.0.0.1.
    const sixth = { ...wrong(user.email), headers: { 'x-forwarded-for': '203.0.113.99' } };
    expect((await t.call('POST', '/api/login', sixth)).status).toBe(429);
    expect(await attemptsOf(t.ctx, signInKeys(user.email, '127.0.0.1').pair)).toBe(6);

    const proxied = await createTestApp({ env: { TRUST_PROXY: '1', AUTH_THROTTLE_LIMIT: '5' } });
    try {
      const other = await proxied.signIn('missionary');
      for (let i = 0; i < 5; i++) {
        const via = { ...wrong(other.email), headers: { 'x-forwarded-for': '198.51.100.7' } };
        expect((await proxied.call('POST', '/api/login', via)).status).toBe(422);
      }
      const blocked = { ...right(other.email), headers: { 'x-forwarded-for': '198.51.100.7' } };
      expect((await proxied.call('POST', '/api/login', blocked)).status).toBe(429);
      // Behind the trusted proxy, another client is another address.
      const owner = { ...right(other.email), headers: { 'x-forwarded-for': '198.51.100.8' } };
      expect((await proxied.call('POST', '/api/login', owner)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('the owner’s browser signs in from a new address while an attacker fails from many others', async () => {
    const user = await t.signIn('employee');
    const browser = await t.call('POST', '/api/login', { ...right(user.email), remoteAddress: '198.51.100.19' });
    const cookie = String(browser.headers['set-cookie']).split(';')[0];
    const statuses: number[] = [];
    for (let host = 1; host <= 6; host++) {
      for (let i = 0; i < 6; i++) {
        const guess = await t.call('POST', '/api/login', { ...wrong(user.email), remoteAddress: `192.0.2.${host}` });
        statuses.push(guess.status);
      }
    }
    // Five per address, and ten for the account from everywhere (docs/security.md, the account guard).
    expect(statuses.slice(0, 6)).toEqual([422, 422, 422, 422, 422, 429]);
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(await attemptsOf(t.ctx, signInKeys(user.email, '').account)).toBe(10);
    const owner = await t.call('POST', '/api/login', {
      ...right(user.email),
      remoteAddress: '198.51.100.20',
      headers: { cookie },
    });
    expect(owner.status).toBe(200);
    // A browser that never signed in to the account waits, even with the right password.
    const stranger = await t.call('POST', '/api/login', { ...right(user.email), remoteAddress: '198.51.100.21' });
    expect(stranger.status).toBe(429);
    // Even the attacker's address may not try the right password past its limit.
    const attacker = await t.call('POST', '/api/login', { ...right(user.email), remoteAddress: '192.0.2.1' });
    expect(attacker.status).toBe(429);
  });

  it('counts 40 parallel wrong guesses as 40 and checks no more than the limit', async () => {
    const user = await t.signIn('missionary');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.call('POST', '/api/login', { ...wrong(user.email), remoteAddress: '192.0.2.77' }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(await attemptsOf(t.ctx, signInKeys(user.email, '192.0.2.77').pair)).toBe(40);
    expect(await attemptsOf(t.ctx, signInKeys(user.email, '192.0.2.77').address)).toBe(40);
  });

  it('a successful sign-in does not count as a failure', async () => {
    const user = await t.signIn('missionary');
    for (let i = 0; i < 10; i++) {
      expect((await t.call('POST', '/api/login', { ...right(user.email), remoteAddress: '192.0.2.90' })).status).toBe(
        200,
      );
    }
    expect(await attemptsOf(t.ctx, signInKeys(user.email, '192.0.2.90').pair)).toBe(0);
    expect(await attemptsOf(t.ctx, signInKeys(user.email, '192.0.2.90').account)).toBe(0);
  });
});

describe('sessions end when a password changes (decision 16)', () => {
  async function secondSession(email: string, password = TEST_PASSWORD) {
    const login = await t.call('POST', '/api/login', { json: { email, password } });
    expect(login.status).toBe(200);
    return login.body.api_token as string;
  }
  const me = (id: number, token: string) => t.call('GET', `/api/user/${id}`, { token });

  it('an admin setting the password ends every session of that user and mails them', async () => {
    const admin = await t.signIn('admin');
    const user = await t.signIn('missionary');
    const phone = await secondSession(user.email);
    const set = await t.call('PATCH', `/api/user/${user.id}/update-password`, {
      token: admin.token,
      json: { password: 'set-by-admin', password_confirmation: 'set-by-admin' },
    });
    expect(set.status).toBe(200);
    expect((await me(user.id, user.token)).status).toBe(401);
    expect((await me(user.id, phone)).status).toBe(401);
    expect((await me(admin.id, admin.token)).status).toBe(200);
    const [mail] = await mailTo(user.email);
    expect(mail).toContain('An administrator');
  });

  it('changing one’s own password ends the other sessions, keeps this one, and mails the user', async () => {
    const user = await t.signIn('employee');
    const other = await secondSession(user.email);
    const changed = await t.call('PATCH', `/api/user/${user.id}/update-password`, {
      token: user.token,
      json: { current_password: TEST_PASSWORD, password: 'my-own-pass', password_confirmation: 'my-own-pass' },
    });
    expect(changed.status).toBe(200);
    expect((await me(user.id, other)).status).toBe(401);
    expect((await me(user.id, user.token)).status).toBe(200);
    const [mail] = await mailTo(user.email);
    expect(mail).toContain('was just changed');
  });

  it('needs the current password; repeated wrong ones get 429', async () => {
    const user = await t.signIn('missionary');
    const missing = await t.call('PATCH', `/api/user/${user.id}/update-password`, {
      token: user.token,
      json: { password: 'new-pass-1', password_confirmation: 'new-pass-1' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.current_password).toEqual(['Current password is required.']);
    const guess = { current_password: 'guess', password: 'new-pass-1', password_confirmation: 'new-pass-1' };
    for (let i = 0; i < 5; i++) {
      const answer = await t.call('PATCH', `/api/user/${user.id}/update-password`, { token: user.token, json: guess });
      expect(answer.status).toBe(422);
    }
    const sixth = await t.call('PATCH', `/api/user/${user.id}/update-password`, { token: user.token, json: guess });
    expect(sixth.status).toBe(429);
  });

  it('a reset ends every session', async () => {
    const user = await t.signIn('admin');
    const other = await secondSession(user.email);
    await t.call('POST', '/api/password/email', { json: { email: user.email } });
    const [mail] = await mailTo(user.email);
    const token = /reset-password\/([\w-]+)/.exec(mail)![1];
    const reset = await t.call('POST', '/api/password/reset', {
      json: { email: user.email, password: 'after-reset', password_confirmation: 'after-reset', token },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(MESSAGES.passwordReset);
    expect((await me(user.id, user.token)).status).toBe(401);
    expect((await me(user.id, other)).status).toBe(401);
  });
});
