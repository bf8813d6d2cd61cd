import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';

/** The office every hold-account test file shares: one database per test file. */
export let t: TestApp;
export let admin: SignedIn;
export let employee: SignedIn;
export let ruth: SignedIn;
export let boaz: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  ruth = await t.signIn('missionary', { name: 'Ruth Holder' });
  boaz = await t.signIn('missionary', { name: 'Boaz Holder' });
});
afterAll(() => t.close());

let sequence = 0;
export async function createAccount(fields: Record<string, unknown> = {}) {
  sequence += 1;
  const result = await t.call('POST', '/api/hold-account', {
    token: admin.token,
    json: { user_id: ruth.id, fund_name: `Fund ${sequence}`, balance: 100, ...fields },
  });
  expect(result.status).toBe(201);
  return result.body as { id: number; fund_name: string; balance: number };
}

export function post(id: number, json: Record<string, unknown>, token = admin.token) {
  return t.call('POST', `/api/hold-account/${id}/transaction`, { token, json });
}

export async function fundBalance(userId: number): Promise<number> {
  const [row] = await t.ctx.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row.fundBalance;
}
