import { createTestApp, type TestApp } from '../test-support/harness';
import { SoftAuthenticator } from '../test-support/soft-authenticator';
import { relyingParty } from './passkeys';

/** Passkeys (decision 16): register, list, remove; sign in with one instead of the password. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://office.example.org' } });
});
afterAll(() => t.close());

const RP = { rpID: 'office.example.org', origin: 'https://office.example.org' };

async function register(token: string, key = new SoftAuthenticator(RP.rpID, RP.origin), name = 'Laptop') {
  const started = await t.call('POST', '/api/account/passkeys/options', { token });
  expect(started.status).toBe(200);
  const done = await t.call('POST', '/api/account/passkeys', {
    token,
    json: { challenge_token: started.body.challenge_token, name, response: key.register(started.body.options) },
  });
  return { key, done, started };
}

async function signIn(key: SoftAuthenticator, email?: string) {
  const options = await t.call('POST', '/api/login/passkey/options', { json: email ? { email } : {} });
  expect(options.status).toBe(200);
  return t.call('POST', '/api/login/passkey', {
    json: { challenge_token: options.body.challenge_token, response: key.signIn(options.body.options) },
  });
}

describe('relying party', () => {
  it('is PUBLIC_URL’s host and origin, else http://localhost:{PORT}', () => {
    expect(relyingParty({ publicUrl: 'https://office.example.org', port: 3000 })).toMatchObject(RP);
    expect(relyingParty({ publicUrl: null, port: 4103 })).toMatchObject({
      rpID: 'localhost',
      origin: 'http://localhost:4103',
    });
  });
});

describe('registering a passkey', () => {
  it('options name this site and the user; the answer is kept under its name and listed (201)', async () => {
    const user = await t.signIn('missionary');
    const { done, started } = await register(user.token, undefined, 'Phone');
    expect(started.body.options).toMatchObject({ rp: { id: RP.rpID, name: 'Sheepfold' }, user: { name: user.email } });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ name: 'Phone', last_used_at: null });
    const list = await t.call('GET', '/api/account/passkeys', { token: user.token });
    expect(list.body).toEqual([done.body]);
  });

  it('401 signed out; 422 without a name, for a forged answer, for another site, or a spent step', async () => {
    const user = await t.signIn('employee');
    expect((await t.call('POST', '/api/account/passkeys/options')).status).toBe(401);
    expect((await t.call('GET', '/api/account/passkeys')).status).toBe(401);
    const started = await t.call('POST', '/api/account/passkeys/options', { token: user.token });
    const key = new SoftAuthenticator(RP.rpID, RP.origin);
    const body = (response: unknown, name = 'Key') => ({
      token: user.token,
      json: { challenge_token: started.body.challenge_token, name, response },
    });
    const noName = await t.call('POST', '/api/account/passkeys', body(key.register(started.body.options), ''));
    expect(noName.body.errors.name).toEqual(['Name is required.']);
    const forged = key.register({ challenge: 'not-the-challenge' });
    expect((await t.call('POST', '/api/account/passkeys', body(forged))).body.errors.response).toEqual([
      'The passkey could not be verified. Try again.',
    ]);
    const elsewhere = new SoftAuthenticator('evil.example', 'https://evil.example').register(started.body.options);
    expect((await t.call('POST', '/api/account/passkeys', body(elsewhere))).status).toBe(422);
    const garbage = {
      id: 'x',
      rawId: 'x',
      type: 'public-key',
      response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
    };
    expect((await t.call('POST', '/api/account/passkeys', body(garbage))).status).toBe(422);
    expect((await t.call('POST', '/api/account/passkeys', body({ id: 5 }))).status).toBe(422);
    const ok = await t.call('POST', '/api/account/passkeys', body(key.register(started.body.options)));
    expect(ok.status).toBe(201);
    const again = await t.call('POST', '/api/account/passkeys', body(key.register(started.body.options)));
    expect(again.body.errors.challenge_token).toEqual(['This registration has expired. Start again.']);
  });

  it('409 when the same authenticator credential is registered twice', async () => {
    const user = await t.signIn('employee');
    const { key } = await register(user.token);
    const { done } = await register(user.token, key);
    expect(done.status).toBe(409);
  });

  it('DELETE: your own passkey goes (200); another user’s or an unknown one is 404; 401 signed out', async () => {
    const owner = await t.signIn('missionary');
    const other = await t.signIn('admin');
    const { done, key } = await register(owner.token);
    const url = `/api/account/passkeys/${done.body.id}`;
    expect((await t.call('DELETE', url)).status).toBe(401);
    expect((await t.call('DELETE', url, { token: other.token })).status).toBe(404);
    expect((await t.call('DELETE', url, { token: owner.token })).status).toBe(200);
    expect((await t.call('DELETE', url, { token: owner.token })).status).toBe(404);
    expect((await t.call('GET', '/api/account/passkeys', { token: owner.token })).body).toEqual([]);
    // A removed passkey signs no one in.
    expect((await signIn(key)).status).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('username-less or after the email: a session that counts as two factors', async () => {
    const user = await t.signIn('admin');
    const { key } = await register(user.token);
    const plain = await signIn(key);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ id: user.id, email: user.email, api_token: expect.any(String) });
    const named = await signIn(key, user.email.toUpperCase());
    expect(named.status).toBe(200);
    const list = await t.call('GET', '/api/account/passkeys', { token: named.body.api_token });
    expect(list.body[0].last_used_at).not.toBeNull();
  });

  it('with an email the options list that account’s passkeys; an unknown email looks like none', async () => {
    const user = await t.signIn('employee');
    const { key } = await register(user.token);
    const mine = await t.call('POST', '/api/login/passkey/options', { json: { email: user.email } });
    expect(mine.body.options.allowCredentials).toEqual([expect.objectContaining({ id: key.id })]);
    const unknown = await t.call('POST', '/api/login/passkey/options', { json: { email: 'nobody@example.org' } });
    expect(unknown.body.options.allowCredentials).toEqual([]);
    expect((await t.call('POST', '/api/login/passkey/options', { json: { email: 'x'.repeat(300) } })).status).toBe(422);
  });

  it('401 for an unknown key, a wrong signature, a spent or expired step; 422 for a malformed answer', async () => {
    const user = await t.signIn('missionary');
    const { key } = await register(user.token);
    const stranger = new SoftAuthenticator(RP.rpID, RP.origin);
    expect((await signIn(stranger)).status).toBe(401);
    const options = await t.call('POST', '/api/login/passkey/options', { json: {} });
    const answer = key.signIn(options.body.options);
    const tampered = { ...answer, response: { ...answer.response, signature: answer.response.signature.slice(2) } };
    const send = (response: unknown, token = options.body.challenge_token) =>
      t.call('POST', '/api/login/passkey', { json: { challenge_token: token, response } });
    expect((await send(tampered)).status).toBe(401);
    expect((await send(answer)).status).toBe(200);
    expect((await send(key.signIn(options.body.options))).status).toBe(401); // the step is spent
    const late = await t.call('POST', '/api/login/passkey/options', { json: {} });
    t.clock.advance(5 * 60_000 + 1);
    expect((await send(key.signIn(late.body.options), late.body.challenge_token)).status).toBe(401);
    expect((await send({ id: '', type: 'public-key' })).status).toBe(422);
    expect((await t.call('POST', '/api/login/passkey', { json: {} })).status).toBe(422);
  });

  it('a passkey session satisfies the administrators’ second-factor setting', async () => {
    const boss = await t.signIn('admin');
    const { key } = await register(boss.token);
    const session = (await signIn(key)).body.api_token;
    // The setting needs TOTP of the admin who turns it on; the session test is what matters here.
    await t.ctx.db.execute(
      "insert into settings (setting_name, setting_value) values ('require_admin_second_factor', '1') on conflict (setting_name) do update set setting_value = '1'",
    );
    try {
      expect((await t.call('GET', '/api/user', { token: session })).status).toBe(200);
      expect((await t.call('GET', '/api/user', { token: boss.token })).status).toBe(403);
    } finally {
      await t.ctx.db.execute(
        "update settings set setting_value = '0' where setting_name = 'require_admin_second_factor'",
      );
    }
  });
});
