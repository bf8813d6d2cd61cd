import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../db/query-rows';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterAll(() => t.close());

describe('GET /api/ledger-check', () => {
  it('200: every check holds on a ledger moved only through the API', async () => {
    const ruth = await t.signIn('missionary');
    // fund opened at 1,000.00; hold account opened at 500.00; 120.00 deposited into it from the fund
    await t.call('POST', `/api/user/${ruth.id}`, { token: admin.token, json: { fund_balance: '1000.00' } });
    const account = await t.call('POST', '/api/hold-account', {
      token: admin.token,
      json: { user_id: ruth.id, fund_name: `Vehicle ${ruth.id}`, balance: '500.00' },
    });
    const deposit = await t.call('POST', `/api/hold-account/${account.body.id}/transaction`, {
      token: admin.token,
      json: { transaction_type: 'Deposit', transaction_amount: '120.00' },
    });
    expect(deposit.status).toBe(201);
    const result = await t.call('GET', '/api/ledger-check', { token: admin.token });
    expect(result.status).toBe(200);
    expect(result.body.holds).toBe(true);
    expect(result.body.violations).toEqual([]);
    expect(result.body.checks).toHaveLength(14);
    // money 880 + 620 = 1,500 = openings 1,000 + 500
    expect(result.body.totals).toEqual({ money: 1500, openings: 1500, donations: 0, paid_out: 0 });
  });

  it('200: a balance moved behind the journal is listed with its record', async () => {
    const [row] = await queryRows(
      t.ctx.db,
      sql`update profiles set fund_balance = fund_balance + 1 returning user_id`,
      z.object({ user_id: z.number() }),
    );
    const result = await t.call('GET', '/api/ledger-check', { token: admin.token });
    expect(result.body.holds).toBe(false);
    const fund = result.body.violations.filter((v: { check: string }) => v.check === 'fund_balance_journal');
    expect(fund.map((v: { records: Array<{ id: number }> }) => v.records[0].id)).toContain(row.user_id);
    expect(result.body.violation_count).toBeGreaterThanOrEqual(fund.length);
  });

  it('401 without a token; 403 for employees and missionaries', async () => {
    expect((await t.call('GET', '/api/ledger-check')).status).toBe(401);
    for (const role of ['employee', 'missionary'] as const) {
      const user = await t.signIn(role);
      expect((await t.call('GET', '/api/ledger-check', { token: user.token })).status).toBe(403);
    }
  });
});
