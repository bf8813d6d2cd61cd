import { and, eq } from 'drizzle-orm';
import { auditEvents, mailQueue, payeeBankDetails } from '../db/schema';
import { createTestApp, expectNoChange, type SignedIn, type TestApp } from '../test-support/harness';

/** Bank details on the payroll profile (docs/payments.md "Bank details"). */

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;

// 021000021: 3·0+7·2+1·1+3·0+7·0+1·0+3·0+7·2+1·1 = 30, a multiple of 10 — a valid ABA number.
const ACH = {
  payout_method: 'ach',
  bank_routing_number: '021000021',
  bank_account_number: '123456789',
  bank_account_type: 'checking',
};
// GB82WEST12345698765432: the textbook IBAN, mod 97 = 1.
const WIRE = {
  payout_method: 'wire',
  beneficiary_name: 'Anna Müller',
  bank_country: 'GB',
  bank_currency: 'GBP',
  iban: 'GB82 WEST 1234 5698 7654 32',
  bic: 'NWBKGB2L',
  bank_name: 'NatWest',
};
const TABLES = ['payee_bank_details', 'audit_events', 'mail_queue'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
});
afterAll(() => t.close());

describe('POST /api/user/{id}/bank-details (the missionary, for themselves)', () => {
  it('stores ACH details sealed, answers masked, audits and mails the missionary', async () => {
    const me = await t.signIn('missionary');
    const answer = await t.call('POST', `/api/user/${me.id}/bank-details`, { token: me.token, json: ACH });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      payout_method: 'ach',
      bank_routing_number: '••••0021',
      bank_account_number: '••••6789',
      bank_account_type: 'checking',
      held_reason: expect.stringContaining('new or changed'),
    });
    expect(JSON.stringify(answer.body)).not.toContain('123456789');
    const [row] = await t.ctx.db.select().from(payeeBankDetails).where(eq(payeeBankDetails.userId, me.id));
    // At rest: neither the account nor the routing number in the clear.
    expect(JSON.stringify(row)).not.toContain('123456789');
    expect(JSON.stringify(row)).not.toContain('021000021');
    expect(row).toMatchObject({ payoutMethod: 'ach', maskedAccount: '••••6789', currency: 'USD', version: 1 });
    const audits = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bank_details_change'), eq(auditEvents.entityId, me.id)));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]?.details)).not.toContain('123456789');
    const mails = await t.ctx.db
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.kind, 'bank_details_changed'), eq(mailQueue.userId, me.id)));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('ending 6789');
    expect(mails[0]?.textBody).not.toContain('123456789');
  });

  it('mails the change even when the missionary turned every notice off', async () => {
    const me = await t.signIn('missionary');
    await t.call('PATCH', '/api/notification-preferences', {
      token: me.token,
      json: { report_processed: 0, report_returned: 0, advance_approved: 0, distribution_approved: 0 },
    });
    await t.call('POST', `/api/user/${me.id}/bank-details`, { token: me.token, json: WIRE });
    const mails = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, me.id));
    expect(mails.map((m) => m.kind)).toEqual(['bank_details_changed']);
  });

  it('a wire: IBAN normalised and masked, currency from the details', async () => {
    const me = await t.signIn('missionary');
    const answer = await t.call('POST', `/api/user/${me.id}/bank-details`, { token: me.token, json: WIRE });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ iban: '••••5432', bic: 'NWBKGB2L', bank_currency: 'GBP', bank_country: 'GB' });
    const read = await t.call('GET', `/api/user/${me.id}/bank-details`, { token: me.token });
    expect(read.body).toEqual(answer.body);
  });

  it('the same details sent again change nothing (no new version, audit or mail)', async () => {
    const me = await t.signIn('missionary');
    await t.call('POST', `/api/user/${me.id}/bank-details`, { token: me.token, json: ACH });
    const again = await expectNoChange(t, TABLES, () =>
      t.call('POST', `/api/user/${me.id}/bank-details`, { token: me.token, json: ACH }),
    );
    expect(again.status).toBe(200);
  });

  it.each([
    ['a bad ABA check digit', { ...ACH, bank_routing_number: '021000022' }, 'bank_routing_number'],
    ['a routing number of 8 digits', { ...ACH, bank_routing_number: '02100002' }, 'bank_routing_number'],
    ['an account of 3 digits', { ...ACH, bank_account_number: '123' }, 'bank_account_number'],
    ['an account type that is neither', { ...ACH, bank_account_type: 'loan' }, 'bank_account_type'],
    [
      'ACH without an account',
      { payout_method: 'ach', bank_routing_number: '021000021', bank_account_type: 'checking' },
      'bank_account_number',
    ],
    ['a bad IBAN check', { ...WIRE, iban: 'GB83WEST12345698765432' }, 'iban'],
    ['a bad BIC', { ...WIRE, bic: 'NWBK12' }, 'bic'],
    ['a wire without a BIC', { ...WIRE, bic: null }, 'bic'],
    ['an unknown method', { payout_method: 'paypal' }, 'payout_method'],
  ])('422 naming the field for %s, nothing stored', async (_case, body, field) => {
    const me = await t.signIn('missionary');
    const answer = await expectNoChange(t, TABLES, () =>
      t.call('POST', `/api/user/${me.id}/bank-details`, { token: me.token, json: body }),
    );
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
  });

  it('401 without a session; 403 for another user (missionary or employee); 404 for no such user (admin)', async () => {
    const me = await t.signIn('missionary');
    const other = await t.signIn('missionary');
    expect((await t.call('POST', `/api/user/${me.id}/bank-details`, { json: ACH })).status).toBe(401);
    expect((await t.call('POST', `/api/user/${other.id}/bank-details`, { token: me.token, json: ACH })).status).toBe(
      403,
    );
    expect((await t.call('GET', `/api/user/${other.id}/bank-details`, { token: me.token })).status).toBe(403);
    expect((await t.call('POST', `/api/user/${me.id}/bank-details`, { token: employee.token, json: ACH })).status).toBe(
      403,
    );
    expect((await t.call('POST', '/api/user/999999/bank-details', { token: admin.token, json: ACH })).status).toBe(404);
    expect((await t.call('GET', '/api/user/999999/bank-details', { token: admin.token })).status).toBe(404);
  });
});

describe('POST /api/user/{id} (admin): the same fields flat on the profile', () => {
  it('stores, answers masked on the user, and mails the missionary naming the admin', async () => {
    const me = await t.signIn('missionary');
    const answer = await t.call('POST', `/api/user/${me.id}`, {
      token: admin.token,
      json: { net_salary: '100', ...ACH },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.bank_details).toMatchObject({ payout_method: 'ach', bank_account_number: '••••6789' });
    const own = await t.call('GET', `/api/user/${me.id}`, { token: me.token });
    expect(own.body.bank_details.bank_account_number).toBe('••••6789');
    expect(JSON.stringify(own.body)).not.toContain('123456789');
    const [mail] = await t.ctx.db.select().from(mailQueue).where(eq(mailQueue.userId, me.id));
    expect(mail?.textBody).toContain(`by ${admin.name}`);
  });

  it('422 naming the field for a bad ABA, nothing else changed', async () => {
    const me = await t.signIn('missionary');
    const answer = await expectNoChange(t, [...TABLES, 'profiles'], () =>
      t.call('POST', `/api/user/${me.id}`, {
        token: admin.token,
        json: { net_salary: '100', ...ACH, bank_routing_number: '123456789' },
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toHaveProperty('bank_routing_number');
  });

  it('an employee cannot change bank details through the profile (403)', async () => {
    const me = await t.signIn('missionary');
    expect((await t.call('POST', `/api/user/${me.id}`, { token: employee.token, json: ACH })).status).toBe(403);
  });
});

describe('GET/PATCH /api/settings/payments', () => {
  it('starts blank, keeps what is sent, clears blanks, audits', async () => {
    const empty = await t.call('GET', '/api/settings/payments', { token: admin.token });
    expect(empty.status).toBe(200);
    expect(empty.body.company_name).toBeNull();
    const saved = await t.call('PATCH', '/api/settings/payments', {
      token: admin.token,
      json: {
        company_name: 'Sheepfold',
        company_id: '1234567890',
        origin_routing_number: '021000021',
        origin_bank_name: 'JPMorgan Chase',
        offset_account_number: '987654321',
        debtor_name: 'Sheepfold Mission',
        debtor_iban: 'gb82 west 1234 5698 7654 32',
        debtor_bic: 'nwbkgb2l',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      company_name: 'Sheepfold',
      offset_account_type: 'checking',
      debtor_iban: 'GB82WEST12345698765432',
      debtor_bic: 'NWBKGB2L',
    });
    const cleared = await t.call('PATCH', '/api/settings/payments', { token: admin.token, json: { debtor_bic: '' } });
    expect(cleared.body).toMatchObject({ debtor_bic: null, company_name: 'Sheepfold' });
    const read = await t.call('GET', '/api/settings/payments', { token: admin.token });
    expect(read.body).toEqual(cleared.body);
  });

  it.each([
    ['company_id', '12345'],
    ['origin_routing_number', '021000022'],
    ['company_name', 'A name far longer than sixteen'],
    ['debtor_iban', 'GB83WEST12345698765432'],
    ['debtor_bic', 'XX'],
    ['offset_account_type', 'loan'],
  ])('422 naming %s', async (field, value) => {
    const answer = await t.call('PATCH', '/api/settings/payments', { token: admin.token, json: { [field]: value } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([field]);
  });

  it('401 without a session, 403 for staff who are not admins and for missionaries', async () => {
    const me = await t.signIn('missionary');
    expect((await t.call('GET', '/api/settings/payments')).status).toBe(401);
    expect((await t.call('GET', '/api/settings/payments', { token: employee.token })).status).toBe(403);
    expect((await t.call('PATCH', '/api/settings/payments', { token: me.token, json: {} })).status).toBe(403);
  });
});
