import { createTestApp, TEST_PASSWORD, type TestApp } from '../test-support/harness';
import { totpCode } from './totp';

/** "Require a second factor for administrators" (decision 16): what the server lets through. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const policy = (token: string | null, json: unknown) => t.call('PATCH', '/api/second-factor/policy', { token, json });

async function enrol(token: string) {
  const { body } = await t.call('POST', '/api/account/totp', { token });
  const confirmed = await t.call('POST', '/api/account/totp/confirm', {
    token,
    json: { code: totpCode(body.secret, t.clock.now()) },
  });
  expect(confirmed.status).toBe(200);
  t.clock.advance(30_000);
  return body.secret as string;
}

describe('the administrators’ second-factor setting', () => {
  it('PATCH: 401 signed out, 403 for staff who are not admins, 422 for a non-boolean', async () => {
    const employee = await t.signIn('employee');
    const admin = await t.signIn('admin');
    expect((await policy(null, { require_for_admins: true })).status).toBe(401);
    expect((await policy(employee.token, { require_for_admins: true })).status).toBe(403);
    const bad = await policy(admin.token, { require_for_admins: 'sometimes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.require_for_admins).toEqual(['Require for admins must be true or false.']);
  });

  it('409 when the admin turning it on has no second factor of their own', async () => {
    const admin = await t.signIn('admin');
    const refused = await policy(admin.token, { require_for_admins: true });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('Set up your own authenticator app first');
    expect((await t.call('GET', '/api/second-factor/policy', { token: admin.token })).body).toEqual({
      require_for_admins: false,
    });
  });

  it('when on, an admin without TOTP reaches only the enrolment routes until they enrol', async () => {
    const boss = await t.signIn('admin');
    await enrol(boss.token);
    expect((await policy(boss.token, { require_for_admins: true })).body).toEqual({ require_for_admins: true });
    // The admin who turned it on keeps working: their session proved a second factor.
    expect((await t.call('GET', '/api/user', { token: boss.token })).status).toBe(200);

    const other = await t.signIn('admin');
    const signedIn = await t.call('POST', '/api/login', { json: { email: other.email, password: TEST_PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.second_factor_setup_required).toBe(true);
    const token = signedIn.body.api_token as string;
    const blocked = await t.call('GET', '/api/user', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.message).toContain('Administrators must set up a second factor first');
    // Even the admin's older sessions are held back (the harness's token had no second factor).
    expect((await t.call('GET', '/api/settings', { token: other.token })).status).toBe(403);
    const status = await t.call('GET', '/api/account/second-factor', { token });
    expect(status.body).toMatchObject({ totp: 'off', required: true, enrolment_needed: true });
    expect((await t.call('POST', '/api/token', { json: { api_token: token } })).body.second_factor_setup_required).toBe(
      true,
    );

    await enrol(token);
    expect((await t.call('GET', '/api/user', { token })).status).toBe(200);
    // Employees and missionaries are not asked.
    const employee = await t.signIn('employee');
    expect((await t.call('GET', '/api/user', { token: employee.token })).status).toBe(200);
    const plain = await t.call('POST', '/api/login', { json: { email: employee.email, password: TEST_PASSWORD } });
    expect(plain.body.second_factor_setup_required).toBe(false);

    expect((await policy(boss.token, { require_for_admins: false })).body).toEqual({ require_for_admins: false });
    expect((await t.call('GET', '/api/settings', { token: other.token })).status).toBe(200);
  });

  it('the setting is not one of the organisation settings the Settings form edits', async () => {
    const admin = await t.signIn('admin');
    const names = (await t.call('GET', '/api/settings', { token: admin.token })).body.map(
      (s: { setting_name: string }) => s.setting_name,
    );
    expect(names).not.toContain('require_admin_second_factor');
  });
});
