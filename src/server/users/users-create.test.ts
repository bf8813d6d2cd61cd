import { MESSAGES } from '../../domain/messages';
import { expectNoChange, expectStatus } from '../test-support/harness';
import { admin, createViaApi, employee, missionary, t, USER_TABLES, uniqueEmail, unwrap } from './test-office';

describe('POST /api/user', () => {
  it('creates the user with an empty profile from the multipart form the web sends, and mails a welcome', async () => {
    const email = uniqueEmail('naomi');
    const created = await createViaApi({
      name: '  Naomi Bethlehem ',
      email: email.toUpperCase(),
      role: 'missionary',
      missionary_number: 'M-3001',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Naomi Bethlehem',
      email,
      role: 'missionary',
      missionary_number: 'M-3001',
      deleted_at: null,
      unreimbursed_amount: 0,
      profile: { missionary_number: 'M-3001', fica_tax: 0, fund_balance: 0, net_salary: 0, tax_status: null },
    });
    expect(created.body).not.toHaveProperty('password');
    expect(created.body).not.toHaveProperty('password_hash');
    // docs/product.md §2.1: a new account has created_at = updated_at, which marks the first login.
    expect(created.body.created_at).toBe(created.body.updated_at);

    const mails = (await t.outbox()).map(unwrap).filter((mail) => mail.includes(`To: ${email}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('http://office.example:3000/login');
    expect(mails[0]).toMatch(/\/reset-password\/[\w-]{40,}/);
    // The one-time link is enough: no mail carries the password (docs/security.md, "Mail").
    expect(mails[0]).not.toContain('Abc23456');
    expect(mails[0]).not.toMatch(/temporary password/i);

    const login = await t.call('POST', '/api/login', { json: { email, password: 'Abc23456' } });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(created.body.id);
  });

  it('accepts JSON and urlencoded bodies too', async () => {
    const json = await t.call('POST', '/api/user', {
      token: admin.token,
      json: { name: 'Json Person', email: uniqueEmail(), role: 'employee', password: 'pass-word' },
    });
    expect(json.status).toBe(201);
    expect(json.body.missionary_number).toBeNull();
    const form = await t.call('POST', '/api/user', {
      token: admin.token,
      form: { name: 'Form Person', email: uniqueEmail(), role: 'admin', password: 'pass-word' },
    });
    expect(form.status).toBe(201);
    expect(form.body.role).toBe('admin');
  });

  it('never puts a forged baseUrl, Host or X-Forwarded-Host in the welcome mail', async () => {
    const email = uniqueEmail('forged');
    const created = await createViaApi(
      { name: 'Forged Link', email, role: 'missionary', baseUrl: 'https://evil.example' },
      { headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' } },
    );
    expect(created.status).toBe(201);
    const mail = unwrap((await t.outbox()).find((m) => m.includes(`To: ${email}`))!);
    expect(mail).not.toContain('evil.example');
    expect(mail).toContain('http://office.example:3000/login');
    expect(mail).toContain('http://office.example:3000/reset-password/');
  });

  it('without SMTP answers the admin with the one-time sign-in link, which sets the password once', async () => {
    const email = uniqueEmail('link');
    const created = await createViaApi({ name: 'Link Person', email, role: 'missionary' });
    expect(created.status).toBe(201);
    const link: string = created.body.sign_in_link;
    expect(link).toMatch(/^http:\/\/office\.example:3000\/reset-password\/[\w-]{40,}$/);
    const token = link.split('/').at(-1)!;
    const form = { email, password: 'chosen-pass-1', password_confirmation: 'chosen-pass-1', token };
    expect((await t.call('POST', '/api/password/reset', { form })).status).toBe(200);
    expect((await t.call('POST', '/api/password/reset', { form })).status).toBe(422);
    const login = await t.call('POST', '/api/login', { json: { email, password: 'chosen-pass-1' } });
    expect(login.status).toBe(200);
  });

  const existingEmail = () => missionary.email;
  it.each([
    ['a missing name', { name: '' }, 'name', 'Name is required.'],
    ['a missing email', { email: '' }, 'email', 'Email is required.'],
    ['a malformed email', { email: 'ruth-at-moab' }, 'email', 'Email must be a valid email address.'],
    ['a missing role', { role: '' }, 'role', 'Role is required.'],
    ['an unknown role', { role: 'superuser' }, 'role', 'Role must be one of: admin, employee, missionary.'],
    ['the role none', { role: 'none' }, 'role', 'Role must be one of: admin, employee, missionary.'],
    ['a short password', { password: 'abc12' }, 'password', MESSAGES.passwordTooShort],
    ['a missing password', { password: undefined }, 'password', 'Password is required.'],
    [
      'a long Account #',
      { missionary_number: 'x'.repeat(51) },
      'missionary_number',
      'Account # must be at most 50 characters.',
    ],
  ])('refuses %s under the field and changes nothing', async (_case, change, field, message) => {
    const fields: Record<string, string | undefined> = {
      name: 'Valid Name',
      email: uniqueEmail('refused'),
      role: 'missionary',
      password: 'Abc23456',
      ...change,
    };
    const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', '/api/user', { token: admin.token, multipart: body }),
    );
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('refuses an email that exists already, whatever its case, with docs/product.md’s message', async () => {
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', '/api/user', {
        token: admin.token,
        multipart: { name: 'Twin', email: existingEmail().toUpperCase(), role: 'missionary', password: 'Abc23456' },
      }),
    );
    expect(result.status).toBe(422);
    expect(result.body.message).toBe(MESSAGES.userCreateFailed);
    expect(result.body.errors.email).toEqual([MESSAGES.emailTaken]);
  });

  it('is for admins only', async () => {
    const body = { multipart: { name: 'X', email: uniqueEmail(), role: 'missionary', password: 'Abc23456' } };
    await expectNoChange(t, USER_TABLES, async () => {
      await expectStatus(t, 401, [
        ['POST', '/api/user', body],
        ['POST', '/api/user', { ...body, token: 'not-a-token' }],
      ]);
      await expectStatus(t, 403, [
        ['POST', '/api/user', { ...body, token: employee.token }],
        ['POST', '/api/user', { ...body, token: missionary.token }],
      ]);
    });
  });
});
