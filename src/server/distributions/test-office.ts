import { journalMismatches } from '../hold-accounts/journal-check';
import { seedCategories } from '../test-support/expense-fixtures';
import { createTestApp, type SignedIn, type TestApp } from '../test-support/harness';
import { closeApp, journalSum, profileOf, RANGE, type RuthSetup, reportsUnpaid } from './test-fixtures';

/**
 * The office every distribution API test file shares: its own database per test file (live
 * bindings set in one beforeAll), an admin, an employee and the expense categories. Ruth's month
 * (test-fixtures.ts setUpRuth) is set up by the files that need it.
 */
export let t: TestApp;
export let admin: SignedIn;
export let employee: SignedIn;
export let categories: Awaited<ReturnType<typeof seedCategories>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
  employee = await t.signIn('employee');
  categories = await seedCategories(t);
});
afterAll(() => closeApp(t));

/** Tables a refused distribution call must leave as they were. */
export const WRITE_TABLES = [
  'distributions',
  'expense_reports',
  'advance_requests',
  'donations',
  'hold_account_transactions',
  'hold_accounts',
  'profiles',
  'journal_entries',
];

export function contextQuery(s: RuthSetup) {
  return { user_id: s.ruth.id, ...RANGE, donation_upload_name: s.upload };
}

export async function create(payload: Record<string, unknown>, token = admin.token) {
  return t.call('POST', '/api/distribution', { token, json: payload });
}

export function approve(ids: unknown, token = admin.token) {
  return t.call('POST', '/api/batch-approve', { token, json: { distribution_ids: ids } });
}

/** Every balance equals its opening value plus its journal rows (docs/decisions.md). */
export async function expectJournalBalanced(userIds: number[]) {
  expect(await journalMismatches(t.ctx.db)).toEqual([]);
  for (const userId of userIds) {
    const profile = await profileOf(t, userId);
    expect(await journalSum(t, 'user_fund', userId)).toBe(profile.fundBalance);
    expect(await journalSum(t, 'user_unreimbursed', userId)).toBe(profile.unreimbursedAmount);
    // Decision 10 (docs/decisions.md): the unreimbursed amount is the sum of the reports' unpaid parts.
    expect(await reportsUnpaid(t, userId)).toBe(profile.unreimbursedAmount);
  }
}
