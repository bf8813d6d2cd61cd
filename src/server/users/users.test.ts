import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../domain/messages';
import { expenseReports, journalEntries } from '../db/schema';
import {
  type CallOptions,
  createTestApp,
  expectNoChange,
  expectStatus,
  type SignedIn,
  TEST_PASSWORD,
  type TestApp,
} from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'http://office.example:3000' } });
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary');
});
afterAll(() => t.close());

/** Tables a refused user call must leave as they were. */
const USER_TABLES = ['users', 'profiles', 'journal_entries', 'audit_events', 'api_tokens'];

let serial = 0;
function uniqueEmail(prefix = 'user'): string {
  serial += 1;
  return `${prefix}.${serial}.${Date.now().toString(36)}@field.example`;
}

/** Mail bodies may be quoted-printable; soft line breaks are joined again. */
const unwrap = (mail: string) => mail.replace(/=\r?\n/g, '');

const HOST = { host: 'office.example:3000' };

async function createViaApi(fields: Record<string, string>, options: CallOptions = {}) {
  return t.call('POST', '/api/user', {
    token: admin.token,
    multipart: { password: 'Abc23456', baseUrl: 'http://office.example:3000', ...fields },
    headers: HOST,
    ...options,
  });
}

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

describe('GET /api/user/{id}', () => {
  it('lets staff read anyone, with the profile', async () => {
    for (const reader of [admin, employee]) {
      const read = await t.call('GET', `/api/user/${missionary.id}`, { token: reader.token });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ id: missionary.id, email: missionary.email, role: 'missionary' });
      expect(read.body.profile).toMatchObject({ fica_tax: 0, fund_balance: 0, admin_fee_percentage: null });
    }
  });

  it('lets a missionary read only themselves', async () => {
    const own = await t.call('GET', `/api/user/${missionary.id}`, { token: missionary.token });
    expect(own.status).toBe(200);
    const other = await t.signIn('missionary');
    const result = await t.call('GET', `/api/user/${other.id}`, { token: missionary.token });
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ message: 'You do not have permission to do that.' });
    // Staff records are not theirs either.
    expect((await t.call('GET', `/api/user/${admin.id}`, { token: missionary.token })).status).toBe(403);
  });

  it('answers 401 without a valid token, 404 for an unknown user and 422 for a malformed id', async () => {
    await expectStatus(t, 401, [
      ['GET', `/api/user/${missionary.id}`],
      ['GET', `/api/user/${missionary.id}`, { token: 'forged' }],
    ]);
    const missing = await t.call('GET', '/api/user/999999', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found.');
    const malformed = await t.call('GET', '/api/user/abc', { token: admin.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.id).toEqual(['User id must be a number.']);
  });
});

describe('POST /api/user/{id} (update)', () => {
  it('updates basic and payroll fields sent flat, as the web form does, and answers the user with profile', async () => {
    const user = await t.signIn('missionary');
    const updated = await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      multipart: {
        name: 'Ruth of Moab',
        email: uniqueEmail('ruth'),
        role: 'missionary',
        missionary_number: 'M-7007',
        tax_status: 'W2',
        fica_tax: 1,
        net_salary: '2500.50',
        housing_allowance: '800',
        retirement_amount: '150.25',
        federal_income_tax: '210',
        insurance_amount: '95.10',
        wire_fee: '15',
        social_security: '6.2',
        medicare: '1.45',
        admin_fee_percentage: '8.5',
        admin_fee_cap: '400',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Ruth of Moab',
      missionary_number: 'M-7007',
      profile: {
        missionary_number: 'M-7007',
        tax_status: 'W2',
        fica_tax: 1,
        net_salary: 2500.5,
        housing_allowance: 800,
        retirement_amount: 150.25,
        federal_income_tax: 210,
        insurance_amount: 95.1,
        wire_fee: 15,
        social_security: 6.2,
        medicare: 1.45,
        admin_fee_percentage: 8.5,
        admin_fee_cap: 400,
        fund_balance: 0,
      },
    });
    const read = await t.call('GET', `/api/user/${user.id}`, { token: employee.token });
    expect(read.body).toEqual(updated.body);
  });

  it('changes only the fields sent', async () => {
    const user = await t.signIn('missionary');
    await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      json: { net_salary: 1000, tax_status: '1099' },
    });
    const renamed = await t.call('POST', `/api/user/${user.id}`, { token: admin.token, json: { name: 'Only Name' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Only Name', email: user.email, role: 'missionary' });
    expect(renamed.body.profile).toMatchObject({ net_salary: 1000, tax_status: '1099' });
  });

  it('clears a percentage override, the Admin Fee Cap and the tax status when sent blank', async () => {
    const user = await t.signIn('missionary');
    await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      json: { admin_fee_percentage: '12', admin_fee_cap: '300', social_security: '6.2', tax_status: 'W2' },
    });
    const cleared = await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      form: { admin_fee_percentage: '', admin_fee_cap: '', social_security: ' ', tax_status: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.profile).toMatchObject({
      admin_fee_percentage: null,
      admin_fee_cap: null,
      social_security: null,
      tax_status: null,
    });
  });

  it('takes _method=PATCH on POST with urlencoded and multipart bodies, and a real PATCH with JSON', async () => {
    const user = await t.signIn('missionary');
    const urlencoded = await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      form: { _method: 'PATCH', name: 'Patched By Form', fica_tax: '0' },
    });
    expect(urlencoded.status).toBe(200);
    expect(urlencoded.body.name).toBe('Patched By Form');
    const multipart = await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      multipart: { _method: 'PATCH', name: 'Patched By Multipart', net_salary: '12.34' },
    });
    expect(multipart.status).toBe(200);
    expect(multipart.body).toMatchObject({ name: 'Patched By Multipart', profile: { net_salary: 12.34 } });
    const json = await t.call('PATCH', `/api/user/${user.id}`, {
      token: admin.token,
      json: { tax_status: 'W2', fica_tax: 1 },
    });
    expect(json.status).toBe(200);
    expect(json.body.profile.fica_tax).toBe(1);
    // The override is the route's PATCH: still admin only.
    const refused = await t.call('POST', `/api/user/${user.id}`, {
      token: employee.token,
      form: { _method: 'PATCH', name: 'Nope' },
    });
    expect(refused.status).toBe(403);
  });

  it('writes a journal row whenever the fund balance changes, in the same call', async () => {
    const user = await t.signIn('missionary');
    const journal = () =>
      t.ctx.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.account, 'user_fund'), eq(journalEntries.accountId, user.id)))
        .orderBy(journalEntries.id);

    const first = await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      form: { fund_balance: '1250.75' },
    });
    expect(first.status).toBe(200);
    expect(first.body.profile.fund_balance).toBe(1250.75);
    // 0.00 → 1,250.75: +1,250.75
    expect(await journal()).toMatchObject([
      {
        amount: 125075,
        balanceAfter: 125075,
        reason: 'manual_adjustment',
        actorId: admin.id,
        refType: 'user',
        refId: user.id,
      },
    ]);

    await t.call('POST', `/api/user/${user.id}`, { token: admin.token, form: { fund_balance: '-40.5' } });
    // 1,250.75 → -40.50: -1,291.25
    const rows = await journal();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ amount: -129125, balanceAfter: -4050 });

    // The same value again moves nothing and writes nothing.
    await t.call('POST', `/api/user/${user.id}`, {
      token: admin.token,
      form: { fund_balance: '-40.50', name: 'Same' },
    });
    expect(await journal()).toHaveLength(2);
    // The balance is the sum of its journal rows: 1,250.75 − 1,291.25 = −40.50
    expect((await journal()).reduce((total, row) => total + row.amount, 0)).toBe(-4050);
  });

  it.each([
    ['a blank name', { name: '' }, 'name', 'Name is required.'],
    ['a malformed email', { email: 'no-at-sign' }, 'email', 'Email must be a valid email address.'],
    ['an unknown role', { role: 'owner' }, 'role', 'Role must be one of: admin, employee, missionary.'],
    ['an unknown tax status', { tax_status: 'W3' }, 'tax_status', 'Tax Status must be one of: W2, 1099, W2 Exempt.'],
    ['a FICA flag that is not 0/1', { fica_tax: 'yes' }, 'fica_tax', 'FICA Tax must be 0 or 1.'],
    [
      'letters for money',
      { net_salary: 'abc' },
      'net_salary',
      'Net Salary must be a dollar amount with at most 2 decimals.',
    ],
    [
      'three decimals',
      { housing_allowance: '800.125' },
      'housing_allowance',
      'Housing Allowance must be a dollar amount with at most 2 decimals.',
    ],
    [
      'thousands separators',
      { wire_fee: '1,000' },
      'wire_fee',
      // Decision 23: three digits after the comma may be a thousands separator.
      'Wire Fee has a comma that is not a decimal comma (at most 2 digits may follow it): write it without a thousands separator, e.g. 1234 or 1234,50.',
    ],
    ['a negative salary', { net_salary: '-5' }, 'net_salary', 'Net Salary cannot be negative.'],
    ['a blank salary', { net_salary: '' }, 'net_salary', 'Net Salary is required.'],
    ['a blank fund balance', { fund_balance: '' }, 'fund_balance', 'Fund Balance is required.'],
    [
      'a percentage over 100',
      { admin_fee_percentage: '101' },
      'admin_fee_percentage',
      'Admin Fee % must be at most 100.',
    ],
    ['a negative percentage', { medicare: '-1' }, 'medicare', 'Medicare % must be at least 0.'],
    [
      'a percentage that is not a number',
      { social_security: 'six' },
      'social_security',
      'Social Security % must be a number.',
    ],
    [
      'a malformed Admin Fee Cap',
      { admin_fee_cap: '1.5.0' },
      'admin_fee_cap',
      'Admin Fee Cap must be a dollar amount with at most 2 decimals.',
    ],
  ])('refuses %s under the field and changes nothing', async (_case, change, field, message) => {
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', `/api/user/${missionary.id}`, {
        token: admin.token,
        form: { name: 'Would Change', fund_balance: '99', ...change },
      }),
    );
    expect(result.status).toBe(422);
    expect(result.body.errors[field]).toEqual([message]);
  });

  it('refuses an email another user has, and changing one’s own role', async () => {
    const duplicate = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', `/api/user/${missionary.id}`, {
        token: admin.token,
        form: { name: 'Would Change', email: employee.email.toUpperCase() },
      }),
    );
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.email).toEqual([MESSAGES.emailTaken]);

    const ownRole = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', `/api/user/${admin.id}`, { token: admin.token, form: { role: 'missionary' } }),
    );
    expect(ownRole.status).toBe(422);
    expect(ownRole.body.errors.role).toEqual(['You cannot change your own role.']);
  });

  it('answers 401, 403 for staff who are not admins and missionaries, 404 for an unknown user', async () => {
    const body = { form: { name: 'Changed' } };
    await expectNoChange(t, USER_TABLES, async () => {
      await expectStatus(t, 401, [
        ['POST', `/api/user/${missionary.id}`, body],
        ['PATCH', `/api/user/${missionary.id}`, { json: { name: 'Changed' } }],
      ]);
      await expectStatus(t, 403, [
        ['POST', `/api/user/${missionary.id}`, { ...body, token: employee.token }],
        // not even their own record: payroll is the office's
        ['POST', `/api/user/${missionary.id}`, { ...body, token: missionary.token }],
        ['PATCH', `/api/user/${missionary.id}`, { json: { name: 'Changed' }, token: missionary.token }],
      ]);
      await expectStatus(t, 404, [['POST', '/api/user/999999', { ...body, token: admin.token }]]);
    });
  });
});

describe('lists', () => {
  const marker = `zq${Date.now().toString(36)}`;
  let people: SignedIn[];
  let archivedOne: SignedIn;

  beforeAll(async () => {
    // Five missionaries and one employee carry the marker in their names; one missionary is archived.
    people = [];
    for (const [index, first] of ['Abigail', 'Boaz', 'Caleb', 'Deborah', 'Eli'].entries()) {
      people.push(
        await t.signIn('missionary', { name: `${first} ${marker}`, missionaryNumber: `${marker}-${index + 1}` }),
      );
    }
    people.push(await t.signIn('employee', { name: `Felix ${marker}` }));
    archivedOne = await t.signIn('missionary', { name: `Gideon ${marker}` });
    expect((await t.call('DELETE', `/api/user/${archivedOne.id}`, { token: admin.token })).status).toBe(200);
  });

  describe('GET /api/user', () => {
    it('lists active users by name, filtered by role and q', async () => {
      const all = await t.call('GET', '/api/user', { token: employee.token, query: { q: marker } });
      expect(all.status).toBe(200);
      expect(all.body.map((u: { name: string }) => u.name.split(' ')[0])).toEqual([
        'Abigail',
        'Boaz',
        'Caleb',
        'Deborah',
        'Eli',
        'Felix',
      ]);
      const missionaries = await t.call('GET', '/api/user', {
        token: admin.token,
        query: { q: marker.toUpperCase(), role: 'missionary' },
      });
      expect(missionaries.body).toHaveLength(5);
      expect(missionaries.body[0].profile).toBeDefined();
    });

    it('validates the role filter and is for staff only', async () => {
      const bad = await t.call('GET', '/api/user', { token: admin.token, query: { role: 'pope' } });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.role).toBeDefined();
      await expectStatus(t, 401, [['GET', '/api/user']]);
      await expectStatus(t, 403, [['GET', '/api/user', { token: missionary.token }]]);
    });
  });

  describe('GET /api/user/archived', () => {
    it('lists archived users only, for staff', async () => {
      const archived = await t.call('GET', '/api/user/archived', { token: employee.token });
      expect(archived.status).toBe(200);
      const ids = archived.body.map((u: { id: number }) => u.id);
      expect(ids).toContain(archivedOne.id);
      expect(ids).not.toContain(people[0].id);
      expect(archived.body.every((u: { deleted_at: string | null }) => u.deleted_at !== null)).toBe(true);
      await expectStatus(t, 401, [['GET', '/api/user/archived']]);
      await expectStatus(t, 403, [['GET', '/api/user/archived', { token: missionary.token }]]);
    });
  });

  describe('GET /api/paginated_user', () => {
    const page = (query: Record<string, string | number>, token = admin.token) =>
      t.call('GET', '/api/paginated_user', { token, query: { q: marker, ...query } });
    const firstNames = (body: { data: Array<{ name: string }> }) => body.data.map((u) => u.name.split(' ')[0]);

    it('pages with a zero-based page, a limit and total_count', async () => {
      const first = await page({ limit: 2, page: 0, order_by: 'name', order: 'asc' });
      expect(first.status).toBe(200);
      expect(first.body.total_count).toBe(6);
      expect(firstNames(first.body)).toEqual(['Abigail', 'Boaz']);
      const third = await page({ limit: 2, page: 2, order_by: 'name', order: 'asc' });
      expect(firstNames(third.body)).toEqual(['Eli', 'Felix']);
      const beyond = await page({ limit: 2, page: 9, order_by: 'name', order: 'asc' });
      expect(beyond.body).toEqual({ data: [], total_count: 6 });
    });

    it('sorts by the whitelisted columns both ways, id descending by default', async () => {
      expect(firstNames((await page({ order_by: 'name', order: 'desc' })).body)).toEqual([
        'Felix',
        'Eli',
        'Deborah',
        'Caleb',
        'Boaz',
        'Abigail',
      ]);
      const byDefault = (await page({})).body.data.map((u: { id: number }) => u.id);
      expect(byDefault).toEqual([...byDefault].sort((a, b) => b - a));
      const byAccount = await page({ order_by: 'missionary_number', order: 'ASC' });
      expect(byAccount.status).toBe(200);
      expect(firstNames(byAccount.body).slice(0, 5)).toEqual(['Abigail', 'Boaz', 'Caleb', 'Deborah', 'Eli']);
      for (const column of ['id', 'name', 'email', 'role', 'missionary_number', 'created_at']) {
        expect((await page({ order_by: column })).status).toBe(200);
      }
    });

    it('searches name, email and Account #, case-insensitively', async () => {
      const byAccount = await t.call('GET', '/api/paginated_user', {
        token: admin.token,
        query: { q: `${marker.toUpperCase()}-3` },
      });
      expect(firstNames(byAccount.body)).toEqual(['Caleb']);
      const byEmail = await t.call('GET', '/api/paginated_user', {
        token: admin.token,
        query: { q: people[1].email },
      });
      expect(byEmail.body.data.map((u: { id: number }) => u.id)).toEqual([people[1].id]);
      // LIKE wildcards are searched for literally.
      const wildcard = await t.call('GET', '/api/paginated_user', { token: admin.token, query: { q: '%' } });
      expect(wildcard.body.total_count).toBe(0);
    });

    it('shows the archived users with trashed=1 and filters by role', async () => {
      const trashed = await page({ trashed: 1 });
      expect(trashed.body.data.map((u: { id: number }) => u.id)).toEqual([archivedOne.id]);
      expect(trashed.body.total_count).toBe(1);
      const staff = await page({ role: 'employee' });
      expect(firstNames(staff.body)).toEqual(['Felix']);
    });

    it('defaults to 10 rows', async () => {
      const all = await t.call('GET', '/api/paginated_user', { token: admin.token });
      expect(all.body.data.length).toBe(Math.min(10, all.body.total_count));
      expect(all.body.total_count).toBeGreaterThan(10);
    });

    it.each([
      [
        { order_by: 'password_hash' },
        'order_by',
        'Sort by one of: id, name, email, role, missionary_number, created_at.',
      ],
      [
        { order_by: 'name; drop table users' },
        'order_by',
        'Sort by one of: id, name, email, role, missionary_number, created_at.',
      ],
      [{ order: 'sideways' }, 'order', 'Order must be asc or desc.'],
      [{ page: -1 }, 'page', 'Page cannot be negative.'],
      [{ page: 1.5 }, 'page', 'Page must be a whole number.'],
      [{ limit: 0 }, 'limit', 'Limit must be at least 1.'],
      [{ page: 1e12 }, 'page', 'Page cannot exceed 10000000.'],
      [{ role: 'wizard' }, 'role', 'Role must be one of: admin, employee, missionary.'],
    ])('answers 422 for %j', async (query, field, message) => {
      const result = await page(query);
      expect(result.status).toBe(422);
      expect(result.body.errors[field]).toEqual([message]);
    });

    it('is for staff only', async () => {
      expect((await page({}, employee.token)).status).toBe(200);
      await expectStatus(t, 401, [['GET', '/api/paginated_user']]);
      await expectStatus(t, 403, [['GET', '/api/paginated_user', { token: missionary.token }]]);
    });
  });

  describe('GET /api/search_user', () => {
    const search = (query: Record<string, string>, token = admin.token) =>
      t.call('GET', '/api/search_user', { token, query });

    it('finds active missionaries from 2 characters on', async () => {
      const found = await search({ q: `Caleb ${marker}` });
      expect(found.status).toBe(200);
      expect(found.body.map((u: { id: number }) => u.id)).toEqual([people[2].id]);
      // The employee and the archived missionary with the marker are not offered.
      const byMarker = await search({ q: marker, role: 'missionary' });
      expect(byMarker.body.map((u: { name: string }) => u.name.split(' ')[0])).toEqual([
        'Abigail',
        'Boaz',
        'Caleb',
        'Deborah',
        'Eli',
      ]);
    });

    it('answers nothing below 2 characters', async () => {
      expect((await search({ q: 'A' })).body).toEqual([]);
      expect((await search({ q: ' a ' })).body).toEqual([]);
      expect((await search({})).body).toEqual([]);
      expect((await search({ q: 'Ab' })).body.length).toBeGreaterThan(0);
    });

    it('searches another role when asked, validates it, and is for staff only', async () => {
      const staff = await search({ q: marker, role: 'employee' });
      expect(staff.body.map((u: { id: number }) => u.id)).toEqual([people[5].id]);
      expect((await search({ q: marker, role: 'king' })).status).toBe(422);
      expect((await search({ q: marker }, employee.token)).status).toBe(200);
      await expectStatus(t, 401, [['GET', '/api/search_user', { query: { q: marker } }]]);
      await expectStatus(t, 403, [['GET', '/api/search_user', { token: missionary.token, query: { q: marker } }]]);
    });
  });
});

describe('archive, restore and delete', () => {
  it('archives, restores, archives again and deletes for good', async () => {
    const user = await t.signIn('missionary');
    const archived = await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: user.id, deleted: false });
    expect(archived.body.deleted_at).not.toBeNull();
    // Archiving signs the user out everywhere and keeps them out.
    expect((await t.call('GET', `/api/user/${user.id}`, { token: user.token })).status).toBe(401);
    expect((await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      422,
    );
    // Staff still see the archived record.
    const read = await t.call('GET', `/api/user/${user.id}`, { token: employee.token });
    expect(read.body.deleted_at).toBe(archived.body.deleted_at);

    const restored = await t.call('POST', `/api/user/${user.id}/restore`, { token: admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body.deleted_at).toBeNull();
    expect((await t.call('POST', '/api/login', { json: { email: user.email, password: TEST_PASSWORD } })).status).toBe(
      200,
    );

    // As the web client sends it: POST with _method=DELETE.
    const again = await t.call('POST', `/api/user/${user.id}`, { token: admin.token, form: { _method: 'DELETE' } });
    expect(again.status).toBe(200);
    expect(again.body.deleted).toBe(false);

    const gone = await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    expect(gone.status).toBe(200);
    expect(gone.body).toMatchObject({ id: user.id, deleted: true });
    expect((await t.call('GET', `/api/user/${user.id}`, { token: admin.token })).status).toBe(404);
    expect((await t.snapshot(['profiles'])).profiles.some((row: any) => row.user_id === user.id)).toBe(false);
  });

  it('refuses to restore a user who is not archived', async () => {
    const user = await t.signIn('missionary');
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('POST', `/api/user/${user.id}/restore`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.userNotArchived);
  });

  it('keeps an archived user with an expense report: 409 and nothing deleted', async () => {
    const user = await t.signIn('missionary');
    await t.ctx.db.insert(expenseReports).values({ type: 'reimbursement', userId: user.id });
    await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    const result = await expectNoChange(t, [...USER_TABLES, 'expense_reports'], () =>
      t.call('DELETE', `/api/user/${user.id}`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.userHasRecords);
  });

  it('keeps an archived user with balance history: 409', async () => {
    const user = await t.signIn('missionary');
    await t.call('POST', `/api/user/${user.id}`, { token: admin.token, form: { fund_balance: '10' } });
    await t.call('DELETE', `/api/user/${user.id}`, { token: admin.token });
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('DELETE', `/api/user/${user.id}`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.userHasRecords);
  });

  it('refuses to archive oneself', async () => {
    const result = await expectNoChange(t, USER_TABLES, () =>
      t.call('DELETE', `/api/user/${admin.id}`, { token: admin.token }),
    );
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(MESSAGES.cannotDeleteSelf);
  });

  it('answers 401, 403 and 404', async () => {
    const user = await t.signIn('missionary');
    await expectNoChange(t, USER_TABLES, async () => {
      await expectStatus(t, 401, [
        ['DELETE', `/api/user/${user.id}`],
        ['POST', `/api/user/${user.id}/restore`],
      ]);
      await expectStatus(t, 403, [
        ['DELETE', `/api/user/${user.id}`, { token: employee.token }],
        ['DELETE', `/api/user/${user.id}`, { token: user.token }],
        ['POST', `/api/user/${user.id}/restore`, { token: employee.token }],
        ['POST', `/api/user/${user.id}/restore`, { token: missionary.token }],
      ]);
      await expectStatus(t, 404, [
        ['DELETE', '/api/user/999999', { token: admin.token }],
        ['POST', '/api/user/999999/restore', { token: admin.token }],
      ]);
    });
  });
});
