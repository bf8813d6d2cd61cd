import { MESSAGES } from '../../domain/messages';
import { createTestApp, type TestApp } from '../test-support/harness';
import { RESET_MAILS_PER_ADDRESS } from './password-reset';

/**
 * Reset mail to one address (docs/security.md, "Password reset"): at most 3 an hour, whatever the
 * client addresses asking; the answer is the same whether a mail went, and whether the account exists.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_THROTTLE_LIMIT: '5' } });
});
afterAll(() => t.close());

const unwrap = (mail: string) => mail.replace(/=\r?\n/g, '');
const resetMails = async (email: string) =>
  (await t.outbox()).map(unwrap).filter((m) => m.includes(`To: ${email}`) && m.includes('/reset-password/'));
const ask = (email: string, host: number) =>
  t.call('POST', '/api/password/email', { json: { email }, remoteAddress: `192.0.2.${host}` });

describe('reset mail to one address', () => {
  it('15 requests from 15 addresses mail 3 times in the hour, answering each the same', async () => {
    const user = await t.signIn('missionary');
    const answers = [];
    for (let host = 1; host <= 15; host++) answers.push(await ask(user.email, host));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, message: MESSAGES.emailSent });
    }
    expect(await resetMails(user.email)).toHaveLength(RESET_MAILS_PER_ADDRESS);
    // The address in another case is the same address.
    expect((await ask(user.email.toUpperCase(), 16)).status).toBe(200);
    expect(await resetMails(user.email)).toHaveLength(3);
    // An hour on, mail goes again.
    t.clock.advance(60 * 60_000 + 1);
    expect((await ask(user.email, 17)).status).toBe(200);
    expect(await resetMails(user.email)).toHaveLength(4);
  });

  it('an unknown address answers exactly as a known one, before and past the limit', async () => {
    const user = await t.signIn('missionary');
    const unknown = 'nobody-here@example.org';
    for (let i = 0; i < 5; i++) {
      const known = await ask(user.email, 40 + i);
      const none = await ask(unknown, 50 + i);
      expect(none.status).toBe(known.status);
      expect(none.body).toEqual(known.body);
      expect(Object.keys(none.headers).sort()).toEqual(Object.keys(known.headers).sort());
    }
    expect(await resetMails(user.email)).toHaveLength(3);
    expect(await resetMails(unknown)).toHaveLength(0);
  });

  it('the last mailed link still works after the limit is reached', async () => {
    const user = await t.signIn('employee');
    for (let host = 60; host < 66; host++) await ask(user.email, host);
    const mails = await resetMails(user.email);
    const token = /reset-password\/([\w-]+)/.exec(mails[mails.length - 1])![1];
    const reset = await t.call('POST', '/api/password/reset', {
      json: { email: user.email, password: 'after-reset', password_confirmation: 'after-reset', token },
    });
    expect(reset.status).toBe(200);
  });
});
