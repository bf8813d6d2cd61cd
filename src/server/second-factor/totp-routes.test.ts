import { eq } from 'drizzle-orm';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import { totpCredentials } from '../db/schema';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-support/harness';
import { totpCode } from './totp';
import { sealStoredTotpSecrets } from './totp-service';

/** Decision 16 (docs/decisions.md): TOTP enrolment, sign-in with a code or a recovery code, turning it off. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_THROTTLE_LIMIT: '5' } });
});
afterAll(() => t.close());

const STEP = 30_000;
const login = (email: string, remoteAddress = '127.0.0.1') =>
  t.call('POST', '/api/login', { json: { email, password: TEST_PASSWORD }, remoteAddress });
const second = (challenge_token: string, code: string, remoteAddress = '127.0.0.1') =>
  t.call('POST', '/api/login/second-factor', { json: { challenge_token, code }, remoteAddress });

/** A user with TOTP on: their secret and recovery codes. */
async function enrolled(role: 'admin' | 'employee' | 'missionary' = 'employee') {
  const user = await t.signIn(role);
  const started = await t.call('POST', '/api/account/totp', { token: user.token });
  const secret: string = started.body.secret;
  const confirmed = await t.call('POST', '/api/account/totp/confirm', {
    token: user.token,
    json: { code: totpCode(secret, t.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  t.clock.advance(STEP); // the next code is a new step
  return { ...user, secret, recovery: confirmed.body.recovery_codes as string[] };
}

describe('enrolment', () => {
  it('POST /account/totp: a secret, its otpauth:// address and a QR code; 401 without a session', async () => {
    const user = await t.signIn('missionary');
    expect((await t.call('POST', '/api/account/totp')).status).toBe(401);
    const started = await t.call('POST', '/api/account/totp', { token: user.token });
    expect(started.status).toBe(200);
    expect(started.body.secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits in base32: 32 characters
    expect(started.body.otpauth_url).toContain(`secret=${started.body.secret}`);
    expect(started.body.qr_svg).toMatch(/^<svg/);
    const status = await t.call('GET', '/api/account/second-factor', { token: user.token });
    expect(status.body).toMatchObject({ totp: 'pending', recovery_codes_left: 0, required: false });
  });

  it('confirm: 409 before starting, 422 for a wrong or missing code, then 10 recovery codes once', async () => {
    const user = await t.signIn('employee');
    const confirm = (code: unknown) =>
      t.call('POST', '/api/account/totp/confirm', { token: user.token, json: { code } });
    expect((await confirm('123456')).status).toBe(409);
    const { body } = await t.call('POST', '/api/account/totp', { token: user.token });
    const wrong = await confirm(totpCode(body.secret, new Date(t.clock.now().getTime() + 10 * STEP)));
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual(['The code is not correct.']);
    expect((await confirm('')).body.errors.code).toEqual(['Code is required.']);
    const right = await confirm(totpCode(body.secret, t.clock.now()));
    expect(right.status).toBe(200);
    expect(right.body.recovery_codes).toHaveLength(10);
    for (const code of right.body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(new Set(right.body.recovery_codes).size).toBe(10);
    const status = await t.call('GET', '/api/account/second-factor', { token: user.token });
    expect(status.body).toMatchObject({ totp: 'on', recovery_codes_left: 10 });
    // On is on: neither starting again nor confirming again.
    expect((await t.call('POST', '/api/account/totp', { token: user.token })).status).toBe(409);
    expect((await confirm(totpCode(body.secret, t.clock.now()))).status).toBe(409);
    // Only hashes are stored: no recovery code appears in the table.
    const stored = JSON.stringify(await t.snapshot(['recovery_codes']));
    for (const code of right.body.recovery_codes) expect(stored).not.toContain(code.replace('-', ''));
  });
});

describe('sign-in with TOTP on', () => {
  it('the password alone gives a 202 step, not a session; the code finishes it', async () => {
    const user = await enrolled();
    const first = await login(user.email);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      second_factor_required: true,
      challenge_token: expect.any(String),
      message: 'Enter the code from your authenticator app, or a recovery code.',
    });
    expect(first.body.api_token).toBeUndefined();
    // The step token is no session.
    expect((await t.call('GET', '/api/account/second-factor', { token: first.body.challenge_token })).status).toBe(401);
    const wrong = await second(first.body.challenge_token, '000000');
    expect(wrong.status).toBe(422);
    const done = await second(first.body.challenge_token, totpCode(user.secret, t.clock.now()));
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: user.id, second_factor_setup_required: false });
    expect((await t.call('GET', '/api/account/second-factor', { token: done.body.api_token })).status).toBe(200);
    // The step works once.
    expect((await second(first.body.challenge_token, totpCode(user.secret, t.clock.now()))).status).toBe(401);
  });

  it('a code is not taken twice (replay), and the next step’s code works', async () => {
    const user = await enrolled();
    const code = totpCode(user.secret, t.clock.now());
    expect((await second((await login(user.email)).body.challenge_token, code)).status).toBe(200);
    expect((await second((await login(user.email)).body.challenge_token, code)).status).toBe(422);
    t.clock.advance(STEP);
    const next = totpCode(user.secret, t.clock.now());
    expect((await second((await login(user.email)).body.challenge_token, next)).status).toBe(200);
  });

  it('the step expires after 5 minutes (401), and an unknown step is 401', async () => {
    const user = await enrolled();
    const step = await login(user.email);
    t.clock.advance(5 * 60_000 + 1);
    const late = await second(step.body.challenge_token, totpCode(user.secret, t.clock.now()));
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('This sign-in step has expired. Sign in again.');
    expect((await second('not-a-step', '123456')).status).toBe(401);
    expect((await second('', '123456')).status).toBe(422);
  });

  it('a recovery code works once', async () => {
    const user = await enrolled();
    const [code] = user.recovery;
    const used = await second((await login(user.email)).body.challenge_token, code.toUpperCase());
    expect(used.status).toBe(200);
    const again = await second((await login(user.email)).body.challenge_token, code);
    expect(again.status).toBe(422);
    const status = await t.call('GET', '/api/account/second-factor', { token: used.body.api_token });
    expect(status.body.recovery_codes_left).toBe(9);
  });

  it('wrong codes are throttled like passwords; the fifth wrong code ends the step', async () => {
    const user = await enrolled();
    // The owner's browser completed a sign-in before: it holds the account's device cookie.
    const before = await login(user.email, '198.51.100.7');
    const done = await second(before.body.challenge_token, totpCode(user.secret, t.clock.now()), '198.51.100.7');
    const cookie = String(done.headers['set-cookie']).split(';')[0];
    t.clock.advance(STEP);
    const from = '203.0.113.9';
    const step = await login(user.email, from);
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push((await second(step.body.challenge_token, '000000', from)).status);
    expect(answers).toEqual([422, 422, 422, 422, 401, 401]);
    // Even the right code, on a new step, waits out the window from that address…
    const again = await login(user.email, from);
    expect((await second(again.body.challenge_token, totpCode(user.secret, t.clock.now()), from)).status).toBe(429);
    // …while the owner, from their own browser, still gets in.
    const own = await login(user.email, '198.51.100.7');
    const ok = await t.call('POST', '/api/login/second-factor', {
      json: { challenge_token: own.body.challenge_token, code: totpCode(user.secret, t.clock.now()) },
      remoteAddress: '198.51.100.7',
      headers: { cookie },
    });
    expect(ok.status).toBe(200);
  });

  it('parallel wrong codes count one each: 12 at once, at most 5 checked', async () => {
    const user = await enrolled();
    const from = '203.0.113.44';
    const step = await login(user.email, from);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => second(step.body.challenge_token, '000000', from)),
    );
    // Four answer "not correct", the fifth ends the step; the others are not checked (429 past the
    // address's limit, or 401 once the step is over).
    expect(answers.filter((a) => a.status === 422)).toHaveLength(4);
    expect(answers.filter((a) => a.body.message === SECOND_FACTOR_MESSAGES.stepEnded)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401 || a.status === 429)).toHaveLength(8);
  });
});

describe('turning TOTP off', () => {
  it('needs the password and a code: 401, 422, 422, then 200; 409 when already off', async () => {
    const user = await enrolled('missionary');
    const off = (json: unknown, token: string | null = user.token) =>
      t.call('DELETE', '/api/account/totp', { token, json });
    const code = () => totpCode(user.secret, t.clock.now());
    expect((await off({ password: TEST_PASSWORD, code: code() }, null)).status).toBe(401);
    const badPassword = await off({ password: 'wrong-password', code: code() });
    expect(badPassword.status).toBe(422);
    expect(badPassword.body.errors.password).toBeDefined();
    expect((await off({ password: TEST_PASSWORD, code: '000000' })).body.errors.code).toEqual([
      'The code is not correct.',
    ]);
    expect((await off({})).status).toBe(422);
    const done = await off({ password: TEST_PASSWORD, code: user.recovery[3] });
    expect(done.status).toBe(200);
    expect((await off({ password: TEST_PASSWORD, code: code() })).status).toBe(409);
    // The password alone signs in again.
    const plain = await login(user.email);
    expect(plain.status).toBe(200);
    expect(plain.body.api_token).toEqual(expect.any(String));
  });
});

describe('secrets at rest', () => {
  it('stores the secret encrypted, never as the base32 the app was shown', async () => {
    const user = await enrolled('employee');
    const [row] = await t.ctx.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id));
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(user.secret);
    const first = await login(user.email);
    expect((await second(first.body.challenge_token, totpCode(user.secret, t.clock.now()))).status).toBe(200);
  });

  it('a secret stored before encryption still works, is sealed when read, and at start', async () => {
    const user = await enrolled('employee');
    await t.ctx.db.update(totpCredentials).set({ secret: user.secret }).where(eq(totpCredentials.userId, user.id));
    const first = await login(user.email);
    expect((await second(first.body.challenge_token, totpCode(user.secret, t.clock.now()))).status).toBe(200);
    const [row] = await t.ctx.db.select().from(totpCredentials).where(eq(totpCredentials.userId, user.id));
    expect(row.secret).toMatch(/^v1:/);

    const other = await enrolled('missionary');
    await t.ctx.db.update(totpCredentials).set({ secret: other.secret }).where(eq(totpCredentials.userId, other.id));
    expect(await sealStoredTotpSecrets(t.ctx.db, t.ctx.config)).toBe(1);
    const [sealed] = await t.ctx.db.select().from(totpCredentials).where(eq(totpCredentials.userId, other.id));
    expect(sealed.secret).toMatch(/^v1:/);
    t.clock.advance(STEP);
    const again = await login(other.email);
    expect((await second(again.body.challenge_token, totpCode(other.secret, t.clock.now()))).status).toBe(200);
  });
});
