import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { lockDataDir } from '../../src/server/db/data-dir-lock';
import { journalEntries } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../../src/server/test-support/harness';
import { DEMO_CATEGORIES } from './categories';
import {
  DEMO_MISSIONARIES,
  DEMO_PASSWORD,
  DEMO_SEEDS,
  DEMO_STAFF,
  DemoRefusedError,
  demoEmail,
  loadDemo,
} from './index';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TABLES = [
  'users',
  'profiles',
  'categories',
  'settings',
  'hold_accounts',
  'donation_uploads',
  'donations',
  'distributions',
  'journal_entries',
];

async function login(email: string) {
  const result = await t.call('POST', '/api/login', { json: { email, password: DEMO_PASSWORD } });
  expect(result.status).toBe(200);
  return result.body as { id: number; api_token: string; role: string };
}

describe('the demo organisation', () => {
  it('loads staff, missionaries with full payroll profiles, categories and settings', async () => {
    const result = await loadDemo(t.ctx.db, t.clock.now());
    expect(result.alreadyLoaded).toBe(false);
    expect(result.added).toMatchObject({
      settings: 2, // mileage 0.70 → 0.67 and admin fee cap 500.00 → 400.00; the rest match the defaults
      categories: DEMO_CATEGORIES.length,
      staff: 2,
      missionaries: 10,
    });
    expect(Object.keys(result.added)).toEqual(DEMO_SEEDS.map((seed) => seed.name));

    const admin = await login(demoEmail('admin'));
    expect(admin.role).toBe('admin');
    expect((await login(DEMO_STAFF[1].email)).role).toBe('employee');

    const missionaries = await t.call('GET', '/api/user', { token: admin.api_token, query: { role: 'missionary' } });
    expect(missionaries.body).toHaveLength(10);
    const ruth = missionaries.body.find((u: { name: string }) => u.name === 'Ruth Okafor');
    expect(ruth).toMatchObject({
      email: demoEmail('ruth.okafor'),
      missionary_number: '1001',
      profile: {
        tax_status: 'W2',
        fica_tax: 1,
        net_salary: 2400,
        housing_allowance: 900,
        retirement_amount: 120,
        federal_income_tax: 185,
        insurance_amount: 310.5,
      },
    });
    // Every status of docs/product.md §9 is represented, and every account number is distinct.
    const statuses = new Set(missionaries.body.map((u: { profile: { tax_status: string } }) => u.profile.tax_status));
    expect([...statuses].sort()).toEqual(['1099', 'W2', 'W2 Exempt']);
    const accounts = missionaries.body.map((u: { missionary_number: string }) => u.missionary_number);
    expect(new Set(accounts).size).toBe(10);

    // A missionary signs in and, on the first login, still counts as new (created_at = updated_at).
    const signedIn = await t.call('POST', '/api/login', {
      json: { email: demoEmail('hannah.lindqvist'), password: DEMO_PASSWORD },
    });
    expect(signedIn.body.created_at).toBe(signedIn.body.updated_at);
    expect(signedIn.body.profile).toMatchObject({ admin_fee_percentage: 8, admin_fee_cap: 350 });

    const settings = await t.call('GET', '/api/settings', { token: admin.api_token });
    const value = (name: string) =>
      settings.body.find((s: { setting_name: string }) => s.setting_name === name).setting_value;
    expect(value('mileage_reimbursement')).toBe('0.67');
    expect(value('admin_fee_cap')).toBe('400.00');

    const categories = await t.call('GET', '/api/categories', { token: admin.api_token });
    const byName = new Map(categories.body.map((c: { expense_category: string }) => [c.expense_category, c]));
    expect(byName.get('Mileage - Personal Vehicle')).toMatchObject({ mileage: 1, expense: 0, advance: 0 });
    expect(byName.get('Airfare')).toMatchObject({ expense: 1, advance: 1, mileage: 0 });
    expect(byName.get('Travel Advance')).toMatchObject({ advance: 1, expense: 0 });
    for (const category of categories.body) expect(category.description.length).toBeGreaterThan(10);
  });

  it('journals every opening fund balance, so each balance (moved by two MAT Days) equals the sum of its rows', async () => {
    const admin = await login(demoEmail('admin'));
    for (const person of DEMO_MISSIONARIES) {
      const { id } = await login(demoEmail(person.login));
      const rows = await t.ctx.db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.account, 'user_fund'), eq(journalEntries.accountId, id)));
      const user = await t.call('GET', `/api/user/${id}`, { token: admin.api_token });
      const journalled = rows.reduce((total, row) => total + row.amount, 0);
      expect(journalled).toBe(Math.round(user.body.profile.fund_balance * 100));
      const opening = rows.filter((row) => row.reason === 'opening_balance');
      expect(opening.map((row) => [row.amount, row.actorId])).toEqual([
        [Math.round(person.fundBalance * 100), admin.id],
      ]);
      // The rest are the two approved MAT Days' postings (donations, admin fee, payroll, …) and the
      // payout of the report processed in part, paid from the fund at processing (decision 14).
      const known = (reason: string) =>
        reason === 'opening_balance' || reason === 'expense_report_payout' || reason.startsWith('distribution_');
      expect(rows.every((row) => known(row.reason))).toBe(true);
    }
  });

  it('changes nothing when loaded again, and keeps settings the office changed', async () => {
    const admin = await login(demoEmail('admin'));
    await t.call('PATCH', '/api/settings', { token: admin.api_token, json: { admin_fee_percentage: '12' } });
    const before = await t.snapshot(TABLES);
    const again = await loadDemo(t.ctx.db, t.clock.now());
    expect(again.alreadyLoaded).toBe(true);
    expect(Object.values(again.added)).toEqual(DEMO_SEEDS.map(() => 0));
    expect(await t.snapshot(TABLES)).toEqual(before);
  });

  it('refuses a database with real users unless forced', async () => {
    await t.signIn('missionary');
    await t.signIn('employee');
    const before = await t.snapshot(TABLES);
    await expect(loadDemo(t.ctx.db, t.clock.now())).rejects.toThrow(DemoRefusedError);
    await expect(loadDemo(t.ctx.db, t.clock.now())).rejects.toThrow(/2 users who are not part of the demo/);
    expect(await t.snapshot(TABLES)).toEqual(before);
    const forced = await loadDemo(t.ctx.db, t.clock.now(), { force: true });
    expect(forced.alreadyLoaded).toBe(true);
    expect(forced.history).toMatchObject({ skipped: null, added: 0 });
    expect(await t.snapshot(TABLES)).toEqual(before);
  });
});

describe('npm run demo', () => {
  it('refuses clearly while a server owns DATA_DIR, and touches nothing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-demo-'));
    const lock = lockDataDir(dataDir);
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      const code = await new Promise((resolve) => child.on('exit', resolve));
      clearTimeout(timer);
      expect(code).toBe(1);
      expect(stderr).toContain(`npm run demo: The data directory ${dataDir} is in use by another Sheepfold process`);
      expect(stderr).toContain('stop the server, then run it again');
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      lock.release();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
