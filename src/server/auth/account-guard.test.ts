import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { ACCOUNT_GUARD } from '../../domain/auth/account-guard';
import { SECOND_FACTOR_MESSAGES } from '../../domain/second-factor/messages';
import { ACCOUNT_LOCKED_MESSAGE } from '../../domain/sign-in-messages';
import { authThrottle } from '../db/schema';
import { totpCode } from '../second-factor/totp';
import { createTestApp, type SignedIn, TEST_PASSWORD, type TestApp } from '../test-support/harness';
import { signInKeys } from './login';

/**
 * The account guard (docs/security.md, "Guessing per account"): at most 10 wrong passwords and 5 wrong
 * codes are checked per account in 15 minutes whatever the addresses; then only a browser holding the
 * account's device cookie is let through; the owner is mailed once per lock; a second-factor step
 * ends after its fifth wrong code.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_THROTTLE_LIMIT: '5' } });
});
afterAll(() => t.close());

const STEP = 30_000;
const WINDOW = ACCOUNT_GUARD.windowMinutes * 60_000;
const unwrap = (mail: string) => mail.replace(/=\r?\n/g, '');
const lockMails = async (email: string) =>
  (await t.outbox()).map(unwrap).filter((m) => m.includes(`To: ${email}`) && m.includes('was locked'));

function password(email: string, right: boolean, from: string, cookie?: string) {
  return t.call('POST', '/api/login', {
    json: { email, password: right ? TEST_PASSWORD : 'not-the-password' },
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
  });
}
function code(challenge_token: string, value: string, from: string, cookie?: string) {
  return t.call('POST', '/api/login/second-factor', {
    json: { challenge_token, code: value },
    remoteAddress: from,
    headers: cookie ? { cookie } : {},
  });
}
/** The `name=value` of a Set-Cookie header, as a browser sends it back. */
function cookieOf(headers: Record<string, unknown>): string {
  const set = String(headers['set-cookie'] ?? '');
  expect(set).toMatch(/^sheepfold_device_\d+=/);
  return set.split(';')[0];
}
/** A browser that signed in to the account: its device cookie. */
async function ownersBrowser(user: SignedIn) {
  const signedIn = await password(user.email, true, '198.51.100.1');
  expect(signedIn.status).toBe(200);
  return cookieOf(signedIn.headers);
}

/** A user with TOTP on; the owner's browser completed a two-step sign-in and holds the cookie. */
async function withTotp() {
  const user = await t.signIn('employee');
  const started = await t.call('POST', '/api/account/totp', { token: user.token });
  const secret: string = started.body.secret;
  const confirm = { token: user.token, json: { code: totpCode(secret, t.clock.now()) } };
  expect((await t.call('POST', '/api/account/totp/confirm', confirm)).status).toBe(200);
  t.clock.advance(STEP);
  const step = await password(user.email, true, '198.51.100.1');
  expect(step.status).toBe(202);
  const done = await code(step.body.challenge_token, totpCode(secret, t.clock.now()), '198.51.100.1');
  expect(done.status).toBe(200);
  t.clock.advance(STEP);
  const now = () => totpCode(secret, t.clock.now());
  // A code of a step far away: never accepted now.
  const wrong = () => totpCode(secret, new Date(t.clock.now().getTime() + 1000 * STEP));
  return { user, cookie: cookieOf(done.headers), now, wrong };
}

describe('the device cookie', () => {
  it('is set by a completed sign-in: HttpOnly, SameSite=Strict, one year, only for the sign-in routes', async () => {
    const user = await t.signIn('missionary');
    const signedIn = await password(user.email, true, '198.51.100.1');
    const set = String(signedIn.headers['set-cookie']);
    expect(set).toMatch(new RegExp(`^sheepfold_device_${user.id}=${user.id}\\.\\d+\\.[\\w-]{43}; `));
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Strict');
    expect(set).toContain(`Max-Age=${365 * 24 * 3600}`);
    expect(set).toContain('Path=/api/login');
    // A wrong password sets none.
    expect((await password(user.email, false, '198.51.100.1')).headers['set-cookie']).toBeUndefined();
  });
});

describe('wrong passwords from many addresses', () => {
  it('150 from 30 addresses: 10 checked, then 429 saying so; one mail; the owner’s browser gets in', async () => {
    const user = await t.signIn('employee');
    const owner = await ownersBrowser(user);
    const statuses: number[] = [];
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, host) => password(user.email, false, `192.0.2.${host + 1}`)),
      );
      for (const answer of answers) {
        statuses.push(answer.status);
        if (answer.status === 429) expect(answer.body.message).toBe(ACCOUNT_LOCKED_MESSAGE);
      }
    }
    expect(statuses.filter((s) => s === 422)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(140);
    // The right password from a browser without the cookie waits too…
    const stranger = await password(user.email, true, '203.0.113.50');
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe(ACCOUNT_LOCKED_MESSAGE);
    // …the owner's browser, from any address (even a guessing one), gets in.
    expect((await password(user.email, true, '192.0.2.1', owner)).status).toBe(200);
    expect((await password(user.email, true, '203.0.113.51', owner)).status).toBe(200);
    // A cookie of another account, or a forged one, is no key.
    const other = await ownersBrowser(await t.signIn('missionary'));
    const forged = `sheepfold_device_${user.id}=${user.id}.1700000000.${'A'.repeat(43)}`;
    for (const cookie of [other, other.replace(/^sheepfold_device_\d+/, `sheepfold_device_${user.id}`), forged]) {
      expect((await password(user.email, true, '203.0.113.52', cookie)).status).toBe(429);
    }
    const mails = await lockMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('10 wrong passwords within 15 minutes');
    // After the window anyone with the password gets in again.
    t.clock.advance(WINDOW + 1);
    expect((await password(user.email, true, '203.0.113.50')).status).toBe(200);
  });

  it('40 at once from 40 addresses: exactly 10 checked', async () => {
    const user = await t.signIn('missionary');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, host) => password(user.email, false, `192.0.2.${100 + host}`)),
    );
    expect(answers.filter((a) => a.status === 422)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(30);
    expect(await lockMails(user.email)).toHaveLength(1);
  });

  it('a guesser behind the owner’s address does not keep the owner’s browser out', async () => {
    const user = await t.signIn('employee');
    const owner = await ownersBrowser(user);
    for (let i = 0; i < 5; i++) expect((await password(user.email, false, '198.51.100.1')).status).toBe(422);
    expect((await password(user.email, false, '198.51.100.1')).status).toBe(429);
    expect((await password(user.email, true, '198.51.100.1', owner)).status).toBe(200);
  });
});

describe('wrong second-factor codes', () => {
  it('125 on one step from 25 addresses: the step ends after 5 (401); 5 checked per account', async () => {
    const { user, cookie, now, wrong } = await withTotp();
    const step = await password(user.email, true, '203.0.113.7', cookie);
    expect(step.status).toBe(202);
    const answers = await Promise.all(
      Array.from({ length: 125 }, (_, i) => code(step.body.challenge_token, wrong(), `192.0.2.${(i % 25) + 1}`)),
    );
    // Four wrong codes answer 422, the fifth ends the step (401); none of the others is checked.
    expect(answers.filter((a) => a.status === 422)).toHaveLength(4);
    const ended = answers.filter((a) => a.body.message === SECOND_FACTOR_MESSAGES.stepEnded);
    expect(ended.length).toBeGreaterThanOrEqual(1);
    expect(answers.filter((a) => a.status === 422 || a.status === 401 || a.status === 429)).toHaveLength(125);
    // The fifth wrong code ended the step: the right code no longer works on it.
    expect((await code(step.body.challenge_token, now(), '203.0.113.7', cookie)).status).toBe(401);

    // A new step (the password is known): the account has had its 5 wrong codes, strangers are locked out.
    const next = await password(user.email, true, '203.0.113.8');
    expect(next.status).toBe(202);
    const more = [];
    for (let i = 0; i < 3; i++) more.push(await code(next.body.challenge_token, wrong(), `192.0.2.${30 + i}`));
    expect(more.map((a) => a.status)).toEqual([429, 429, 429]);
    expect(more[0].body.message).toBe(ACCOUNT_LOCKED_MESSAGE);
    expect((await code(next.body.challenge_token, now(), '203.0.113.8')).status).toBe(429);
    // The owner's browser gets in with the right code.
    const own = await password(user.email, true, '203.0.113.9', cookie);
    expect((await code(own.body.challenge_token, now(), '203.0.113.9', cookie)).status).toBe(200);
    const mails = await lockMails(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('someone knows your password');
  });
});

/**
 * The property (docs/security.md): random interleavings of right and wrong passwords and codes from
 * random addresses with and without the device cookie, the clock moving on. Never more than 10 wrong
 * passwords or 5 wrong codes checked per account and window from browsers without the cookie; the
 * owner's browser with the right answer always gets in; one mail per lock.
 */
describe('the account guard over random interleavings (property, through the API)', () => {
  // Mostly strangers' wrong guesses in bursts, so windows fill up; now and then a long pause.
  const tryArb = fc.record({
    kind: fc.constantFrom('password', 'code'),
    right: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    device: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    host: fc.integer({ min: 1, max: 30 }),
    waitMs: fc.oneof(
      { arbitrary: fc.constant(0), weight: 6 },
      { arbitrary: fc.nat({ max: 60_000 }), weight: 3 },
      { arbitrary: fc.nat({ max: 16 * 60_000 }), weight: 1 },
    ),
  });

  it('holds', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(tryArb, { minLength: 10, maxLength: 40 }), async (tries) => {
        const account = await withTotp();
        const { email } = account.user;
        const failures = new Map<string, number>();
        const locks = new Set<string>();
        let ownerMistakes = 0;
        for (const attempt of tries) {
          // The owner mistypes now and then, never past their own browser's limit.
          const right = attempt.right || (attempt.device && ownerMistakes >= 3);
          // A right code is always of a new step.
          t.clock.advance(attempt.waitMs + (attempt.kind === 'code' && right ? STEP : 0));
          if (attempt.device && !right) ownerMistakes++;
          const cookie = attempt.device ? account.cookie : undefined;
          const from = `192.0.2.${attempt.host}`;
          let answer: Awaited<ReturnType<typeof password>>;
          let key: string;
          if (attempt.kind === 'password') {
            answer = await password(email, right, from, cookie);
            key = signInKeys(email, '').account;
          } else {
            const step = await password(email, true, '198.51.100.1', account.cookie);
            expect(step.status).toBe(202);
            answer = await code(step.body.challenge_token, right ? account.now() : account.wrong(), from, cookie);
            key = `second-factor:${account.user.id}`;
          }
          const [row] = await t.ctx.db.select().from(authThrottle).where(eq(authThrottle.key, key));
          const window = `${attempt.kind}@${row?.windowStartedAt.getTime()}`;
          if (attempt.device && right) expect(answer.status).toBe(attempt.kind === 'password' ? 202 : 200);
          if (answer.status === 422 && !attempt.device) failures.set(window, (failures.get(window) ?? 0) + 1);
          if (answer.status === 429 && answer.body.message === ACCOUNT_LOCKED_MESSAGE) locks.add(window);
          expect([200, 202, 422, 429]).toContain(answer.status);
        }
        for (const [window, count] of failures) {
          const cap = window.startsWith('password') ? ACCOUNT_GUARD.passwordFailures : ACCOUNT_GUARD.codeFailures;
          expect(count).toBeLessThanOrEqual(cap);
        }
        expect(await lockMails(email)).toHaveLength(locks.size);
      }),
      { numRuns: 8 },
    );
  }, 240_000);
});
