import { createTestApp, type SignedIn, type TestApp } from './harness';

/**
 * The app and the signed-in office that most API test files share: one database per test file,
 * an admin, an employee and a missionary. A feature's `test-office.ts` calls this in a `beforeAll`
 * and exports the result as live bindings (`export let t`), so each test file that imports it gets
 * its own database (vitest loads modules once per test file) without copying the setup.
 */
export interface Office {
  t: TestApp;
  admin: SignedIn;
  employee: SignedIn;
  missionary: SignedIn;
}

export async function openOffice(env?: Record<string, string>): Promise<Office> {
  const t = await createTestApp({ env });
  return {
    t,
    admin: await t.signIn('admin'),
    employee: await t.signIn('employee'),
    missionary: await t.signIn('missionary'),
  };
}
