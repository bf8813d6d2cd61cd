import type { CallOptions, SignedIn, TestApp } from '../test-support/harness';
import { openOffice } from '../test-support/office';

/** The office every users test file shares (src/server/test-support/office.ts): one database per file. */
export let t: TestApp;
export let admin: SignedIn;
export let employee: SignedIn;
export let missionary: SignedIn;

beforeAll(async () => {
  ({ t, admin, employee, missionary } = await openOffice({ PUBLIC_URL: 'http://office.example:3000' }));
});
afterAll(() => t.close());

/** Tables a refused user call must leave as they were. */
export const USER_TABLES = ['users', 'profiles', 'journal_entries', 'audit_events', 'api_tokens'];

let serial = 0;
export function uniqueEmail(prefix = 'user'): string {
  serial += 1;
  return `${prefix}.${serial}.${Date.now().toString(36)}@field.example`;
}

/** Mail bodies may be quoted-printable; soft line breaks are joined again. */
export const unwrap = (mail: string) => mail.replace(/=\r?\n/g, '');

export const HOST = { host: 'office.example:3000' };

export async function createViaApi(fields: Record<string, string>, options: CallOptions = {}) {
  return t.call('POST', '/api/user', {
    token: admin.token,
    multipart: { password: 'Abc23456', baseUrl: 'http://office.example:3000', ...fields },
    headers: HOST,
    ...options,
  });
}
