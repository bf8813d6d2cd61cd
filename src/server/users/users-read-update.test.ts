import { and, eq } from 'drizzle-orm';
import { MESSAGES } from '../../domain/messages';
import { journalEntries } from '../db/schema';
import { expectNoChange, expectStatus } from '../test-support/harness';
import { admin, employee, missionary, t, USER_TABLES, uniqueEmail } from './test-office';

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
