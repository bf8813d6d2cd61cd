import { DEFAULT_SETTINGS, SETTING_NAMES } from '../../domain/settings/settings';
import { createTestApp, expectNoChange, expectStatus, type SignedIn, type TestApp } from '../test-support/harness';
import { loadSettings } from './settings';

let t: TestApp;
let admin: SignedIn;
let employee: SignedIn;
let missionary: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  missionary = await t.signIn('missionary');
});
afterAll(() => t.close());

const TABLES = ['settings', 'audit_events'];

const settingValue = (body: Array<{ setting_name: string; setting_value: string }>, name: string) =>
  body.find((row) => row.setting_name === name)?.setting_value;

describe('GET /api/settings', () => {
  it('gives every signed-in user the five known settings', async () => {
    for (const user of [admin, employee, missionary]) {
      const result = await t.call('GET', '/api/settings', { token: user.token });
      expect(result.status).toBe(200);
      expect(result.body.map((row: { setting_name: string }) => row.setting_name).sort()).toEqual(
        [...SETTING_NAMES].sort(),
      );
      for (const row of result.body) {
        expect(row).toEqual({
          id: expect.any(Number),
          setting_name: expect.any(String),
          setting_value: expect.any(String),
        });
      }
    }
  });

  it('answers 401 without a valid token', async () => {
    await expectStatus(t, 401, [
      ['GET', '/api/settings'],
      ['GET', '/api/settings', { token: 'expired-or-forged' }],
    ]);
  });
});

describe('PATCH /api/settings', () => {
  it('stores exact values sent as the web sends them: POST, _method=PATCH, multipart', async () => {
    const result = await t.call('POST', '/api/settings', {
      token: admin.token,
      multipart: {
        _method: 'PATCH',
        mileage_reimbursement: '0.67',
        admin_fee_percentage: '12.5',
        admin_fee_cap: '450',
        social_security_percentage: '6.2',
        medicare_percentage: '1.45',
      },
    });
    expect(result.status).toBe(200);
    expect(settingValue(result.body, 'mileage_reimbursement')).toBe('0.67');
    expect(settingValue(result.body, 'admin_fee_percentage')).toBe('12.5');
    // The cap is money: stored with its two decimals.
    expect(settingValue(result.body, 'admin_fee_cap')).toBe('450.00');
    // What the calculations read back is exact: 12.5 % is 125 × 10^-1, $450 is 45,000 cents.
    const settings = await loadSettings(t.ctx.db);
    expect(settings.adminFeePercentage).toEqual({ value: 125n, scale: 1 });
    expect(settings.adminFeeCap).toBe(45000);
    expect(settings.mileageReimbursement).toEqual({ value: 67n, scale: 2 });
  });

  it('takes urlencoded and JSON bodies and changes only the settings sent', async () => {
    const form = await t.call('POST', '/api/settings', {
      token: admin.token,
      form: { _method: 'PATCH', medicare_percentage: '1.5' },
    });
    expect(form.status).toBe(200);
    const json = await t.call('PATCH', '/api/settings', { token: admin.token, json: { admin_fee_cap: 500.5 } });
    expect(json.status).toBe(200);
    expect(settingValue(json.body, 'medicare_percentage')).toBe('1.5');
    expect(settingValue(json.body, 'admin_fee_cap')).toBe('500.50');
    expect(settingValue(json.body, 'mileage_reimbursement')).toBe('0.67');
    const read = await t.call('GET', '/api/settings', { token: missionary.token });
    expect(read.body).toEqual(json.body);
  });

  it('records who changed the settings', async () => {
    const before = (await t.snapshot(['audit_events'])).audit_events.length;
    await t.call('PATCH', '/api/settings', { token: admin.token, json: { social_security_percentage: '6.2' } });
    const events = (await t.snapshot(['audit_events'])).audit_events as Array<Record<string, unknown>>;
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({ actor_id: admin.id, action: 'update', entity_type: 'settings' });
  });

  it.each([
    [{ admin_fee_percentage: '101' }, 'admin_fee_percentage', 'Admin Fee % must be at most 100.'],
    [{ admin_fee_percentage: '-1' }, 'admin_fee_percentage', 'Admin Fee % must be at least 0.'],
    [{ admin_fee_percentage: 'ten' }, 'admin_fee_percentage', 'Admin Fee % must be a number.'],
    [{ admin_fee_percentage: '' }, 'admin_fee_percentage', 'Admin Fee % is required.'],
    [
      { social_security_percentage: '6.23456' },
      'social_security_percentage',
      'Social Security % can have at most 4 decimals.',
    ],
    // Decision 23: 1,45 is a decimal comma (accepted); a point and a comma together are refused.
    [
      { medicare_percentage: '1.234,5' },
      'medicare_percentage',
      'Medicare % has both a point and a comma, so it is unclear which one is the decimal separator: write it without a thousands separator, e.g. 1234.50 or 1234,50.',
    ],
    [{ mileage_reimbursement: 'abc' }, 'mileage_reimbursement', 'Mileage Reimbursement ($ per mile) must be a number.'],
    [
      { mileage_reimbursement: '-0.5' },
      'mileage_reimbursement',
      'Mileage Reimbursement ($ per mile) must be at least 0.',
    ],
    [
      { mileage_reimbursement: '0.12345' },
      'mileage_reimbursement',
      'Mileage Reimbursement ($ per mile) can have at most 4 decimals.',
    ],
    [
      { admin_fee_cap: '12.345' },
      'admin_fee_cap',
      'Admin Fee Cap ($) must be a dollar amount with at most 2 decimals.',
    ],
    [{ admin_fee_cap: '-5' }, 'admin_fee_cap', 'Admin Fee Cap ($) cannot be negative.'],
    [{ admin_fee_cap: '$500' }, 'admin_fee_cap', 'Admin Fee Cap ($) must be a dollar amount with at most 2 decimals.'],
  ])(
    'refuses %j under the field and changes nothing, not even the valid fields beside it',
    async (change, field, message) => {
      const result = await expectNoChange(t, TABLES, () =>
        t.call('POST', '/api/settings', {
          token: admin.token,
          form: { _method: 'PATCH', medicare_percentage: '2', ...change },
        }),
      );
      expect(result.status).toBe(422);
      expect(result.body.errors).toEqual({ [field]: [message] });
    },
  );

  it('is for admins only', async () => {
    await expectNoChange(t, TABLES, async () => {
      await expectStatus(t, 401, [
        ['PATCH', '/api/settings', { json: { admin_fee_percentage: '1' } }],
        ['POST', '/api/settings', { form: { _method: 'PATCH', admin_fee_percentage: '1' } }],
      ]);
      await expectStatus(t, 403, [
        ['PATCH', '/api/settings', { token: employee.token, json: { admin_fee_percentage: '1' } }],
        ['POST', '/api/settings', { token: missionary.token, form: { _method: 'PATCH', admin_fee_percentage: '1' } }],
      ]);
    });
  });

  it('starts a new organisation with the default values', async () => {
    const fresh = await createTestApp();
    try {
      const user = await fresh.signIn('missionary');
      const result = await fresh.call('GET', '/api/settings', { token: user.token });
      for (const name of SETTING_NAMES) expect(settingValue(result.body, name)).toBe(DEFAULT_SETTINGS[name]);
    } finally {
      await fresh.close();
    }
  });
});
